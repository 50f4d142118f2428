// Pure rules of spot trading (src/contract/spot.ts, spec §5): the order form's checks — which
// mirror the server's, so a refusal shows under its field before anything is sent — the share of
// the balance an amount takes, the total and fee an order is estimated at, and how orders read.
// Unit tested in tests/unit/spot-form-logic.test.ts (spot-logic.test.ts pins the server's matching).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { DEPTH_TYPES, PAIR_PRECISION, type DepthType } from '../../contract/market.ts'
import { AMOUNT_PRECISION, MIN_NOTIONAL, ORDER_SIDES, ORDER_STATUS, ORDER_TYPES, type OrderSide, type OrderType, type SpotOrder } from '../../contract/spot.ts'
import { compare, dec, DEFAULT_PRECISION, isDecimalString, plainDecimal, roundUp, tryDec, type BigNumber } from '../../lib/decimal'

// The server's own words (src/contract/messages.ts) as ids, so the check here and a refusal from
// the server read the same in every language.
export const SPOT_MESSAGES = {
  needsPrice: msg({ id: 'An order needs a suitable price', message: 'An order needs a suitable price' }),
  priceTooPrecise: msg({ id: 'The price has too many decimal places for this pair', message: 'The price has too many decimal places for this pair' }),
  amountTooPrecise: msg({ id: 'The amount has too many decimal places for this pair', message: 'The amount has too many decimal places for this pair' }),
  eightPlaces: msg({ id: 'The amount can have at most 8 decimal places', message: 'The amount can have at most 8 decimal places' }),
  outOfBand: msg({ id: 'The price is too far from the market price', message: 'The price is too far from the market price' }),
  triggerAtMarket: msg({ id: 'The trigger price must differ from the last price', message: 'The trigger price must differ from the last price' }),
  invalidAmount: msg({ id: 'Please enter a valid amount', message: 'Please enter a valid amount' }),
  notPositive: msg({ id: 'The amount must be greater than zero', message: 'The amount must be greater than zero' }),
  tooLarge: msg({ id: 'The amount is too large', message: 'The amount is too large' }),
  belowMinimum: msg({ id: 'The number of inputs is less than the minimum limit', message: 'The number of inputs is less than the minimum limit' }),
  insufficient: msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' }),
}

/** Every amount of money has at most 8 decimals (the ledger's), and stays below 10^12. */
const MONEY_PLACES = 8
const MONEY_LIMIT = '1e12'

// ── The pair's rules ──
export interface PairRules {
  symbol: string
  base: string
  quote: string
  pricePrecision: number
  amountPrecision: number
  /** The smallest order value in the quote coin; null for a quote the contract does not list. */
  minNotional: string | null
}

export const pairRules = (pair: { symbol: string; base: string; quote: string }): PairRules => ({
  ...pair,
  pricePrecision: PAIR_PRECISION[pair.symbol] ?? DEFAULT_PRECISION,
  amountPrecision: AMOUNT_PRECISION[pair.base] ?? DEFAULT_PRECISION,
  minNotional: MIN_NOTIONAL[pair.quote] ?? null,
})

/** What the market says when the form checks: the last price, the band and the fee rates (config). */
export interface MarketTerms {
  lastPrice: string | null
  priceBand: string
  makerFeeRate: string
  takerFeeRate: string
}

// ── The form ──
export interface SpotForm {
  side: OrderSide
  type: OrderType
  price: string
  triggerPrice: string
  /** Base coin: limit, stop-limit and market sell. */
  amount: string
  /** Quote coin to spend, fee included: market buy only. */
  total: string
  postOnly: boolean
}

export const emptyForm = (side: OrderSide): SpotForm =>
  ({ side, type: ORDER_TYPES.limit, price: '', triggerPrice: '', amount: '', total: '', postOnly: false })

export const usesPrice = (type: OrderType): boolean => type !== ORDER_TYPES.market
/** A market buy names the quote coin to spend; every other order an amount of the base coin. */
export const usesTotal = (form: Pick<SpotForm, 'side' | 'type'>): boolean => form.type === ORDER_TYPES.market && form.side === ORDER_SIDES.buy
/** The currency an order spends from the spot account: the quote coin for a buy, the base coin for a sell. */
export const spentCurrency = (side: OrderSide, pair: { base: string; quote: string }): string => (side === ORDER_SIDES.buy ? pair.quote : pair.base)

/** A tap on a book level: its price, and a market order becomes a limit one (a market order has no price). */
export const pickPrice = (form: SpotForm, price: string): SpotForm =>
  ({ ...form, price: plainDecimal(price), type: form.type === ORDER_TYPES.market ? ORDER_TYPES.limit : form.type })

