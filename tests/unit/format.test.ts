import { describe, expect, it } from 'vitest'
import { BigNumber } from 'bignumber.js'
import { PLACEHOLDER, formatAmount, formatDate, formatPercent, formatPrice } from '../../src/lib/format'

describe('formatAmount', () => {
  it('truncates to 8 decimals by default', () => {
    expect(formatAmount('1.123456789')).toBe('1.12345678')
    expect(formatAmount('2')).toBe('2.00000000')
    expect(formatAmount(0.00000001)).toBe('0.00000001')
    expect(formatAmount(new BigNumber('3.999999999'))).toBe('3.99999999')
  })
  it('truncates to the given precision', () => {
    expect(formatAmount('19.999', 2)).toBe('19.99')
    expect(formatAmount('-19.999', 2)).toBe('-19.99')
    expect(formatAmount('19.999', 0)).toBe('19')
  })
  it.each([null, undefined, '', 'abc', NaN, Infinity])('shows the placeholder for %j', (value) => {
    expect(formatAmount(value)).toBe(PLACEHOLDER)
  })
  it('shows the placeholder for a nonsensical precision', () => {
    expect(formatAmount('1', -1)).toBe('--')
    expect(formatAmount('1', 2.5)).toBe('--')
  })
})

describe('formatPrice', () => {
  it('truncates to the pair precision (2 to 9)', () => {
    expect(formatPrice('43210.987', 2)).toBe('43,210.98')
    expect(formatPrice('0.123456', 4)).toBe('0.1234')
    expect(formatPrice('0.0000123456789', 9)).toBe('0.000012345')
  })
  it('clamps a precision outside 2..9', () => {
    expect(formatPrice('1.23456789012', 12)).toBe('1.234567890')
    expect(formatPrice('1.239', 0)).toBe('1.23')
    expect(formatPrice('1.123456789', Number.NaN)).toBe('1.12345678')
  })
  it('shows the placeholder for a missing price', () => {
    expect(formatPrice(undefined, 2)).toBe('--')
    expect(formatPrice('NaN', 2)).toBe('--')
  })
})

describe('formatPercent', () => {
  it('shows two truncated decimals and a + when positive', () => {
    expect(formatPercent('1.234')).toBe('+1.23%')
    expect(formatPercent('1.239')).toBe('+1.23%')
    expect(formatPercent(12)).toBe('+12.00%')
    expect(formatPercent('-3.456')).toBe('-3.45%')
  })
  it('shows a change that truncates to zero without a sign', () => {
    expect(formatPercent(0)).toBe('0.00%')
    expect(formatPercent('-0.005')).toBe('0.00%')
    expect(formatPercent('0.009')).toBe('0.00%')
  })
  it('shows the placeholder for invalid input', () => {
    expect(formatPercent('abc')).toBe('--')
    expect(formatPercent(NaN)).toBe('--')
    expect(formatPercent(null)).toBe('--')
  })
})

describe('formatDate', () => {
  // Built with the local-time constructor, so the expectation holds in any time zone.
  const local = new Date(2024, 0, 2, 3, 4, 5)

  it('prints local time as YYYY-MM-DD HH:MM:SS, zero padded', () => {
    expect(formatDate(local)).toBe('2024-01-02 03:04:05')
    expect(formatDate(local.getTime())).toBe('2024-01-02 03:04:05')
    expect(formatDate(new Date(2025, 11, 31, 23, 59, 59, 999))).toBe('2025-12-31 23:59:59')
  })
  it('shows the placeholder for an invalid date', () => {
    expect(formatDate(NaN)).toBe('--')
    expect(formatDate(new Date('nonsense'))).toBe('--')
    expect(formatDate(null)).toBe('--')
    expect(formatDate(undefined)).toBe('--')
  })
})
