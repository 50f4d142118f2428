// The checks of what a person types into the contract screens, as the server makes them (its own
// words as message ids, so a check here and a refusal from the server read the same in every
// language): prices, amounts of money, quantities of the base coin, and stops against the entry and
// the liquidation price. Unit tested through logic.ts in tests/unit/contract-form-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { DIRECTIONS, type Direction } from '../../contract/contracts.ts'
import { isDecimalString, tryDec, type BigNumber } from '../../lib/decimal'

export const CONTRACT_MESSAGES = {
  needsPrice: msg({ id: 'An order needs a suitable price', message: 'An order needs a suitable price' }),
  priceTooPrecise: msg({ id: 'The price has too many decimal places for this pair', message: 'The price has too many decimal places for this pair' }),
  outOfBand: msg({ id: 'The price is too far from the market price', message: 'The price is too far from the market price' }),
  limitReached: msg({ id: 'The market price has already reached this limit price, please open at market', message: 'The market price has already reached this limit price, please open at market' }),
  invalidAmount: msg({ id: 'Please enter a valid amount', message: 'Please enter a valid amount' }),
  notPositive: msg({ id: 'The amount must be greater than zero', message: 'The amount must be greater than zero' }),
  eightPlaces: msg({ id: 'The amount can have at most 8 decimal places', message: 'The amount can have at most 8 decimal places' }),
  tooLarge: msg({ id: 'The amount is too large', message: 'The amount is too large' }),
  amountTooPrecise: msg({ id: 'The amount has too many decimal places for this pair', message: 'The amount has too many decimal places for this pair' }),
  belowMinimum: msg({ id: 'The number of inputs is less than the minimum limit', message: 'The number of inputs is less than the minimum limit' }),
  leverageNotOffered: msg({ id: 'This leverage is not offered for this pair', message: 'This leverage is not offered for this pair' }),
  stopLossInvalid: msg({ id: 'The stop loss must lie between the liquidation price and the entry price', message: 'The stop loss must lie between the liquidation price and the entry price' }),
  takeProfitInvalid: msg({ id: 'The take profit must be above the entry price for a long position and below it for a short one', message: 'The take profit must be above the entry price for a long position and below it for a short one' }),
  insufficient: msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' }),
  closeTooLarge: msg({ id: 'The quantity is more than the position holds', message: 'The quantity is more than the position holds' }),
  remainderTooSmall: msg({ id: 'What would remain is below the minimum quantity, please close all of it', message: 'What would remain is below the minimum quantity, please close all of it' }),
}

/** Every amount of money has the ledger's 8 decimals and stays below 10^12 (the server's limits). */
export const MONEY_PLACES = 8
const MONEY_LIMIT = '1e12'

// ── Typed input, as the server takes it ──
/** A typed value as a number, or the refusal the server would give. */
export type Checked = { ok: true; value: BigNumber } | { ok: false; message: MessageDescriptor }
const accepted = (value: BigNumber): Checked => ({ ok: true, value })
const refused = (message: MessageDescriptor): Checked => ({ ok: false, message })

/** A positive price typed plainly, at the pair's precision. */
export function checkPriceText(text: string, precision: number): Checked {
  const value = isDecimalString(text) ? tryDec(text) : null
  if (!value || !value.isGreaterThan(0)) return refused(CONTRACT_MESSAGES.needsPrice)
  return (value.decimalPlaces() ?? 0) > precision ? refused(CONTRACT_MESSAGES.priceTooPrecise) : accepted(value)
}

/** An amount of money (a quantity, added margin): plain, above zero, at most 8 decimals, below 10^12. */
export function checkMoneyText(text: string): Checked {
  const value = isDecimalString(text) ? tryDec(text) : null
  if (!value || value.isNegative()) return refused(CONTRACT_MESSAGES.invalidAmount)
  if (!value.isGreaterThan(0)) return refused(CONTRACT_MESSAGES.notPositive)
  if ((value.decimalPlaces() ?? 0) > MONEY_PLACES) return refused(CONTRACT_MESSAGES.eightPlaces)
  return value.isLessThan(MONEY_LIMIT) ? accepted(value) : refused(CONTRACT_MESSAGES.tooLarge)
}

/** A quantity of the base coin: money, at the coin's digits, at least the pair's minimum. */
export function checkQuantityText(text: string, precision: number, minQuantity: string): Checked {
  const checked = checkMoneyText(text)
  if (!checked.ok) return checked
  if ((checked.value.decimalPlaces() ?? 0) > precision) return refused(CONTRACT_MESSAGES.amountTooPrecise)
  return checked.value.isLessThan(minQuantity) ? refused(CONTRACT_MESSAGES.belowMinimum) : checked
}

export type StopField = 'stopLoss' | 'takeProfit'

/**
 * Optional stops of a position entered at `entry` with this liquidation price ('' means none): a
 * stop loss between the liquidation price and the entry (below the entry for a long, above for a
 * short), a take profit beyond the entry in the position's favour.
 */
export function checkStops(stops: Record<StopField, string>, direction: Direction, entry: BigNumber, liquidation: BigNumber | null, precision: number): { field: StopField; message: MessageDescriptor } | null {
  const long = direction === DIRECTIONS.long
  if (stops.stopLoss !== '') {
    const checked = checkPriceText(stops.stopLoss, precision)
    if (!checked.ok) return { field: 'stopLoss', message: checked.message }
    const stop = checked.value
    const valid = long ? stop.isLessThan(entry) && stop.isGreaterThan(liquidation ?? 0) : stop.isGreaterThan(entry) && (liquidation === null || stop.isLessThan(liquidation))
    if (!valid) return { field: 'stopLoss', message: CONTRACT_MESSAGES.stopLossInvalid }
  }
  if (stops.takeProfit !== '') {
    const checked = checkPriceText(stops.takeProfit, precision)
    if (!checked.ok) return { field: 'takeProfit', message: checked.message }
    const profit = checked.value
    if (long ? !profit.isGreaterThan(entry) : !profit.isLessThan(entry)) return { field: 'takeProfit', message: CONTRACT_MESSAGES.takeProfitInvalid }
  }
  return null
}