/** Post-only is a limit order's option: another type drops it. */
export const withType = (form: SpotForm, type: OrderType): SpotForm => ({ ...form, type, postOnly: type === ORDER_TYPES.limit && form.postOnly })

export type FormField = 'price' | 'triggerPrice' | 'amount' | 'total'
export interface FieldError {
  field: FormField
  message: MessageDescriptor
}

const positive = (text: string): BigNumber | null => {
  const value = isDecimalString(text) ? tryDec(text) : null
  return value && value.isGreaterThan(0) ? value : null
}
const within = (value: BigNumber, last: BigNumber, band: string) =>
  value.isGreaterThanOrEqualTo(last.times(dec(1).minus(band))) && value.isLessThanOrEqualTo(last.times(dec(1).plus(band)))

function checkPrice(text: string, field: FormField, rules: PairRules, market: MarketTerms): FieldError | null {
  const value = positive(text)
  if (!value) return { field, message: SPOT_MESSAGES.needsPrice }
  if ((value.decimalPlaces() ?? 0) > rules.pricePrecision) return { field, message: SPOT_MESSAGES.priceTooPrecise }
  const last = tryDec(market.lastPrice)
  if (last && !within(value, last, market.priceBand)) return { field, message: SPOT_MESSAGES.outOfBand }
  if (field === 'triggerPrice' && last?.isEqualTo(value)) return { field, message: SPOT_MESSAGES.triggerAtMarket }
  return null
}

/** An amount as the server takes money: typed plainly, above zero, 8 decimals, then the pair's own digits (a base amount). */
function checkQuantity(text: string, field: FormField, pairPlaces: number | null): FieldError | null {
  const value = isDecimalString(text) ? tryDec(text) : null
  if (!value || value.isNegative()) return { field, message: SPOT_MESSAGES.invalidAmount }
  if (!value.isGreaterThan(0)) return { field, message: SPOT_MESSAGES.notPositive }
  const places = value.decimalPlaces() ?? 0
  if (places > MONEY_PLACES) return { field, message: SPOT_MESSAGES.eightPlaces }
  if (pairPlaces !== null && places > pairPlaces) return { field, message: SPOT_MESSAGES.amountTooPrecise }
  return value.isLessThan(MONEY_LIMIT) ? null : { field, message: SPOT_MESSAGES.tooLarge }
}

/**
 * The server's checks, in its order: a stop-limit's trigger, then the price — positive, at the
 * pair's precision, within the band around the last price (a trigger not at it); the amount (or a
 * market buy's total) as money and at the base coin's digits; the order's value at least the quote
 * coin's minimum; what the order holds within the available balance. The band, a market sell's
 * value and the balance are checked once known; the server checks them all again.
 */
export function checkOrder(form: SpotForm, rules: PairRules, market: MarketTerms, available: string | null): FieldError | null {
  const total = usesTotal(form)
  const quantityField: FormField = total ? 'total' : 'amount'
  const refused = (form.type === ORDER_TYPES.stopLimit ? checkPrice(form.triggerPrice, 'triggerPrice', rules, market) : null)
    ?? (usesPrice(form.type) ? checkPrice(form.price, 'price', rules, market) : null)
    ?? checkQuantity(total ? form.total : form.amount, quantityField, total ? null : rules.amountPrecision)
  if (refused) return refused
  const value = orderValue(form, market.lastPrice)
  if (value && rules.minNotional && value.isLessThan(rules.minNotional)) return { field: quantityField, message: SPOT_MESSAGES.belowMinimum }
  const held = holdOf(form, holdRate(market))
  const balance = tryDec(available)
  if (balance && held && held.isGreaterThan(balance)) return { field: quantityField, message: SPOT_MESSAGES.insufficient }
  return null
}

/** The order's value in the quote coin: price × amount, a market buy's total, a market sell at the last price. */
function orderValue(form: SpotForm, lastPrice: string | null): BigNumber | null {
  if (usesTotal(form)) return tryDec(form.total)
  const price = tryDec(usesPrice(form.type) ? form.price : lastPrice)
  const amount = tryDec(form.amount)
  return price && amount ? price.times(amount) : null
}

/** A buy holds its fee at the higher of the two rates: whether it fills as maker or taker, it can pay. */
export const holdRate = ({ makerFeeRate, takerFeeRate }: Pick<MarketTerms, 'makerFeeRate' | 'takerFeeRate'>): string =>
  (compare(makerFeeRate, takerFeeRate) >= 0 ? makerFeeRate : takerFeeRate)

