// Pure rules of leveraged contracts (src/contract/contracts.ts, spec §3, §5): the opening form's
// checks — which mirror the server's, in its order, so a refusal shows under its field before
// anything is sent — the margin, fee and liquidation price an opening is estimated at, the share of
// the available margin a quantity takes, and a position's live P/L and ROE. What typed text must be
// is input-logic.ts's; closing, adding margin and editing stops are position-logic.ts's. Unit
// tested in tests/unit/contract-form-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { DIRECTIONS, ENTRY_TYPES, type ContractConfig, type Direction, type EntryType } from '../../contract/contracts.ts'
import { PAIR_PRECISION } from '../../contract/market.ts'
import { AMOUNT_PRECISION, PRICE_BAND } from '../../contract/spot.ts'
import { dec, DEFAULT_PRECISION, isDecimalString, plainDecimal, roundUp, tryDec, type BigNumber } from '../../lib/decimal'
import { checkPriceText, checkQuantityText, checkStops, CONTRACT_MESSAGES, MONEY_PLACES, type StopField } from './input-logic'

export { checkMoneyText, checkPriceText, checkQuantityText, checkStops, CONTRACT_MESSAGES, MONEY_PLACES } from './input-logic'
export type { Checked, StopField } from './input-logic'

// ── The pair's rules and terms ──
export interface ContractRules {
  symbol: string
  base: string
  quote: string
  pricePrecision: number
  /** Digits of a quantity of the base coin (AMOUNT_PRECISION of src/contract/spot.ts). */
  quantityPrecision: number
}

export const contractRules = (pair: { symbol: string; base: string; quote: string }): ContractRules => ({
  ...pair,
  pricePrecision: PAIR_PRECISION[pair.symbol] ?? DEFAULT_PRECISION,
  quantityPrecision: AMOUNT_PRECISION[pair.base] ?? DEFAULT_PRECISION,
})

/** What the config says about one pair: the multiples on offer, the rates and the smallest quantity. */
export interface ContractTerms {
  leverages: readonly number[]
  maintenanceMarginRate: string
  minQuantity: string
  openFeeRate: string
  closeFeeRate: string
}

/** The pair's terms, or null when contracts are not offered on it. */
export function termsOf(config: ContractConfig, symbol: string): ContractTerms | null {
  const pair = config.pairs.find((entry) => entry.symbol === symbol)
  if (!pair || pair.leverages.length === 0) return null
  const { leverages, maintenanceMarginRate, minQuantity } = pair
  return { leverages, maintenanceMarginRate, minQuantity, openFeeRate: config.openFeeRate, closeFeeRate: config.closeFeeRate }
}

/** The multiple a form starts on: 10× when offered (a common, moderate choice), else the nearest below, else the smallest. */
export function defaultLeverage(leverages: readonly number[]): number | null {
  return leverages.filter((leverage) => leverage <= 10).at(-1) ?? leverages[0] ?? null
}

// ── Maths of one position ──
export const isLong = (direction: Direction): boolean => direction === DIRECTIONS.long

/** Spec: the margin required, price × quantity ÷ leverage, rounded up to 8 so the balance it is checked against surely covers it. */
export const marginOf = (price: BigNumber, quantity: BigNumber, leverage: number): BigNumber =>
  roundUp(price.times(quantity).dividedBy(leverage), MONEY_PLACES)

/** A fee: notional × rate, cut to 8 as the server takes it. */
export const feeOf = (notional: BigNumber, rate: string): BigNumber => dec(plainDecimal(notional.times(rate), MONEY_PLACES))

/**
 * Where margin + P/L falls to the maintenance margin: long (E×Q − M) ÷ (Q × (1 − mmr)), short
 * (E×Q + M) ÷ (Q × (1 + mmr)), at the pair's precision rounded towards the entry as the server does
 * (a long's up, a short's down). Null for a long whose margin covers its whole value: it cannot be
 * liquidated.
 */
export function liquidationPriceOf(direction: Direction, entry: BigNumber, quantity: BigNumber, margin: BigNumber, mmr: string, precision: number): BigNumber | null {
  const notional = entry.times(quantity)
  if (isLong(direction)) {
    const exposed = notional.minus(margin)
    if (!exposed.isGreaterThan(0)) return null
    return roundUp(exposed.dividedBy(quantity.times(dec(1).minus(mmr))), precision)
  }
  return dec(plainDecimal(notional.plus(margin).dividedBy(quantity.times(dec(1).plus(mmr))), precision))
}

/** Unrealised P/L at the mark: (mark − entry) × quantity for a long, (entry − mark) × quantity for a short. */
export function unrealisedPnl(direction: Direction, entry: string, mark: string | null | undefined, quantity: string): BigNumber | null {
  const [e, m, q] = [tryDec(entry), tryDec(mark), tryDec(quantity)]
  if (!e || !m || !q) return null
  return (isLong(direction) ? m.minus(e) : e.minus(m)).times(q)
}

/** Return on the margin held, in percent (P/L ÷ margin × 100); null without a margin. */
export function roePercent(pnl: BigNumber | null, margin: string): BigNumber | null {
  const held = tryDec(margin)
  return pnl && held && held.isGreaterThan(0) ? pnl.dividedBy(held).times(100) : null
}

/** A figure's colour: gains green, losses red, nothing moved grey. */
export const signTrend = (value: BigNumber | null): 'up' | 'down' | 'flat' =>
  !value || value.isZero() ? 'flat' : value.isPositive() ? 'up' : 'down'

// ── The opening form ──
export interface OpenForm {
  direction: Direction
  leverage: number | null
  entryType: EntryType
  /** A limit entry's price. */
  price: string
  /** Base coin. */
  quantity: string
  stopLoss: string
  takeProfit: string
}

