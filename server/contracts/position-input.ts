// What an opening, a close, added margin and stops must be (src/contract/contracts.ts; spec §5 "An
// order needs a suitable price", "The number of inputs is less than the minimum limit"): a USDT pair
// contracts are offered on; long or short; an offered multiple; a quantity at the base coin's
// precision of at least the pair's minimum; a limit price at the pair's precision within PRICE_BAND
// of the last price and not already reached; a stop loss between the liquidation price and the
// entry, a take profit beyond the entry. Each refusal is a message the app translates, answered
// before anything is written.
import { BigNumber } from 'bignumber.js'
import { DIRECTIONS, type Direction, ENTRY_TYPES, type EntryType } from '../../src/contract/contracts.ts'
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'
import { PRICE_BAND } from '../../src/contract/spot.ts'
import { type Checked, checkAmount } from '../ledger/amount-input.ts'
import type { PriceInstant } from '../market/feed-walk.ts'
import type { Pair } from '../market/pairs.ts'
import { toTicks } from '../market/price-ticks.ts'
import { limitReached, liquidationTicks, marginOf, marginShare, type Side, stopLossValid, takeProfitValid } from './logic.ts'
import type { PairTerms } from './terms.ts'

export interface OpenFields {
  symbol: string
  direction: string
  leverage: string
  entryType: string
  quantity: string
  price?: string
  stopLoss?: string
  takeProfit?: string
}

export interface Price {
  text: string
  ticks: number
}

export interface OpenRequest {
  direction: Direction
  side: Side
  leverage: number
  entryType: EntryType
  quantity: string
  /** The entry price: the instant's for a market entry, the limit for a limit entry. */
  price: Price
  margin: string
  liquidationTicks: number | null
  stopLossTicks: number | null
  takeProfitTicks: number | null
}

const refuse = (msg: ServerMessage): { ok: false; msg: ServerMessage } => ({ ok: false, msg })

// Digits, optionally a point and more: no sign, no exponent (as spot's prices).
const PLAIN_PRICE = /^\d{1,15}(?:\.\d{1,20})?$/

/** A positive price at the pair's precision, as text at that precision and in ticks. */
function checkPrice(text: string, pair: Pair): Checked<Price> {
  if (!PLAIN_PRICE.test(text)) return refuse(SERVER_MESSAGES.spotNeedsPrice)
  const value = new BigNumber(text)
  if (!value.isGreaterThan(0)) return refuse(SERVER_MESSAGES.spotNeedsPrice)
  if ((value.decimalPlaces() ?? Infinity) > pair.precision) return refuse(SERVER_MESSAGES.spotPriceTooPrecise)
  // Ticks are compared and indexed as exact integers: a price beyond them is no suitable price.
  if (value.shiftedBy(pair.precision).isGreaterThan(Number.MAX_SAFE_INTEGER)) return refuse(SERVER_MESSAGES.spotNeedsPrice)
  return { ok: true, value: { text: value.toFixed(pair.precision), ticks: toTicks(value, pair.precision) } }
}

