import { Trans, useLingui } from '@lingui/react/macro'
import type { DepositAddress } from '../../../contract/assets.ts'
import { toast } from '../../../lib/toast'
import type { RequestState } from '../../../lib/ui/use-request'
import { formatCoin } from '../logic'
import { RequestStatus } from './address-request-status'
import { RechargeQr } from './recharge-qr'

interface RechargeAddressCardProps {
  request: RequestState<DepositAddress>
  onRetry: () => void
}

/** Where to send the coins: QR code, the address to copy, and the rules that cost money when missed. */
export function RechargeAddressCard({ request, onRetry }: RechargeAddressCardProps) {
  const { t } = useLingui()
  if (request.status !== 'ready') {
    return (
      <RequestStatus state={request} onRetry={onRetry} loading={<Trans>Loading the deposit address…</Trans>}
        failed={<Trans>The deposit address could not be loaded.</Trans>} />
    )
  }
  const { address, chain, currency, minimum, confirmations } = request.data
  const copy = () => copyText(address).then(
    () => toast.success(t`Address copied`),
    () => toast.warning(t`Copying is not available here; press and hold the address to copy it`),
  )
  return (
    <section className="card recharge-address" aria-label={t`Deposit address`}>
      <RechargeQr text={address} label={t`QR code of the ${currency} ${chain} deposit address`} />
      <p className="recharge-address__label muted"><Trans>{currency} deposit address ({chain})</Trans></p>
      <p className="recharge-address__text" data-testid="deposit-address">{address}</p>
      <button type="button" className="button button--ghost button--small" onClick={copy}><Trans>Copy address</Trans></button>
      <ul className="recharge-rules">
        <li>
          {currency === 'USDT'
            ? <Trans>Minimum deposit: {formatCoin(minimum)} {currency}</Trans>
            : <Trans>Minimum deposit: {formatCoin(minimum)} {currency} (1 USDT equivalent)</Trans>}
        </li>
        <li><Trans>Credited after {confirmations} network confirmations</Trans></li>
        <li className="recharge-rules__warning">
          <Trans>Deposits below the minimum are neither credited nor refunded. Send only {currency} on {chain} to this address.</Trans>
        </li>
      </ul>
    </section>
  )
}

/** The clipboard needs a secure context and a user gesture; where it is missing, say so instead of failing silently. */
async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
  await navigator.clipboard.writeText(text)
}