export const emptyOpenForm = (): OpenForm =>
  ({ direction: DIRECTIONS.long, leverage: null, entryType: ENTRY_TYPES.market, price: '', quantity: '', stopLoss: '', takeProfit: '' })

export type OpenField = 'leverage' | 'price' | 'quantity' | StopField
export interface OpenError {
  field: OpenField
  message: MessageDescriptor
}

/** The price an opening is estimated at: a limit entry's own, a market entry the last price. */
export function entryPriceOf(form: Pick<OpenForm, 'entryType' | 'price'>, lastPrice: string | null): BigNumber | null {
  const price = tryDec(form.entryType === ENTRY_TYPES.limit ? (isDecimalString(form.price) ? form.price : null) : lastPrice)
  return price && price.isGreaterThan(0) ? price : null
}

export interface OpenEstimate {
  entryPrice: BigNumber
  notional: BigNumber
  margin: BigNumber
  fee: BigNumber
  /** What leaves the available balance: margin + open fee. */
  cost: BigNumber
  liquidationPrice: BigNumber | null
}

/** The margin, fee and liquidation price of the form as it stands; null until price, quantity and leverage are known. */
export function estimateOpen(form: OpenForm, rules: ContractRules, terms: ContractTerms, lastPrice: string | null): OpenEstimate | null {
  const entryPrice = entryPriceOf(form, lastPrice)
  const quantity = isDecimalString(form.quantity) ? tryDec(form.quantity) : null
  if (!entryPrice || !quantity || !quantity.isGreaterThan(0) || form.leverage === null) return null
  const notional = entryPrice.times(quantity)
  const margin = marginOf(entryPrice, quantity, form.leverage)
  const fee = feeOf(notional, terms.openFeeRate)
  const liquidationPrice = liquidationPriceOf(form.direction, entryPrice, quantity, margin, terms.maintenanceMarginRate, rules.pricePrecision)
  return { entryPrice, notional, margin, fee, cost: margin.plus(fee), liquidationPrice }
}

const within = (value: BigNumber, last: BigNumber) => value.minus(last).abs().isLessThanOrEqualTo(last.times(PRICE_BAND))

/**
 * The server's checks, in its order: an offered leverage; the quantity (money, the coin's digits,
 * the pair's minimum); a limit price (positive, at the pair's precision, within the band around the
 * last price and not already reached: a long's limit below it, a short's above); a liquidation
 * price that leaves room before the entry; the stops; then margin + fee within the available
 * balance. The band, a market entry's stops and the balance are checked once known; the server
 * checks them all again at the price of its instant.
 */
export function checkOpen(form: OpenForm, rules: ContractRules, terms: ContractTerms, lastPrice: string | null, available: string | null): OpenError | null {
  if (form.leverage === null || !terms.leverages.includes(form.leverage)) return { field: 'leverage', message: CONTRACT_MESSAGES.leverageNotOffered }
  const quantity = checkQuantityText(form.quantity, rules.quantityPrecision, terms.minQuantity)
  if (!quantity.ok) return { field: 'quantity', message: quantity.message }
  const last = tryDec(lastPrice)
  if (form.entryType === ENTRY_TYPES.limit) {
    const checked = checkPriceText(form.price, rules.pricePrecision)
    if (!checked.ok) return { field: 'price', message: checked.message }
    const limit = checked.value
    if (last && !within(limit, last)) return { field: 'price', message: CONTRACT_MESSAGES.outOfBand }
    if (last && (isLong(form.direction) ? limit.isGreaterThanOrEqualTo(last) : limit.isLessThanOrEqualTo(last))) return { field: 'price', message: CONTRACT_MESSAGES.limitReached }
  }
  const estimate = estimateOpen(form, rules, terms, lastPrice)
  if (!estimate) return null
  const liquidation = estimate.liquidationPrice
  if (liquidation && (isLong(form.direction) ? liquidation.isGreaterThanOrEqualTo(estimate.entryPrice) : liquidation.isLessThanOrEqualTo(estimate.entryPrice))) {
    return { field: 'leverage', message: CONTRACT_MESSAGES.leverageNotOffered }
  }
  const stops = checkStops(form, form.direction, estimate.entryPrice, liquidation, rules.pricePrecision)
  if (stops) return stops
  const balance = tryDec(available)
  return balance && estimate.cost.isGreaterThan(balance) ? { field: 'quantity', message: CONTRACT_MESSAGES.insufficient } : null
}

/**
 * The quantity that spends `share` of the available margin at this leverage and price, the open
 * fee included: available × share × leverage ÷ (price × (1 + leverage × fee rate)), cut to the
 * coin's digits — one step less when the margin's rounding up would pass the budget. Null while
 * there is no price or leverage.
 */
export function quantityForShare(share: string, available: string, price: BigNumber | null, leverage: number | null, rules: ContractRules, openFeeRate: string): string | null {
  if (!price || leverage === null) return null
  const budget = dec(available).times(share)
  const step = dec(1).shiftedBy(-rules.quantityPrecision)
  let quantity = dec(plainDecimal(budget.times(leverage).dividedBy(price.times(dec(1).plus(dec(leverage).times(openFeeRate)))), rules.quantityPrecision))
  const cost = (q: BigNumber) => marginOf(price, q, leverage).plus(feeOf(price.times(q), openFeeRate))
  while (quantity.isGreaterThan(0) && cost(quantity).isGreaterThan(budget)) quantity = quantity.minus(step)
  return (quantity.isNegative() ? dec(0) : quantity).toFixed()
}
