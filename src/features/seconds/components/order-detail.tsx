import { Trans, useLingui } from '@lingui/react/macro'
import { PAIR_PRECISION, toSymbol } from '../../../contract/market.ts'
import type { SecondsOrder } from '../../../contract/seconds.ts'
import { DEFAULT_PRECISION } from '../../../lib/decimal-text'
import { formatDate, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { coin, ratePercent, signedCoin, trendOf } from '../logic'

/** Spec §3 seconds order labels, plus the fee; both prices so anyone can check them against the chart. */
export function OrderDetail({ id, order }: { id: string; order: SecondsOrder }) {
  const { t } = useLingui()
  const precision = PAIR_PRECISION[toSymbol(order.baseCoin, order.quoteCoin)] ?? DEFAULT_PRECISION
  const settled = order.result !== null
  const quote = order.quoteCoin
  const holding = order.positionTime
  return (
    <dl id={id} className="seconds-figures seconds-order__detail" aria-label={t`Order details`}>
      <div><dt><Trans>Opening time</Trans></dt><dd>{formatDate(order.openTime)}</dd></div>
      <div><dt><Trans>Opening amount</Trans></dt><dd>{coin(order.openAmount)} {quote}</dd></div>
      <div><dt><Trans>Profit rate</Trans></dt><dd>{ratePercent(order.incomeRate)}</dd></div>
      <div><dt><Trans>Opening price</Trans></dt><dd>{formatPrice(order.openPrice, precision)}</dd></div>
      <div><dt><Trans>Settlement price</Trans></dt><dd>{settled ? formatPrice(order.settlePrice, precision) : PLACEHOLDER}</dd></div>
      <div><dt><Trans>Holding time</Trans></dt><dd><Trans>{holding} s</Trans></dd></div>
      <div><dt><Trans>Fee</Trans></dt><dd>{coin(order.fee)} {quote}</dd></div>
      <div>
        <dt><Trans>Order profit</Trans></dt>
        <dd className={settled ? `seconds-trend--${trendOf(order.profit)}` : undefined}>{settled ? `${signedCoin(order.profit)} ${quote}` : PLACEHOLDER}</dd>
      </div>
    </dl>
  )
}
