// Figures as traders read them in each of the four languages (issue 21: grouping, trimming,
// compact units per locale, truncation that never rounds), and machine text for inputs.
import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  coinPlaces, coinText, formatAmount, formatBalance, formatPercent, formatPrice, formatRate, formatValue, formatVolume,
  inputAmount, PLACEHOLDER,
} from '../../src/lib/format'
import { groupText } from '../../src/lib/format-number'

const LOCALES = ['en-US', 'zh-CN', 'ko', 'ja'] as const
const inLocale = (locale: string) => i18n.activate(locale)
afterEach(() => inLocale('en-US'))

describe('groupText: the locale groups the integer part of exact decimal text', () => {
  it.each(LOCALES)('%s groups thousands with its own symbols', (locale) => {
    expect(groupText('70208.36', locale)).toBe('70,208.36')
    expect(groupText('500000', locale)).toBe('500,000')
    expect(groupText('-1234567.5', locale)).toBe('-1,234,567.5')
    expect(groupText('999', locale)).toBe('999')
  })
  it('keeps every digit of values no float can hold', () => {
    expect(groupText('123456789012345678901234567890.123456789012345678', 'en-US'))
      .toBe('123,456,789,012,345,678,901,234,567,890.123456789012345678')
  })
  it('uses the decimal and group symbols of locales that differ', () => {
    expect(groupText('1234567.5', 'de-DE')).toBe('1.234.567,5')
  })
  it('leaves the placeholder alone', () => {
    expect(groupText(PLACEHOLDER, 'en-US')).toBe(PLACEHOLDER)
  })
})

describe('display figures follow the active locale', () => {
  it.each(LOCALES)('%s: prices, amounts, balances and values are grouped', (locale) => {
    inLocale(locale)
    expect(formatPrice('70208.369', 2)).toBe('70,208.36')
    expect(formatAmount('1234.5', 4)).toBe('1,234.5000')
    expect(coinText('500000')).toBe('500,000')
    expect(coinText('9085.04927452')).toBe('9,085.04927452')
    expect(formatValue('1234567.899')).toBe('1,234,567.89')
    expect(formatPercent('1234.567')).toBe('+1,234.56%')
  })
  it('truncates, never rounds, however close to the next digit', () => {
    expect(formatPrice('0.999999999999', 2)).toBe('0.99')
    expect(formatValue('1999.999')).toBe('1,999.99')
    expect(coinText('9.99999999999', 8)).toBe('9.99999999')
    expect(formatBalance('0.1234567', 'BTC')).toBe('0.123456')
  })
  it('shows negatives with their sign and zero without one', () => {
    expect(formatAmount('-1234.567', 2)).toBe('-1,234.56')
    expect(coinText('-0.000000001')).toBe('0')
    expect(formatValue('-0.001')).toBe('0.00')
  })
  it('shows tiny values exactly, with no exponent', () => {
    expect(coinText('1e-8')).toBe('0.00000001')
    expect(coinText(0.00000001)).toBe('0.00000001')
    expect(formatPrice('0.0000123456789', 9)).toBe('0.000012345')
  })
  it.each([null, undefined, '', 'abc', NaN, Infinity])('shows the placeholder for %j', (value) => {
    expect(formatAmount(value, 2)).toBe(PLACEHOLDER)
    expect(coinText(value)).toBe(PLACEHOLDER)
    expect(formatBalance(value, 'USDT')).toBe(PLACEHOLDER)
    expect(formatValue(value)).toBe(PLACEHOLDER)
    expect(formatVolume(value as never, 'USDT')).toBe(PLACEHOLDER)
  })
})

describe('balances at the coin precision, trimmed', () => {
  it('knows each coin precision: USDT its token contract 6, base coins their amount digits, others 8', () => {
    expect(coinPlaces('USDT')).toBe(6)
    expect(coinPlaces('BTC')).toBe(6)
    expect(coinPlaces('ETH')).toBe(4)
    expect(coinPlaces('DOGE')).toBe(2)
    expect(coinPlaces('LUMEN')).toBe(8)
  })
  it('prints a spot balance short enough for the form', () => {
    expect(formatBalance('9085.04927452', 'USDT')).toBe('9,085.049274')
    expect(formatBalance('12.50000000', 'USDT')).toBe('12.5')
    expect(formatBalance('100', 'ETH')).toBe('100')
  })
})

