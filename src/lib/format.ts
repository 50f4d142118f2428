// Every number and date the app shows is printed here, so that truncation (never rounding, spec §9)
// and the placeholder for missing data are decided once. Components never call toFixed. Printing
// needs no arithmetic, so this works on the decimal text (lib/decimal-text) and loads no library.
import type { BigNumber } from 'bignumber.js'
import { DEFAULT_PRECISION, signOfText, truncateText } from './decimal-text'
import { PLACEHOLDER } from './format-time'

export { formatClock, formatDate, PLACEHOLDER } from './format-time'

/** Pair prices carry 2 to 9 decimals (spec §3). */
export const PRICE_PRECISION_MIN = 2
export const PRICE_PRECISION_MAX = 9

type MaybeValue = string | number | BigNumber | null | undefined

/** An amount cut to `precision` decimals ('1.23456789123' → '1.23456789'); '--' when not a number. */
export function formatAmount(value: MaybeValue, precision: number = DEFAULT_PRECISION): string {
  return truncateText(value, precision) ?? PLACEHOLDER
}

/**
 * A price cut to its pair's precision. A precision outside 2..9 (bad or missing pair data) is
 * clamped rather than refused, so a row still shows a readable price instead of '--'.
 */
export function formatPrice(value: MaybeValue, precision: number): string {
  const places = Number.isInteger(precision)
    ? Math.min(PRICE_PRECISION_MAX, Math.max(PRICE_PRECISION_MIN, precision))
    : DEFAULT_PRECISION
  return formatAmount(value, places)
}

/**
 * A change already in percent ('1.234' → '+1.23%', '-5' → '-5.00%'). A change that truncates to
 * zero shows '0.00%' without a sign: '+0.00%' or '-0.00%' would claim a move the display cannot show.
 */
export function formatPercent(value: MaybeValue): string {
  const text = truncateText(value, 2)
  if (text === null) return PLACEHOLDER
  const sign = signOfText(value) === 1 && text !== '0.00' ? '+' : ''
  return `${sign}${text}%`
}

/** Trailing zeros off a decimal text ('0.50000000' → '0.5'); '' stays ''. */
export const trimZeros = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text)

/** An amount cut (never rounded) to `places` decimals without trailing zeros ('8.50000000' → '8.5'); '--' when not a number. */
export const coinText = (value: MaybeValue, places: number = DEFAULT_PRECISION): string => trimZeros(formatAmount(value, places))
