// The locale's part of printing a figure: grouping separators and compact units, applied to
// decimal text that lib/decimal-text has already cut exactly. Intl.NumberFormat decides the
// symbols and where groups fall, but it is only ever handed a BigInt (the integer digits), never a
// float, so no figure is rounded on its way to the screen. (Modern V8 also formats decimal strings
// exactly, but older Safari turns them into floats first; a BigInt is exact everywhere.)
import { i18n } from '@lingui/core'

/** The language figures are printed in: Lingui's active locale, en-US before one is active. */
export const activeLocale = (): string => i18n.locale || 'en-US'

interface LocaleDigits {
  /** Groups an integer exactly ('1234567' → '1,234,567'). */
  integer: Intl.NumberFormat
  /** The same, but leaves four-digit integers alone ('9999'), as compact notation does. */
  integerMin2: Intl.NumberFormat
  decimal: string
}

const cache = new Map<string, LocaleDigits>()

function digitsOf(locale: string): LocaleDigits {
  const known = cache.get(locale)
  if (known) return known
  // Latin digits whatever the locale, so the integer part and the fraction (copied as is) match.
  const options = { numberingSystem: 'latn', maximumFractionDigits: 0 } as const
  const decimal = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(1.5).find((part) => part.type === 'decimal')
  const digits: LocaleDigits = {
    integer: new Intl.NumberFormat(locale, options),
    integerMin2: new Intl.NumberFormat(locale, { ...options, useGrouping: 'min2' }),
    decimal: decimal?.value ?? '.',
  }
  cache.set(locale, digits)
  return digits
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * Plain decimal text ('-1234567.50') as the locale writes it ('-1,234,567.50'), every digit kept.
 * Anything else (the placeholder) comes back unchanged. `min2` groups only from five digits on.
 */
export function groupText(text: string, locale: string = activeLocale(), min2 = false): string {
  const match = PLAIN_DECIMAL.exec(text)
  if (!match) return text
  const [, sign = '', whole = '0', fraction] = match
  const digits = digitsOf(locale)
  const grouped = (min2 ? digits.integerMin2 : digits.integer).format(BigInt(whole))
  return `${sign}${grouped}${fraction === undefined ? '' : `${digits.decimal}${fraction}`}`
}

/**
 * The compact units a locale's traders read, largest first, as powers of ten: thousands for
 * English, myriads (万/亿, 万/億, 만/억) for Chinese, Japanese and Korean. The unit texts are those
 * of Intl.NumberFormat's compact notation (tests/unit/format-number.test.ts checks them); they are
 * written here because Intl's compact notation rounds, and picks Korean 천 below 만.
 */
const COMPACT_UNITS: Record<string, readonly (readonly [number, string])[]> = {
  en: [[12, 'T'], [9, 'B'], [6, 'M'], [3, 'K']],
  zh: [[12, '万亿'], [8, '亿'], [4, '万']],
  ja: [[12, '兆'], [8, '億'], [4, '万']],
  ko: [[12, '조'], [8, '억'], [4, '만']],
}

/** The units of a locale's language, English ones for a language without its own. */
export const compactUnitsOf = (locale: string): readonly (readonly [number, string])[] =>
  COMPACT_UNITS[locale.split('-')[0]?.toLowerCase() ?? ''] ?? COMPACT_UNITS.en!
