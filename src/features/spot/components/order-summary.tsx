import { Trans, useLingui } from '@lingui/react/macro'
import { ORDER_SIDES, ORDER_TYPES } from '../../../contract/spot.ts'
import { formatPrice, PLACEHOLDER } from '../../../lib/format'
import { coinText, pricePrecisionOf } from '../logic'
import { SIDE_LABELS, TYPE_LABELS } from './labels'
import type { OrderRequest } from './order-request'

/** What the confirmation restates before an order is placed: pair, side, type, prices, amount or total, and the fee. */
export function OrderSummary({ request }: { request: OrderRequest }) {
  const { i18n } = useLingui()
  const { input, base, quote, estimate } = request
  const precision = pricePrecisionOf(input.symbol)
  const side = input.side === ORDER_SIDES.buy ? 'buy' : 'sell'
  const type = i18n._(TYPE_LABELS[input.type])
  const money = (value: string | null) => (value ? `${coinText(value)} ${quote}` : PLACEHOLDER)
  return (
    <dl className="spot-summary">
      <div><dt><Trans>Pair</Trans></dt><dd>{base}/{quote}</dd></div>
      <div><dt><Trans>Side</Trans></dt><dd className={`spot-side-text spot-side-text--${side}`}>{i18n._(SIDE_LABELS[input.side])}</dd></div>
      <div><dt><Trans>Type</Trans></dt><dd>{input.postOnly ? <Trans>{type} · post only</Trans> : type}</dd></div>
      {input.triggerPrice && <div><dt><Trans>Trigger price</Trans></dt><dd>{formatPrice(input.triggerPrice, precision)} {quote}</dd></div>}
      <div>
        <dt><Trans>Price</Trans></dt>
        <dd>{input.type === ORDER_TYPES.market ? <Trans>Best market price</Trans> : `${formatPrice(input.price, precision)} ${quote}`}</dd>
      </div>
      {input.amount && <div><dt><Trans>Amount</Trans></dt><dd>{coinText(input.amount)} {base}</dd></div>}
      {input.total ? (
        <div><dt><Trans>Total to spend (fee included)</Trans></dt><dd>{money(input.total)}</dd></div>
      ) : (
        <div><dt><Trans>Total (est.)</Trans></dt><dd>{money(estimate.total)}</dd></div>
      )}
      <div className="spot-summary__total"><dt><Trans>Fee (est.)</Trans></dt><dd>{money(estimate.fee)}</dd></div>
    </dl>
  )
}
