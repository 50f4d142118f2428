import { Trans } from '@lingui/react/macro'
import { PLACEHOLDER } from '../../../lib/format'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { formatCoin, receiveAmount } from '../logic'

export interface WithdrawRequest {
  currency: string
  chain: string
  address: string
  amount: string
  remark: string
  tradePassword: string
}

interface WithdrawConfirmProps {
  request: WithdrawRequest
  fee: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Everything that decides where the money goes and how much arrives, read once more before it moves. */
export function WithdrawConfirm({ request, fee, busy, onConfirm, onCancel }: WithdrawConfirmProps) {
  const { currency, chain, address, amount, remark } = request
  const receive = receiveAmount(amount, fee)
  return (
    <ConfirmSheet title={<Trans>Confirm withdrawal</Trans>} confirmLabel={<Trans>Confirm withdrawal</Trans>}
      busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <dl className="figures figures--sheet">
        <div><dt><Trans>Currency</Trans></dt><dd>{currency}</dd></div>
        <div><dt><Trans>Chain</Trans></dt><dd>{chain}</dd></div>
        <div className="figures__wide"><dt><Trans>Address</Trans></dt><dd className="figures__address">{address}</dd></div>
        <div><dt><Trans>Remark</Trans></dt><dd>{remark}</dd></div>
        <div><dt><Trans>Amount</Trans></dt><dd>{formatCoin(amount)} {currency}</dd></div>
        <div><dt><Trans>Fee</Trans></dt><dd>{formatCoin(fee)} {currency}</dd></div>
        <div className="figures__total">
          <dt><Trans>You will receive</Trans></dt>
          <dd>{receive === null ? PLACEHOLDER : `${formatCoin(receive)} ${currency}`}</dd>
        </div>
      </dl>
      <p className="form__note"><Trans>Check the address: a withdrawal sent to a wrong address cannot be recovered.</Trans></p>
    </ConfirmSheet>
  )
}
