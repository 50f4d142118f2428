// Every number and date the app shows is printed here, so that truncation (never rounding, spec §9),
// the locale's grouping and the placeholder for missing data are decided once. Screens use nothing
// else: no toFixed, toLocaleString or hand-made number text in components (tests/unit/
// format-guard.test.ts). Printing needs no arithmetic, so this works on the decimal text
// (lib/decimal-text), groups it with lib/format-number, and loads no decimal library.
//
// Two kinds of output, never mixed: display text (grouped, for people: '9,085.049274') and input
// text (inputAmount: plain machine digits, for a form field that is parsed back: '9085.04927452').
import type { BigNumber } from 'bignumber.js'
import { AMOUNT_PRECISION } from '../contract/spot.ts'
import { compareText, DEFAULT_PRECISION, reciprocalText, signOfText, truncateText } from './decimal-text'
import { activeLocale, compactUnitsOf, groupText } from './format-number'
import { PLACEHOLDER } from './format-time'

export { formatClock, formatDate, PLACEHOLDER } from './format-time'

/** Pair prices carry 2 to 9 decimals (spec §3). */
export const PRICE_PRECISION_MIN = 2
export const PRICE_PRECISION_MAX = 9

/** A value in USDT (a valuation, a total of assets) shows cents. */
export const VALUE_PLACES = 2

type MaybeValue = string | number | BigNumber | null | undefined

/** Trailing zeros off a plain decimal text ('0.50000000' → '0.5'); '' stays ''. Machine text in, machine text out. */
export const trimZeros = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text)

const shown = (text: string | null): string => (text === null ? PLACEHOLDER : groupText(text, activeLocale()))

/** An amount cut to exactly `precision` decimals and grouped ('1234.56789' → '1,234.5678'); '--' when not a number. */
export function formatAmount(value: MaybeValue, precision: number = DEFAULT_PRECISION): string {
  return shown(truncateText(value, precision))
}

/**
 * A price cut to its pair's precision and grouped. A precision outside 2..9 (bad or missing pair
 * data) is clamped rather than refused, so a row still shows a readable price instead of '--'.
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
  return `${sign}${groupText(text, activeLocale())}%`
}

/** An amount cut (never rounded) to `places` decimals, without trailing zeros, grouped ('1234.50000000' → '1,234.5'); '--' when not a number. */
export function coinText(value: MaybeValue, places: number = DEFAULT_PRECISION): string {
  const text = truncateText(value, places)
  return shown(text === null ? null : trimZeros(text))
}

/**
 * A gain or loss as it is read: '+' on a figure above zero ('+12.5'), '-3', and '0' unsigned (a
 * figure that cuts to zero claims no gain); cut to `places`, trailing zeros off, grouped.
 */
export function formatSigned(value: MaybeValue, places: number = DEFAULT_PRECISION): string {
  const text = coinText(value, places)
  return signOfText(value) === 1 && text !== '0' ? `+${text}` : text
}

/**
 * Decimals worth showing of an amount of a coin: a base coin's amount digits (contract/spot.ts),
 * USDT's 6 (its token contract's precision on TRC20 and ERC20), any other coin 8.
 */
export const coinPlaces = (coin: string): number => (coin === 'USDT' ? 6 : (AMOUNT_PRECISION[coin] ?? DEFAULT_PRECISION))

/** A balance or amount of `coin` at the coin's precision, trimmed and grouped ('9085.04927452' USDT → '9,085.049274'). */
export const formatBalance = (value: MaybeValue, coin: string): string => coinText(value, coinPlaces(coin))

/** A value in USDT (what assets are worth), at cents and grouped ('70208.369' → '70,208.36'). */
export const formatValue = (value: MaybeValue): string => formatAmount(value, VALUE_PLACES)

/**
 * A volume short enough for a phone row, in the locale's compact units (en-US '12.34M', zh-CN
 * '1234.56万', ja '25.00億', ko '5.67만'), cut to 2 decimals so it is never shown larger than it
 * is, then its unit ('12.34M USDT'). Below the smallest unit, the plain amount at 2 decimals.
 */
export function formatVolume(value: MaybeValue, unit?: string): string {
  const locale = activeLocale()
  const plain = truncateText(value, VALUE_PLACES)
  if (plain === null) return PLACEHOLDER
  const size = plain.replace('-', '')
  const scale = compactUnitsOf(locale).find(([power]) => (compareText(size, `1e${power}`) ?? -1) >= 0)
  // Dividing by a power of ten is moving the point: exact, as the exponent form of the same text.
  const text = scale
    ? `${groupText(truncateText(`${plain}e-${scale[0]}`, VALUE_PLACES) ?? plain, locale, true)}${scale[1]}`
    : groupText(plain, locale, true)
  return unit ? `${text} ${unit}` : text
}

/**
 * An exchange rate with the stronger coin as 1, as traders read it: a rate of 0.00001164 BTC per
 * USDT reads '1 BTC ≈ 85,910.65 USDT'. The weaker coin's side is USDT at cents (like a price) or
 * another coin at its precision, trimmed; '--' for a rate that is not above zero.
 */
export function formatRate(rate: MaybeValue, from: string, to: string): string {
  const below = compareText(rate, '1')
  if (below === null || signOfText(rate) !== 1) return PLACEHOLDER
  const [one, other] = below < 0 ? [to, from] : [from, to]
  const places = other === 'USDT' ? VALUE_PLACES : coinPlaces(other)
  const figure = below < 0 ? reciprocalText(rate, places) : truncateText(rate, places)
  if (figure === null) return PLACEHOLDER
  // USDT reads like a price (cents kept: '84,885.20'); another coin like a balance (trimmed).
  return `1 ${one} ≈ ${groupText(other === 'USDT' ? figure : trimZeros(figure), activeLocale())} ${other}`
}

/**
 * Plain machine text for a form field (a "Max" button, a price picked from the book): cut to
 * `places` decimals, no trailing zeros, never grouped, since the field's text is parsed back.
 * '' when not a number.
 */
export function inputAmount(value: MaybeValue, places: number = DEFAULT_PRECISION): string {
  const text = truncateText(value, places)
  return text === null ? '' : trimZeros(text)
}
