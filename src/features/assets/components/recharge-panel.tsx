import '../assets.css'
import { Trans } from '@lingui/react/macro'
import type { Currency } from '../../../contract/assets.ts'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchDepositAddress } from '../api'
import { ChainChoice } from './address-chain-choice'
import { CurrencySelect } from './currency-select'
import { RechargeAddressCard } from './recharge-address-card'
import { RechargeForm } from './recharge-form'

interface RechargePanelProps {
  currency: Currency
  chain: string
  onCurrencyChange: (currency: Currency) => void
  onChainChange: (chain: string) => void
}

/** The recharge screen's body: which coin and network, where to send it, then the proof of sending. */
export function RechargePanel({ currency, chain, onCurrencyChange, onChainChange }: RechargePanelProps) {
  const { state, reload } = useRequest(`deposit-address:${currency}:${chain}`, () => fetchDepositAddress(currency, chain))
  return (
    <>
      <div className="card form">
        <CurrencySelect label={<Trans>Currency</Trans>} value={currency} onChange={onCurrencyChange} />
        <ChainChoice currency={currency} value={chain} onChange={onChainChange} />
      </div>
      <RechargeAddressCard request={state} onRetry={reload} />
      {/* Keyed so a half-filled form for one coin is never sent as another. */}
      <RechargeForm key={`${currency}:${chain}`} currency={currency} chain={chain}
        minimum={state.status === 'ready' ? state.data.minimum : null} />
    </>
  )
}
