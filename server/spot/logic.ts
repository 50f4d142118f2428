// The pure rules of spot matching: what a fill costs and pays, what an order must hold, which
// levels a taker meets and how much it takes of each. No database, no clock: the engine
// (match.ts, feed-pass.ts) feeds these the book and the feed's depth of an instant, and the
// properties in tests/unit/spot-logic.test.ts pin them down.
//
// Amounts in the ledger have 8 decimals (ledger/amount.ts). A fill's value price × amount is cut
// to 8 (the buyer pays and the seller receives the same cut figure, so it balances), and each fee
// is cut from that value: truncation always favours the user, and by at most 1e-8.
import { BigNumber } from 'bignumber.js'
import { DECIMALS } from '../ledger/amount.ts'

export type Side = 'buy' | 'sell'

const cut = (value: BigNumber): BigNumber => value.decimalPlaces(DECIMALS, BigNumber.ROUND_DOWN)

// Prices as whole ticks of the pair: shared with the contracts engine (market/price-ticks.ts).
export { fromTicks, toTicks } from '../market/price-ticks.ts'

/** price × amount in the quote coin, cut to 8 decimals. */
export const valueOf = (price: BigNumber.Value, amount: BigNumber.Value): BigNumber => cut(new BigNumber(price).times(amount))

/** The fee of a fill's value at a rate, cut to 8 decimals. */
export const feeOf = (value: BigNumber, rate: BigNumber.Value): BigNumber => cut(value.times(rate))

/**
 * What a limit buy must hold: price × amount × (1 + the higher fee rate), rounded UP to 8 decimals,
 * so that any fills at this price or better, at either role, can be paid from it.
 */
export const buyHold = (price: BigNumber.Value, amount: BigNumber.Value, maxRate: BigNumber.Value): BigNumber =>
  new BigNumber(price).times(amount).times(new BigNumber(1).plus(maxRate)).decimalPlaces(DECIMALS, BigNumber.ROUND_UP)

/** Does a taker at limitTicks reach a level at levelTicks? (no limit: a market order reaches all) */
export function reaches(side: Side, limitTicks: number | undefined, levelTicks: number): boolean {
  if (limitTicks === undefined) return true
  return side === 'buy' ? levelTicks <= limitTicks : levelTicks >= limitTicks
}

/** Has the feed's last price reached a resting limit order? A buy fills at or below, a sell at or above. */
export const restingCrossed = (side: Side, limitTicks: number, lastTicks: number): boolean =>
  side === 'buy' ? lastTicks <= limitTicks : lastTicks >= limitTicks

/** 1: the stop triggers when the price rises to it; −1: when it falls to it; 0: it is the last price (refused). */
export const triggerDirection = (triggerTicks: number, lastTicks: number): 1 | -1 | 0 =>
  triggerTicks > lastTicks ? 1 : triggerTicks < lastTicks ? -1 : 0

export const triggerReached = (direction: 1 | -1, triggerTicks: number, lastTicks: number): boolean =>
  direction === 1 ? lastTicks >= triggerTicks : lastTicks <= triggerTicks

/** Within `band` (0.1 = ±10 %) of the last price. */
export function inBand(priceTicks: number, lastTicks: number, band: BigNumber.Value): boolean {
  const distance = new BigNumber(priceTicks).minus(lastTicks).abs()
  return distance.isLessThanOrEqualTo(new BigNumber(lastTicks).times(band))
}

/** Someone's liquidity at one price: a user's resting order, or the feed's depth level. */
export interface Level {
  ticks: number
  price: string
  /** Base coin still offered. */
  available: BigNumber
  /** The resting order's id; undefined for the feed. */
  orderId?: number
}

/**
 * The levels a taker meets, best price first; at one price the users' orders (already in time
 * order) before the feed's level, so users trade with each other first and nobody gets a worse
 * price than the feed shows.
 */
export function mergeLevels(takerSide: Side, users: readonly Level[], feed: readonly Level[]): Level[] {
  const better = takerSide === 'buy' ? (a: number, b: number) => a - b : (a: number, b: number) => b - a
  // Array.prototype.sort is stable: users first by construction, then by price.
  return [...users, ...feed].toSorted((a, b) => better(a.ticks, b.ticks))
}

