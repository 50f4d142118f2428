import { ORDER_TYPES } from '../../../contract/spot.ts'
import { plainDecimal } from '../../../lib/decimal'
import type { PlaceInput } from '../api'
import { estimateOrder, usesPrice, usesTotal, type MarketTerms, type OrderEstimate, type SpotForm } from '../logic'

/** What the confirmation restates and, once confirmed, what is sent. */
export interface OrderRequest {
  input: PlaceInput
  base: string
  quote: string
  estimate: OrderEstimate
}

/** The placement of a checked form: only the fields its type uses, in plain notation. */
export function orderRequest(form: SpotForm, pair: { symbol: string; base: string; quote: string }, terms: MarketTerms): OrderRequest {
  const input: PlaceInput = { symbol: pair.symbol, side: form.side, type: form.type }
  if (usesPrice(form.type)) input.price = plainDecimal(form.price)
  if (form.type === ORDER_TYPES.stopLimit) input.triggerPrice = plainDecimal(form.triggerPrice)
  if (usesTotal(form)) input.total = plainDecimal(form.total)
  else input.amount = plainDecimal(form.amount)
  if (form.type === ORDER_TYPES.limit && form.postOnly) input.postOnly = '1'
  return { input, base: pair.base, quote: pair.quote, estimate: estimateOrder(form, terms) }
}
