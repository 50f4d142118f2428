import { useLingui } from '@lingui/react/macro'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { TRADE_TYPES } from '../../../contract/seconds.ts'
import { dismissSettlementAtom, settlementsAtom } from '../atoms'
import { coin } from '../logic'
import { DIRECTION_LABELS } from './labels'
import { OrderOutcome } from './order-outcome'

/** The orders seen settling while the screen watched them, until dismissed: the result at a glance. */
export function SettlementResults() {
  const { t, i18n } = useLingui()
  const settlements = useAtomValue(settlementsAtom)
  const dismiss = useSetAtom(dismissSettlementAtom)
  return (
    // Not a live region: the settlement's toast (the app's polite region) announces it once.
    <section className="seconds-results" aria-label={t`Settlement results`}>
      {settlements.map((order) => (
        <article key={order.id} className="seconds-result" aria-label={t`Settled order ${order.baseCoin}/${order.quoteCoin}`}>
          <p className="seconds-result__what">
            <strong>{order.baseCoin}/{order.quoteCoin}</strong>{' '}
            <span className={`seconds-direction seconds-direction--${order.tradeType === TRADE_TYPES.up ? 'up' : 'down'}`}>
              {i18n._(DIRECTION_LABELS[order.tradeType])}
            </span>{' '}
            <span className="muted">{coin(order.openAmount)} {order.quoteCoin}</span>
          </p>
          <OrderOutcome order={order} />
          <button type="button" className="icon-button seconds-icon-button" onClick={() => dismiss(order.id)} aria-label={t`Dismiss`}>
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </article>
      ))}
    </section>
  )
}