/** A quantity of the base coin at its precision, at least `min`. */
export function checkQuantity(text: string, terms: PairTerms): Checked<string> {
  const amount = checkAmount(text)
  if (!amount.ok) return amount
  if ((new BigNumber(amount.value).decimalPlaces() ?? Infinity) > terms.quantityDigits) return refuse(SERVER_MESSAGES.spotAmountTooPrecise)
  if (new BigNumber(amount.value).isLessThan(terms.minQuantity)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
  return amount
}

export interface Stops {
  stopLossTicks: number | null
  takeProfitTicks: number | null
}

/** Optional stops of a position entered at entryTicks with this liquidation price ('' or absent: none). */
export function checkStops(fields: { stopLoss?: string; takeProfit?: string }, pair: Pair, side: Side, entryTicks: number, liquidation: number | null): Checked<Stops> {
  let stopLossTicks: number | null = null
  let takeProfitTicks: number | null = null
  if (fields.stopLoss !== undefined) {
    const price = checkPrice(fields.stopLoss.trim(), pair)
    if (!price.ok) return price
    if (!stopLossValid(side, price.value.ticks, entryTicks, liquidation)) return refuse(SERVER_MESSAGES.contractStopLossInvalid)
    stopLossTicks = price.value.ticks
  }
  if (fields.takeProfit !== undefined) {
    const price = checkPrice(fields.takeProfit.trim(), pair)
    if (!price.ok) return price
    if (!takeProfitValid(side, price.value.ticks, entryTicks)) return refuse(SERVER_MESSAGES.contractTakeProfitInvalid)
    takeProfitTicks = price.value.ticks
  }
  return { ok: true, value: { stopLossTicks, takeProfitTicks } }
}

function checkDirection(text: string): Checked<Direction> {
  const direction = Object.values(DIRECTIONS).find((value) => String(value) === text)
  return direction === undefined ? refuse(SERVER_MESSAGES.contractInvalidDirection) : { ok: true, value: direction }
}

function checkEntryType(text: string): Checked<EntryType> {
  const type = Object.values(ENTRY_TYPES).find((value) => String(value) === text)
  return type === undefined ? refuse(SERVER_MESSAGES.contractInvalidEntryType) : { ok: true, value: type }
}

const inBand = (ticks: number, lastTicks: number): boolean => new BigNumber(ticks).minus(lastTicks).abs().isLessThanOrEqualTo(new BigNumber(lastTicks).times(PRICE_BAND))

/** Checks an opening against the pair's terms and the instant it is placed at. */
export function checkOpen(fields: OpenFields, terms: PairTerms, instant: PriceInstant): Checked<OpenRequest> {
  const { pair } = terms
  const direction = checkDirection(fields.direction.trim())
  if (!direction.ok) return direction
  const side: Side = direction.value === DIRECTIONS.long ? 'long' : 'short'
  const leverage = terms.leverages.find((offered) => String(offered) === fields.leverage.trim())
  if (leverage === undefined) return refuse(SERVER_MESSAGES.contractLeverageNotOffered)
  const entryType = checkEntryType(fields.entryType.trim())
  if (!entryType.ok) return entryType
  const quantity = checkQuantity(fields.quantity, terms)
  if (!quantity.ok) return quantity

  let price: Price = { text: instant.last, ticks: instant.lastTicks }
  if (entryType.value === ENTRY_TYPES.limit) {
    const limit = checkPrice(fields.price ?? '', pair)
    if (!limit.ok) return limit
    if (!inBand(limit.value.ticks, instant.lastTicks)) return refuse(SERVER_MESSAGES.spotPriceOutOfBand)
    if (limitReached(side, limit.value.ticks, instant.lastTicks)) return refuse(SERVER_MESSAGES.contractLimitAlreadyReached)
    price = limit.value
  }
  const margin = marginOf(price.text, quantity.value, leverage)
  const liquidation = liquidationTicks(side, price.text, quantity.value, margin, terms.mmr, pair.precision)
  // Rounding may still put the liquidation price on the entry at the highest multiple: not offered then.
  const atOnce = liquidation !== null && (side === 'long' ? liquidation >= price.ticks : liquidation <= price.ticks)
  if (atOnce || !margin.isGreaterThan(0)) return refuse(SERVER_MESSAGES.contractLeverageNotOffered)
  const stops = checkStops(fields, pair, side, price.ticks, liquidation)
  if (!stops.ok) return stops
  return {
    ok: true,
    value: {
      direction: direction.value, side, leverage, entryType: entryType.value, quantity: quantity.value, price,
      margin: margin.toFixed(), liquidationTicks: liquidation, ...stops.value,
    },
  }
}

/** The part of a position a close takes: all of it when absent; else at least the minimum, leaving none or at least the minimum. */
export function checkClosePart(text: string | undefined, quantity: string, margin: string, terms: PairTerms): Checked<string> {
  if (text === undefined) return { ok: true, value: quantity }
  const part = checkQuantity(text, terms)
  if (!part.ok) return part
  const left = new BigNumber(quantity).minus(part.value)
  if (left.isNegative()) return refuse(SERVER_MESSAGES.contractCloseTooLarge)
  if (left.isGreaterThan(0) && left.isLessThan(terms.minQuantity)) return refuse(SERVER_MESSAGES.contractRemainderTooSmall)
  // A part so small that its share of the margin is nothing would move no money.
  if (!marginShare(margin, quantity, part.value).isGreaterThan(0)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
  return part
}