export interface Taker {
  side: Side
  /** The limit in ticks; undefined for a market order. */
  limitTicks: number | undefined
  /** Base coin still to trade (limit orders, market sells)… */
  remaining?: BigNumber
  /** …or, for a market buy, the quote coin still to spend, fee included. */
  budget?: BigNumber
  /** Digits of the base amount. */
  amountDigits: number
  takerRate: BigNumber.Value
}

export interface PlannedFill {
  level: Level
  amount: BigNumber
  value: BigNumber
}

/** How much of `level` a market buy can pay for with `budget` (fee included), on the amount grid. */
function affordable(budget: BigNumber, price: string, digits: number, rate: BigNumber.Value): BigNumber {
  let amount = budget.dividedBy(new BigNumber(price).times(new BigNumber(1).plus(rate))).decimalPlaces(digits, BigNumber.ROUND_DOWN)
  const unit = new BigNumber(1).shiftedBy(-digits)
  // The division is exact to 20 places; cutting the value and the fee only lowers the cost, so at
  // most one step back is ever needed — kept as a loop bound for safety.
  for (let step = 0; step < 3 && amount.isGreaterThan(0); step++) {
    const value = valueOf(price, amount)
    if (value.plus(feeOf(value, rate)).isLessThanOrEqualTo(budget)) return amount
    amount = amount.minus(unit)
  }
  return new BigNumber(0)
}

export interface Plan {
  fills: PlannedFill[]
  /** The levels ran out, or the limit was reached, while the taker still wanted more. */
  exhausted: boolean
}

/**
 * The fills a taker makes against `levels` (best first), in order. Stops at its limit, when it has
 * nothing left to trade, or when what is left is worth less than the smallest amount (dust).
 */
export function planTaker(taker: Taker, levels: readonly Level[]): Plan {
  const fills: PlannedFill[] = []
  let remaining = taker.remaining
  let budget = taker.budget
  const wantedAt = (price: string): BigNumber =>
    remaining ?? (budget ? affordable(budget, price, taker.amountDigits, taker.takerRate) : new BigNumber(0))
  for (const level of levels) {
    const wanted = wantedAt(level.price)
    if (!wanted.isGreaterThan(0)) return { fills, exhausted: false }
    if (!reaches(taker.side, taker.limitTicks, level.ticks)) return { fills, exhausted: true }
    const amount = BigNumber.min(wanted, level.available)
    if (!amount.isGreaterThan(0)) continue
    const value = valueOf(level.price, amount)
    // Worth less than 1e-8 of the quote coin: nothing can be paid for it, here or further on.
    if (value.isZero()) return { fills, exhausted: false }
    fills.push({ level, amount, value })
    if (remaining) remaining = remaining.minus(amount)
    if (budget) budget = budget.minus(value.plus(feeOf(value, taker.takerRate)))
  }
  const last = levels.at(-1)
  return { fills, exhausted: last !== undefined ? wantedAt(last.price).isGreaterThan(0) : (remaining?.isGreaterThan(0) ?? true) }
}

/** The average price of what filled, at the pair's precision (cut), or '' before any fill. */
export function averagePrice(filledQuote: BigNumber.Value, filled: BigNumber.Value, precision: number): string {
  const base = new BigNumber(filled)
  if (!base.isGreaterThan(0)) return ''
  return new BigNumber(filledQuote).dividedBy(base).toFixed(precision, BigNumber.ROUND_DOWN)
}

/** Amounts per price level on a grid of `grid` ticks: bids round down, asks up, so a level never looks better than it is. */
export function groupLevels(side: 'bids' | 'asks', levels: readonly { ticks: number; amount: BigNumber }[], grid: number): Map<number, BigNumber> {
  const grouped = new Map<number, BigNumber>()
  for (const { ticks, amount } of levels) {
    const key = side === 'bids' ? Math.floor(ticks / grid) * grid : Math.ceil(ticks / grid) * grid
    grouped.set(key, (grouped.get(key) ?? new BigNumber(0)).plus(amount))
  }
  return grouped
}
