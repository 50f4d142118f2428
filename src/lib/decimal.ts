// Money and prices are decimal strings end to end; a JS float would turn 0.1 + 0.2 into
// 0.30000000000000004 on a balance. Everything here goes through a private bignumber.js clone so
// that another module's BigNumber.config() can never change how we round or print.
import { BigNumber } from 'bignumber.js'

const Decimal = BigNumber.clone({
  // Divisions (percent changes, averages) keep far more digits than any pair shows.
  DECIMAL_PLACES: 36,
  // The spec truncates everywhere (§5, §9); rounding up would show money the user does not have.
  ROUNDING_MODE: BigNumber.ROUND_DOWN,
  // toString() must never answer '1e-7': it ends up in form bodies and on screen.
  EXPONENTIAL_AT: 1e9,
})

export type { BigNumber }
export type DecimalValue = string | number | BigNumber

export { DEFAULT_PRECISION } from './decimal-text'

// What a server or a number literal may hold: plain or exponent notation. Unlike bignumber.js we
// refuse '0x10', '1_000', ' 1' and 'NaN', which are never amounts and only hide bugs.
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i
// What a user types into an amount field: digits with at most one point, optional minus.
const TYPED_DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)$/

/** Whether `text` is a plain decimal as typed ('12', '0.5', '.5', '3.', '-1.2'); no exponents, spaces or signs but '-'. */
export function isDecimalString(text: unknown): text is string {
  return typeof text === 'string' && TYPED_DECIMAL.test(text)
}

/** The value as a BigNumber, or null when it is not a finite number (NaN, Infinity, '', 'abc', null...). */
export function tryDec(value: unknown): BigNumber | null {
  if (BigNumber.isBigNumber(value)) return value.isFinite() ? new Decimal(value) : null
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return new Decimal(value)
  return null
}

/** The value as a BigNumber; throws a RangeError naming the value when it is not a finite number. */
export function dec(value: DecimalValue): BigNumber {
  const result = tryDec(value)
  if (result === null) throw new RangeError(`Not a finite decimal: ${JSON.stringify(String(value))}`)
  return result
}

/**
 * `value` cut (never rounded) to exactly `places` decimals: truncate('1.239', 2) === '1.23',
 * truncate('5', 2) === '5.00'. A result of zero never carries a sign ('-0.001' → '0.00'), since
 * '-0.00' reads as a loss that is not there. Throws like `dec` on invalid input, and a RangeError
 * when `places` is not an integer from 0 to 100.
 */
export function truncate(value: DecimalValue, places: number): string {
  if (!Number.isInteger(places) || places < 0 || places > 100) {
    throw new RangeError(`Decimal places must be an integer from 0 to 100, got ${places}`)
  }
  const cut = dec(value).decimalPlaces(places, BigNumber.ROUND_DOWN)
  return (cut.isZero() ? cut.abs() : cut).toFixed(places)
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. Throws like `dec` on invalid input. */
export function compare(a: DecimalValue, b: DecimalValue): -1 | 0 | 1 {
  return dec(a).comparedTo(dec(b)) as -1 | 0 | 1
}

/** Whether `value` ≥ `min`. Throws like `dec` on invalid input. */
export function isAtLeast(value: DecimalValue, min: DecimalValue): boolean {
  return compare(value, min) >= 0
}

/**
 * `value` in plain notation for a request or an input field ('1e-7' → '0.0000001'), cut to
 * `places` decimals when given, with no trailing zeros. Throws like `dec` on invalid input.
 */
export function plainDecimal(value: DecimalValue, places?: number): string {
  const number = dec(value)
  return (places === undefined ? number : number.decimalPlaces(places, BigNumber.ROUND_DOWN)).toFixed()
}

/**
 * `value` rounded UP (away from zero) to `places` decimals: only for what must be held so that any
 * truncated figure fits in it (a spot buy's frozen amount), never for what is shown or paid.
 */
export function roundUp(value: DecimalValue, places: number): BigNumber {
  return dec(value).decimalPlaces(places, BigNumber.ROUND_UP)
}
