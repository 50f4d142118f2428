import '../assets.css'
import { Trans } from '@lingui/react/macro'
import type { Currency } from '../../../contract/assets.ts'
import { CurrencySelect } from './currency-select'
import { RequestStatus } from './address-request-status'
import { WithdrawForm } from './withdraw-form'
import { useWithdrawData } from './withdraw-use-data'

interface WithdrawPanelProps {
  currency: Currency
  chain: string
  onCurrencyChange: (currency: Currency) => void
  onChainChange: (chain: string) => void
}

/** The withdrawal screen's body: the coin, then the form once its limits and fee are known. */
export function WithdrawPanel({ currency, chain, onCurrencyChange, onChainChange }: WithdrawPanelProps) {
  const { config, reloadConfig, available, reloadBalance } = useWithdrawData(currency)
  return (
    <>
      <div className="card form">
        <CurrencySelect label={<Trans>Currency</Trans>} value={currency} onChange={onCurrencyChange} />
      </div>
      {config.status === 'ready' ? (
        // Keyed so that amount, remark and password typed for one coin never carry over to another.
        <WithdrawForm key={currency} currency={currency} chain={chain} onChainChange={onChainChange}
          config={config.data} available={available} onWithdrawn={reloadBalance} />
      ) : (
        <RequestStatus state={config} onRetry={reloadConfig} loading={<Trans>Loading the withdrawal limits…</Trans>}
          failed={<Trans>The withdrawal limits could not be loaded.</Trans>} />
      )}
    </>
  )
}
