// What a spot order must be (spec §5 "An order needs a suitable price", "The number of inputs is
// less than the minimum limit"; src/contract/spot.ts for the rest): a catalogue pair; buy or sell;
// limit, market or stop-limit; a price (and trigger) at the pair's precision within PRICE_BAND of
// the last price; an amount at the base coin's precision (a market buy: a total to spend); an
// order value of at least MIN_NOTIONAL. Each refusal is a message the app translates, and nothing
// has been written when one is answered.
import { BigNumber } from 'bignumber.js'
import type { ServerMessage } from '../../src/contract/messages.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { AMOUNT_PRECISION, MIN_NOTIONAL, ORDER_SIDES, ORDER_TYPES, type OrderSide, type OrderType, PRICE_BAND } from '../../src/contract/spot.ts'
import { type Checked, checkAmount } from '../ledger/amount-input.ts'
import { findPair, type Pair } from '../market/pairs.ts'
import { inBand, toTicks, triggerDirection } from './logic.ts'

export interface PlaceFields {
  symbol: string
  side: string
  type: string
  price?: string
  amount?: string
  total?: string
  triggerPrice?: string
  postOnly?: string
}

export interface PlaceRequest {
  side: OrderSide
  type: OrderType
  postOnly: boolean
  price: { text: string; ticks: number } | null
  trigger: { text: string; ticks: number; direction: 1 | -1 } | null
  /** Base coin (limit, stop-limit, market sell). */
  amount: string | null
  /** Quote coin to spend (market buy). */
  total: string | null
}

const refuse = (msg: ServerMessage): { ok: false; msg: ServerMessage } => ({ ok: false, msg })

/** A catalogue pair by its lower-case symbol. */
export function checkPair(symbol: string): Checked<Pair> {
  const pair = findPair(symbol.trim().toLowerCase())
  return pair ? { ok: true, value: pair } : refuse(SERVER_MESSAGES.unknownPair)
}

function checkSide(text: string): Checked<OrderSide> {
  if (text === String(ORDER_SIDES.buy)) return { ok: true, value: ORDER_SIDES.buy }
  if (text === String(ORDER_SIDES.sell)) return { ok: true, value: ORDER_SIDES.sell }
  return refuse(SERVER_MESSAGES.spotInvalidSide)
}

function checkType(text: string): Checked<OrderType> {
  const type = Object.values(ORDER_TYPES).find((value) => String(value) === text)
  return type === undefined ? refuse(SERVER_MESSAGES.spotInvalidType) : { ok: true, value: type }
}

// Digits, optionally a point and more: no sign, no exponent. Prices may have up to 9 decimals
// (PAIR_PRECISION), more than the ledger's 8, so checkAmount does not fit them.
const PLAIN_PRICE = /^\d{1,15}(?:\.\d{1,20})?$/

/** A price of the pair within the band around the last price; in ticks too. */
function checkPrice(text: string | undefined, pair: Pair, lastTicks: number): Checked<{ text: string; ticks: number }> {
  if (text === undefined || !PLAIN_PRICE.test(text)) return refuse(SERVER_MESSAGES.spotNeedsPrice)
  const value = new BigNumber(text)
  if (!value.isGreaterThan(0)) return refuse(SERVER_MESSAGES.spotNeedsPrice)
  if ((value.decimalPlaces() ?? Infinity) > pair.precision) return refuse(SERVER_MESSAGES.spotPriceTooPrecise)
  const ticks = toTicks(text, pair.precision)
  if (!inBand(ticks, lastTicks, PRICE_BAND)) return refuse(SERVER_MESSAGES.spotPriceOutOfBand)
  // Kept at the pair's precision, as every price of the pair is shown (the book, the feed, fills).
  return { ok: true, value: { text: value.toFixed(pair.precision), ticks } }
}

function checkBaseAmount(text: string | undefined, pair: Pair): Checked<string> {
  const amount = checkAmount(text ?? '')
  if (!amount.ok) return amount
  const digits = AMOUNT_PRECISION[pair.base] ?? pair.amountDigits
  if ((new BigNumber(amount.value).decimalPlaces() ?? Infinity) > digits) return refuse(SERVER_MESSAGES.spotAmountTooPrecise)
  return amount
}

const belowMinimum = (value: BigNumber, pair: Pair): boolean => value.isLessThan(MIN_NOTIONAL[pair.quote] ?? '0')

/** Checks a placement against the pair and the last price of the instant it is placed at. */
export function checkPlacement(fields: PlaceFields, pair: Pair, lastTicks: number, last: string): Checked<PlaceRequest> {
  const side = checkSide(fields.side.trim())
  if (!side.ok) return side
  const type = checkType(fields.type.trim())
  if (!type.ok) return type
  // '1' or '0' (or absent); anything else is a malformed request, not a silent "no".
  if (fields.postOnly !== undefined && fields.postOnly !== '1' && fields.postOnly !== '0') return refuse(SERVER_MESSAGES.invalidRequest)
  const postOnly = fields.postOnly === '1'
  if (postOnly && type.value !== ORDER_TYPES.limit) return refuse(SERVER_MESSAGES.invalidRequest)

  if (type.value === ORDER_TYPES.market) {
    if (side.value === ORDER_SIDES.buy) {
      const total = checkAmount(fields.total ?? '')
      if (!total.ok) return total
      if (belowMinimum(new BigNumber(total.value), pair)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
      return { ok: true, value: { side: side.value, type: type.value, postOnly, price: null, trigger: null, amount: null, total: total.value } }
    }
    const amount = checkBaseAmount(fields.amount, pair)
    if (!amount.ok) return amount
    if (belowMinimum(new BigNumber(amount.value).times(last), pair)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
    return { ok: true, value: { side: side.value, type: type.value, postOnly, price: null, trigger: null, amount: amount.value, total: null } }
  }

  let trigger: PlaceRequest['trigger'] = null
  if (type.value === ORDER_TYPES.stopLimit) {
    const checked = checkPrice(fields.triggerPrice, pair, lastTicks)
    if (!checked.ok) return checked
    const direction = triggerDirection(checked.value.ticks, lastTicks)
    if (direction === 0) return refuse(SERVER_MESSAGES.spotTriggerAtMarket)
    trigger = { ...checked.value, direction }
  }
  const price = checkPrice(fields.price, pair, lastTicks)
  if (!price.ok) return price
  const amount = checkBaseAmount(fields.amount, pair)
  if (!amount.ok) return amount
  if (belowMinimum(new BigNumber(amount.value).times(price.value.text), pair)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
  return { ok: true, value: { side: side.value, type: type.value, postOnly, price: price.value, trigger, amount: amount.value, total: null } }
}
