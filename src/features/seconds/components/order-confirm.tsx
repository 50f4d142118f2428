import { Trans, useLingui } from '@lingui/react/macro'
import { TRADE_TYPES } from '../../../contract/seconds.ts'
import type { OrderInput } from '../api'
import { coin, ratePercent, type OrderQuote } from '../logic'
import { DIRECTION_LABELS } from './labels'

export interface OrderRequest {
  input: OrderInput
  profitRate: string
  quote: OrderQuote
}

/** What the confirmation shows before an order opens: pair, direction, amount, duration, rate, fee, payout. */
export function OrderSummary({ request }: { request: OrderRequest }) {
  const { i18n } = useLingui()
  const { input, quote } = request
  const currency = input.quoteCoin
  const seconds = input.positionTime
  const direction = input.tradeType === TRADE_TYPES.up ? 'up' : 'down'
  return (
    <dl className="seconds-figures seconds-figures--sheet">
      <div><dt><Trans>Pair</Trans></dt><dd>{input.baseCoin}/{input.quoteCoin}</dd></div>
      <div>
        <dt><Trans context="trade direction: up or down, long or short">Direction</Trans></dt>
        <dd className={`seconds-direction seconds-direction--${direction}`}>{i18n._(DIRECTION_LABELS[input.tradeType])}</dd>
      </div>
      <div><dt><Trans>Amount</Trans></dt><dd>{coin(input.openAmount)} {currency}</dd></div>
      <div><dt><Trans>Duration</Trans></dt><dd><Trans>{seconds} s</Trans></dd></div>
      <div><dt><Trans>Profit rate</Trans></dt><dd>{ratePercent(request.profitRate)}</dd></div>
      <div><dt><Trans>Fee</Trans></dt><dd>{coin(quote.fee)} {currency}</dd></div>
      <div className="seconds-figures__total"><dt><Trans>Potential payout</Trans></dt><dd>{coin(quote.payout)} {currency}</dd></div>
    </dl>
  )
}
