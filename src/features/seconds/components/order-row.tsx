import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { SecondsOrder } from '../../../contract/seconds.ts'
import { TRADE_TYPES } from '../../../contract/seconds.ts'
import { coin } from '../logic'
import { Countdown } from './countdown'
import { DIRECTION_LABELS } from './labels'
import { OrderDetail } from './order-detail'
import { OrderOutcome } from './order-outcome'

/** One order: pair, direction, amount and its countdown or outcome; a tap shows its detail. */
export function OrderRow({ order }: { order: SecondsOrder }) {
  const { i18n } = useLingui()
  const [expanded, setExpanded] = useState(false)
  const detailId = useId()
  const direction = order.tradeType === TRADE_TYPES.up ? 'up' : 'down'
  return (
    <li className="seconds-order">
      <button type="button" className="seconds-order__head" aria-expanded={expanded} aria-controls={expanded ? detailId : undefined}
        onClick={() => setExpanded((value) => !value)}>
        <span className="seconds-order__main">
          <span className="seconds-order__pair">{order.baseCoin}/{order.quoteCoin}</span>
          <span className="seconds-order__meta">
            <span className={`seconds-direction seconds-direction--${direction}`}>{i18n._(DIRECTION_LABELS[order.tradeType])}</span>{' '}
            <span className="seconds-order__amount">{coin(order.openAmount)} {order.quoteCoin}</span>
          </span>
        </span>
        <span className="seconds-order__state">
          {order.result === null ? <Countdown settleTime={order.settleTime} /> : <OrderOutcome order={order} />}
        </span>
      </button>
      {expanded && <OrderDetail id={detailId} order={order} />}
    </li>
  )
}