/**
 * What the order freezes from the available balance, as the server does: a limit buy its value
 * and fee at `rate`, rounded up to 8 decimals; a market buy its total (the fee inside); a sell its amount.
 */
export function holdOf(form: SpotForm, rate: string): BigNumber | null {
  if (form.side === ORDER_SIDES.sell) return tryDec(form.amount)
  if (usesTotal(form)) return tryDec(form.total)
  const value = orderValue(form, null)
  return value ? roundUp(value.times(dec(1).plus(rate)), MONEY_PLACES) : null
}

// ── 25 / 50 / 75 / 100 % of the balance (lib/ui/share-choice) ──
/**
 * The amount (or a market buy's total) that spends `share` of the available balance: a buy at the
 * form's price with the fee it holds on top (`rate`, see holdRate), a market buy as quote coin, a
 * sell as base coin; cut to the field's precision, so it never asks for more than there is. Null
 * while a limit buy has no price.
 */
export function amountForShare(share: string, form: SpotForm, available: string, rules: PairRules, rate: string): { field: FormField; value: string } | null {
  const budget = dec(available).times(share)
  if (usesTotal(form)) return { field: 'total', value: plainDecimal(budget, MONEY_PLACES) }
  if (form.side === ORDER_SIDES.sell) return { field: 'amount', value: plainDecimal(budget, rules.amountPrecision) }
  const price = positive(form.price)
  if (!price) return null
  const amount = dec(plainDecimal(budget.dividedBy(price.times(dec(1).plus(rate))), rules.amountPrecision))
  // The hold rounds up to 8 decimals: one step less when that rounding would pass the budget.
  const step = dec(1).shiftedBy(-rules.amountPrecision)
  const fits = (holdOf({ ...form, amount: amount.toFixed() }, rate) ?? amount).isLessThanOrEqualTo(budget)
  const less = amount.minus(step)
  return { field: 'amount', value: (fits ? amount : less.isNegative() ? dec(0) : less).toFixed() }
}

// ── Estimates shown under the form and in the confirmation ──
export interface OrderEstimate {
  /** Quote coin, before the fee: price × amount; a market buy's total; a market sell at the last price. */
  total: string | null
  /**
   * Quote coin: a market order pays the taker rate and a post-only limit the maker rate (it can
   * only rest); another limit may fill either way, so it shows the higher (the most it may cost).
   */
  fee: string | null
}

export function estimateOrder(form: SpotForm, market: MarketTerms): OrderEstimate {
  const rate = form.type === ORDER_TYPES.market ? market.takerFeeRate : form.postOnly && form.type === ORDER_TYPES.limit ? market.makerFeeRate : holdRate(market)
  if (usesTotal(form)) {
    const total = positive(form.total)
    // The fee is inside a market buy's total: total × rate / (1 + rate).
    return { total: total?.toFixed() ?? null, fee: total?.times(rate).dividedBy(dec(1).plus(rate)).toFixed() ?? null }
  }
  const value = positive(form.amount) ? orderValue(form, market.lastPrice) : null
  return { total: value?.toFixed() ?? null, fee: value?.times(rate).toFixed() ?? null }
}

// ── Orders as they read ──
export const isCancellable = (order: Pick<SpotOrder, 'status'>): boolean =>
  order.status === ORDER_STATUS.untriggered || order.status === ORDER_STATUS.open

/** Spec §2: a price is coloured by the sign of close − open (lib/trend, shared with the pair header). */
export { trendOf } from '../../lib/trend'

export const pricePrecisionOf = (symbol: string): number => PAIR_PRECISION[symbol] ?? DEFAULT_PRECISION

/** Amounts as the spot screens print them (lib/format, shared with the contract screens). */
export { coinText, trimZeros } from '../../lib/format'

// ── The book's price grid (the book call's type: step0 = the pair's tick, stepN = 10^N ticks) ──
const stepIndex = (type: DepthType): number => DEPTH_TYPES.indexOf(type)

/** The grid's step as a price: step0 of a 2-digit pair is '0.01', step3 '10'. */
export function stepSize(precision: number, type: DepthType): string {
  const power = stepIndex(type) - precision
  return power >= 0 ? `1${'0'.repeat(power)}` : `0.${'0'.repeat(-power - 1)}1`
}

/** Digits a grouped level's price needs: fewer as the step grows. */
export const stepPrecision = (precision: number, type: DepthType): number => Math.max(0, precision - stepIndex(type))

/** The available balance of `currency` in a loaded account (lib/account-state). */
export { availableOf } from '../../lib/account-state'
