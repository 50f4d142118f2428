import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { ORDER_SIDES, type SpotOrder } from '../../../contract/spot.ts'
import { formatDate, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { coinText, isCancellable, pricePrecisionOf } from '../logic'
import { CancelButton } from './cancel-button'
import { SIDE_LABELS, STATUS_LABELS, TYPE_LABELS } from './labels'
import { OrderDetail } from './order-detail'

/** One order: side, pair, type and state; price or trigger, filled of amount (a market buy: spent of total, and the coin bought), average price, time; Cancel and its fills. */
export function OrderRow({ order }: { order: SpotOrder }) {
  const { t, i18n } = useLingui()
  const [expanded, setExpanded] = useState(false)
  const detailId = useId()
  const precision = pricePrecisionOf(order.symbol)
  const side = order.side === ORDER_SIDES.buy ? 'buy' : 'sell'
  const pair = `${order.base}/${order.quote}`
  // A market buy names the quote coin it spends, not an amount: its progress is quote spent of total.
  const progress = order.amount
    ? `${coinText(order.filled)} / ${coinText(order.amount)} ${order.base}`
    : `${coinText(order.filledQuote)} / ${coinText(order.total)} ${order.quote}`
  return (
    <li className="spot-order">
      <article aria-label={t`${i18n._(SIDE_LABELS[order.side])} ${pair} order`}>
        <header className="spot-order__head">
          <span className={`spot-side-text spot-side-text--${side}`}>{i18n._(SIDE_LABELS[order.side])}</span>
          <strong className="spot-order__pair">{pair}</strong>
          <span className="muted spot-order__type">{i18n._(TYPE_LABELS[order.type])}{order.postOnly && <Trans> · post only</Trans>}</span>
          <span className={`spot-status spot-status--${order.status}`}>{i18n._(STATUS_LABELS[order.status])}</span>
        </header>
        <dl className="spot-order__figures">
          <div><dt><Trans>Price</Trans></dt><dd>{order.price ? formatPrice(order.price, precision) : <Trans context="the price of a market order: the best available">Market</Trans>}</dd></div>
          {order.triggerPrice && <div><dt><Trans>Trigger price</Trans></dt><dd>{formatPrice(order.triggerPrice, precision)}</dd></div>}
          <div><dt>{order.amount ? <Trans>Filled / amount</Trans> : <Trans>Spent / total</Trans>}</dt><dd>{progress}</dd></div>
          {/* …and what that spending bought, in the base coin. */}
          {!order.amount && (
            <div><dt><Trans context="a market buy: how much of the base coin it bought">Bought</Trans></dt><dd>{coinText(order.filled)} {order.base}</dd></div>
          )}
          <div><dt><Trans>Average price</Trans></dt><dd>{order.avgPrice ? formatPrice(order.avgPrice, precision) : PLACEHOLDER}</dd></div>
          <div><dt><Trans>Time</Trans></dt><dd>{formatDate(order.createdAt)}</dd></div>
        </dl>
        <div className="spot-order__actions">
          <button type="button" className="button button--text button--small" aria-expanded={expanded}
            aria-controls={expanded ? detailId : undefined} onClick={() => setExpanded((open) => !open)}>
            {expanded ? <Trans>Hide details</Trans> : <Trans>Details</Trans>}
          </button>
          {isCancellable(order) && <CancelButton order={order} />}
        </div>
        {expanded && <OrderDetail id={detailId} order={order} />}
      </article>
    </li>
  )
}
