import { Trans, useLingui } from '@lingui/react/macro'
import type { TransferType } from '../../../contract/assets.ts'
import { transferAccounts } from '../logic'
import { ACCOUNT_LABELS } from './record-labels'

/** From and to (spec §3: type 1 spot → contract, 2 contract → spot), and the button that swaps them. */
export function TransferDirection({ type, onReverse }: { type: TransferType; onReverse: () => void }) {
  const { t, i18n } = useLingui()
  const { from, to } = transferAccounts(type)
  return (
    <section className="transfer-direction" aria-label={t({ message: 'Direction', context: 'transfer: which account to which' })}>
      <p className="transfer-direction__end"><span className="muted"><Trans>From</Trans></span> <strong>{i18n._(ACCOUNT_LABELS[from])}</strong></p>
      <button type="button" className="icon-button transfer-direction__swap" onClick={onReverse} aria-label={t`Swap direction`}>
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round"
          strokeLinejoin="round" aria-hidden="true">
          <path d="M7 4v16m0 0l-3-3m3 3l3-3M17 20V4m0 0l-3 3m3-3l3 3" />
        </svg>
      </button>
      <p className="transfer-direction__end"><span className="muted"><Trans>To</Trans></span> <strong>{i18n._(ACCOUNT_LABELS[to])}</strong></p>
    </section>
  )
}
