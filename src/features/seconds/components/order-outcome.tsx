import { useLingui } from '@lingui/react/macro'
import type { SecondsOrder } from '../../../contract/seconds.ts'
import { signedCoin, trendOf } from '../logic'
import { RESULT_LABELS } from './labels'

/** Win, lose or draw with the profit, green or red (spec §2: settle visibly). */
export function OrderOutcome({ order }: { order: SecondsOrder }) {
  const { i18n } = useLingui()
  if (order.result === null) return null
  return (
    <span className={`seconds-outcome seconds-trend--${trendOf(order.profit)}`}>
      <span className="seconds-outcome__result">{i18n._(RESULT_LABELS[order.result])}</span>
      <span className="seconds-outcome__profit">{signedCoin(order.profit)} {order.quoteCoin}</span>
    </span>
  )
}