describe('formatVolume: compact per locale, with its unit', () => {
  it('en-US uses K, M, B and T', () => {
    inLocale('en-US')
    expect(formatVolume('999.999', 'USDT')).toBe('999.99 USDT')
    expect(formatVolume('12345.6', 'USDT')).toBe('12.34K USDT')
    expect(formatVolume('12345678.9', 'USDT')).toBe('12.34M USDT')
    expect(formatVolume('2500000000', 'BTC')).toBe('2.50B BTC')
    expect(formatVolume('1999999999999', 'USDT')).toBe('1.99T USDT')
    expect(formatVolume('1234567000000000', 'USDT')).toBe('1234.56T USDT')
  })
  it('zh-CN uses 万, 亿 and 万亿', () => {
    inLocale('zh-CN')
    expect(formatVolume('9999.99', 'USDT')).toBe('9999.99 USDT')
    expect(formatVolume('12345678.9', 'USDT')).toBe('1234.56万 USDT')
    expect(formatVolume('2500000000', 'USDT')).toBe('25.00亿 USDT')
    expect(formatVolume('3200000000000', 'USDT')).toBe('3.20万亿 USDT')
  })
  it('ja uses 万, 億 and 兆', () => {
    inLocale('ja')
    expect(formatVolume('56789', 'BTC')).toBe('5.67万 BTC')
    expect(formatVolume('2500000000', 'BTC')).toBe('25.00億 BTC')
    expect(formatVolume('3200000000000', 'BTC')).toBe('3.20兆 BTC')
  })
  it('ko uses 만, 억 and 조', () => {
    inLocale('ko')
    expect(formatVolume('56789', 'USDT')).toBe('5.67만 USDT')
    expect(formatVolume('2500000000', 'USDT')).toBe('25.00억 USDT')
    expect(formatVolume('3200000000000', 'USDT')).toBe('3.20조 USDT')
  })
  it.each(LOCALES)('%s: the units are the ones Intl.NumberFormat compact notation uses', (locale) => {
    inLocale(locale)
    const compact = new Intl.NumberFormat(locale, { notation: 'compact' })
    const unitOf = (value: number) => compact.formatToParts(value).find((part) => part.type === 'compact')?.value
    const samples = locale === 'en-US' ? [1e3, 1e6, 1e9, 1e12] : [1e4, 1e8, 1e12]
    for (const sample of samples) expect(formatVolume(String(sample), 'X')).toBe(`1.00${unitOf(sample)} X`)
  })
  it('truncates a compact volume, never showing it larger than it is', () => {
    inLocale('en-US')
    expect(formatVolume('999999999.99', 'USDT')).toBe('999.99M USDT')
    expect(formatVolume('-12345678.9', 'USDT')).toBe('-12.34M USDT')
  })
  it('can leave the unit out', () => {
    expect(formatVolume('12345678.9')).toBe('12.34M')
  })
})

describe('formatRate: the stronger coin as 1', () => {
  it('turns a rate below 1 around, the quote currency at 2 decimals like a price', () => {
    inLocale('en-US')
    expect(formatRate('0.00001164', 'USDT', 'BTC')).toBe('1 BTC ≈ 85,910.65 USDT')
  })
  it('keeps a rate of at least 1 as it is', () => {
    expect(formatRate('85900.123', 'BTC', 'USDT')).toBe('1 BTC ≈ 85,900.12 USDT')
    expect(formatRate('0.0345', 'ETH', 'BTC')).toBe('1 BTC ≈ 28.9855 ETH')
    expect(formatRate('84885.2', 'BTC', 'USDT')).toBe('1 BTC ≈ 84,885.20 USDT')
  })
  it('shows the placeholder for a missing or zero rate', () => {
    expect(formatRate('0', 'USDT', 'BTC')).toBe(PLACEHOLDER)
    expect(formatRate('abc', 'USDT', 'BTC')).toBe(PLACEHOLDER)
  })
})

describe('inputAmount: plain machine text for form inputs, never grouped', () => {
  it.each(LOCALES)('%s: no separators, truncated, trimmed', (locale) => {
    inLocale(locale)
    expect(inputAmount('9085.04927452999')).toBe('9085.04927452')
    expect(inputAmount('1234567.10000000', 8)).toBe('1234567.1')
    expect(inputAmount('1234567.999', 2)).toBe('1234567.99')
    expect(inputAmount('1e-8')).toBe('0.00000001')
  })
  it('is empty for what is not a number', () => {
    expect(inputAmount('abc')).toBe('')
    expect(inputAmount(null)).toBe('')
  })
})
