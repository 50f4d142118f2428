// Exact work on decimal strings for display and ordering — truncating, comparing, a percent
// change — with native BigInt instead of bignumber.js. Screens that only show prices (the home
// page's live pairs, the market list) then load no decimal library at all; arithmetic on money
// (balances, totals, orders) stays with lib/decimal.
import { isBigNumber } from './bignumber-mark'

/** A decimal as sign × digits / 10^scale, exactly. */
interface Exact {
  units: bigint
  scale: number
}

// Plain or exponent notation, as servers and number literals write them; nothing else.
const NUMERIC_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** Digits per amount when a pair or currency does not say otherwise (spec §9). */
export const DEFAULT_PRECISION = 8

export { isBigNumber }

/** The text of a string, a finite number or a BigNumber (plain notation), else null. */
export function decimalText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (isBigNumber(value)) return value.isFinite() ? value.toFixed() : null
  return null
}

function parse(value: unknown): Exact | null {
  const text = decimalText(value)
  const match = text === null ? null : NUMERIC_TEXT.exec(text)
  if (!match) return null
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  if (whole === '' && fraction === '') return null
  const shift = Number(exponent)
  if (!Number.isSafeInteger(shift) || Math.abs(shift) > 400) return null
  let units = BigInt(`${whole}${fraction}` || '0')
  let scale = fraction.length - shift
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: sign === '-' ? -units : units, scale }
}

const rescale = (value: Exact, scale: number): bigint => value.units * 10n ** BigInt(scale - value.scale)

/** `value` cut (never rounded) to `places` decimals, zero without a sign; null when not a number. */
export function truncateText(value: unknown, places: number): string | null {
  const exact = parse(value)
  if (!exact || !Number.isInteger(places) || places < 0 || places > 100) return null
  const units = exact.scale > places ? exact.units / 10n ** BigInt(exact.scale - places) : rescale(exact, places)
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole
  return units < 0n ? `-${text}` : text
}

/** -1, 0 or 1 as a is below, equal to or above b; null when either is not a number. */
export function compareText(a: unknown, b: unknown): -1 | 0 | 1 | null {
  const [x, y] = [parse(a), parse(b)]
  if (!x || !y) return null
  const scale = Math.max(x.scale, y.scale)
  const [left, right] = [rescale(x, scale), rescale(y, scale)]
  return left === right ? 0 : left < right ? -1 : 1
}

/** The sign of a value: -1, 0 or 1; null when it is not a number. */
export const signOfText = (value: unknown): -1 | 0 | 1 | null => compareText(value, '0')

/**
 * (to − from) / from × 100, truncated to `places` decimals and written without trailing zeros
 * ('25', '-33.33333333'); '0' when from is zero, null when either is not a number.
 */
export function percentChangeText(from: unknown, to: unknown, places = 8): string | null {
  const [x, y] = [parse(from), parse(to)]
  if (!x || !y) return null
  if (x.units === 0n) return '0'
  const scale = Math.max(x.scale, y.scale)
  const [start, end] = [rescale(x, scale), rescale(y, scale)]
  // BigInt division truncates towards zero, which is exactly ROUND_DOWN.
  const units = ((end - start) * 100n * 10n ** BigInt(places)) / start
  const text = truncateText(`${units}e-${places}`, places)
  return text?.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/**
 * part / whole × 100, truncated to `places` decimals and written without trailing zeros ('33.33',
 * '350'); null when either is not a number or whole is not above zero.
 */
export function percentOfText(part: unknown, whole: unknown, places = 2): string | null {
  const [x, y] = [parse(part), parse(whole)]
  if (!x || !y || y.units <= 0n || !Number.isInteger(places) || places < 0 || places > 100) return null
  const scale = Math.max(x.scale, y.scale)
  const units = (rescale(x, scale) * 100n * 10n ** BigInt(places)) / rescale(y, scale)
  const text = truncateText(`${units}e-${places}`, places)
  return text?.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/** 1 / value, truncated to `places` decimals (a rate turned around); null when not a number or not above zero. */
export function reciprocalText(value: unknown, places: number): string | null {
  const x = parse(value)
  if (!x || x.units <= 0n || !Number.isInteger(places) || places < 0 || places > 100) return null
  // 1 / (units / 10^scale) = 10^scale / units; BigInt division truncates, which is ROUND_DOWN.
  const units = (10n ** BigInt(x.scale + places)) / x.units
  return truncateText(`${units}e-${places}`, places)
}
