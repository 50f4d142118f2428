import { Trans, useLingui } from '@lingui/react/macro'
import { DIRECTIONS, ENTRY_TYPES } from '../../../contract/contracts.ts'
import { coinText, formatBalance, formatPrice } from '../../../lib/format'
import { contractRules } from '../logic'
import { DIRECTION_LABELS, ENTRY_TYPE_LABELS } from './labels'
import type { OpenRequest } from './open-request'
import { type BigNumber, plainDecimal } from '../../../lib/decimal'

/**
 * What the confirmation restates before a position is opened: pair, direction, leverage, entry,
 * quantity, the margin and fee it holds, where it would be liquidated, and its stops.
 */
export function OpenSummary({ request }: { request: OpenRequest }) {
  const { i18n } = useLingui()
  const { input, base, quote, estimate } = request
  const { pricePrecision } = contractRules({ symbol: input.symbol, base, quote })
  const price = (value: string | undefined) => (value ? `${formatPrice(value, pricePrecision)} ${quote}` : <Trans>Not set</Trans>)
  const money = (value: BigNumber) => `${formatBalance(plainDecimal(value), quote)} ${quote}`
  const direction = input.direction === DIRECTIONS.long ? 'long' : 'short'
  return (
    <dl className="contract-summary">
      <div><dt><Trans>Pair</Trans></dt><dd>{base}/{quote}</dd></div>
      <div><dt><Trans context="trade direction: up or down, long or short">Direction</Trans></dt><dd className={`contract-direction contract-direction--${direction}`}>{i18n._(DIRECTION_LABELS[input.direction])}</dd></div>
      <div><dt><Trans>Leverage</Trans></dt><dd>{input.leverage}×</dd></div>
      <div><dt><Trans>Entry</Trans></dt><dd>{i18n._(ENTRY_TYPE_LABELS[input.entryType])}</dd></div>
      <div>
        <dt><Trans>Price</Trans></dt>
        <dd>{input.entryType === ENTRY_TYPES.limit ? price(input.price) : <Trans>Market price (≈ {formatPrice(plainDecimal(estimate.entryPrice), pricePrecision)})</Trans>}</dd>
      </div>
      <div><dt><Trans>Quantity</Trans></dt><dd>{coinText(input.quantity)} {base}</dd></div>
      <div><dt><Trans>Margin</Trans></dt><dd>{money(estimate.margin)}</dd></div>
      <div><dt><Trans>Open fee</Trans></dt><dd>{money(estimate.fee)}</dd></div>
      <div className="contract-summary__total"><dt><Trans>Total held</Trans></dt><dd>{money(estimate.cost)}</dd></div>
      <div><dt><Trans>Est. liquidation price</Trans></dt><dd>{estimate.liquidationPrice ? formatPrice(plainDecimal(estimate.liquidationPrice), pricePrecision) : <Trans>None</Trans>}</dd></div>
      <div><dt><Trans>Stop loss</Trans></dt><dd>{price(input.stopLoss)}</dd></div>
      <div><dt><Trans>Take profit</Trans></dt><dd>{price(input.takeProfit)}</dd></div>
    </dl>
  )
}
