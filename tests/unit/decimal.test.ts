import { describe, expect, it } from 'vitest'
import { BigNumber } from 'bignumber.js'
import { DEFAULT_PRECISION, compare, dec, isAtLeast, isDecimalString, plainDecimal, truncate, tryDec } from '../../src/lib/decimal'

describe('isDecimalString', () => {
  it.each(['0', '12', '0.5', '.5', '3.', '-1.2', '00012.3400', '123456789012345678901234567890.123456789'])(
    'accepts %j',
    (text) => expect(isDecimalString(text)).toBe(true),
  )
  it.each(['', '.', '-', '-.', '1e5', '0x10', ' 1', '1 ', '+1', '1.2.3', '1,5', '1_000', 'NaN', 'Infinity', '--1'])(
    'rejects %j',
    (text) => expect(isDecimalString(text)).toBe(false),
  )
  it('rejects what is not a string', () => {
    expect(isDecimalString(5)).toBe(false)
    expect(isDecimalString(null)).toBe(false)
    expect(isDecimalString(undefined)).toBe(false)
  })
})

describe('dec and tryDec', () => {
  it('reads strings, numbers and BigNumbers exactly, never in exponent notation', () => {
    expect(dec('0.1').plus('0.2').toString()).toBe('0.3')
    expect(dec(1e-7).toString()).toBe('0.0000001')
    expect(dec('1e21').toString()).toBe('1000000000000000000000')
    expect(dec(new BigNumber('2.5')).times(2).toString()).toBe('5')
  })
  it('divides with many places and rounds down', () => {
    expect(dec(2).div(3).toString()).toBe('0.666666666666666666666666666666666666')
  })
  it.each([NaN, Infinity, -Infinity, '', 'abc', 'NaN', 'Infinity', '0x10', ' 1', '1_000', new BigNumber(NaN)])(
    'dec throws a RangeError for %j, tryDec answers null',
    (value) => {
      expect(() => dec(value)).toThrow(RangeError)
      expect(() => dec(value)).toThrow(/Not a finite decimal/)
      expect(tryDec(value)).toBeNull()
    },
  )
  it('tryDec answers null for null, undefined and objects', () => {
    expect(tryDec(null)).toBeNull()
    expect(tryDec(undefined)).toBeNull()
    expect(tryDec({})).toBeNull()
  })
  it('is not changed by a global BigNumber.config', () => {
    const saved = BigNumber.config()
    BigNumber.config({ ROUNDING_MODE: BigNumber.ROUND_UP, EXPONENTIAL_AT: 2 })
    try {
      expect(dec(1).div(3).toString()).toBe('0.333333333333333333333333333333333333')
      expect(dec('12345').toString()).toBe('12345')
    } finally {
      BigNumber.config(saved)
    }
  })
})

describe('truncate', () => {
  it('cuts instead of rounding and keeps trailing zeros', () => {
    expect(truncate('1.23456', 2)).toBe('1.23')
    expect(truncate('1.239', 2)).toBe('1.23')
    expect(truncate('-1.239', 2)).toBe('-1.23')
    expect(truncate('5', 2)).toBe('5.00')
    expect(truncate('0.999999999', DEFAULT_PRECISION)).toBe('0.99999999')
    expect(truncate('7.9', 0)).toBe('7')
    expect(truncate(0.1 + 0.2, 2)).toBe('0.30')
  })
  it('never shows a sign on zero', () => {
    expect(truncate('-0.001', 2)).toBe('0.00')
    expect(truncate('-0', 0)).toBe('0')
  })
  it('throws on an invalid value or number of places', () => {
    expect(() => truncate('abc', 2)).toThrow(RangeError)
    expect(() => truncate('1', -1)).toThrow(/integer from 0 to 100/)
    expect(() => truncate('1', 1.5)).toThrow(RangeError)
  })
  it('uses 8 places by default', () => expect(DEFAULT_PRECISION).toBe(8))
})

describe('compare and isAtLeast', () => {
  it('compares exactly where floats would not', () => {
    expect(compare('0.3', dec('0.1').plus('0.2'))).toBe(0)
    expect(compare('0.00001', '0.000009999999999999999')).toBe(1)
    expect(compare('-2', 1)).toBe(-1)
    expect(compare('10', '9.99')).toBe(1)
  })
  it('isAtLeast includes the bound', () => {
    expect(isAtLeast('0.00001', '0.00001')).toBe(true)
    expect(isAtLeast('0.000011', '0.00001')).toBe(true)
    expect(isAtLeast('0.0000099', '0.00001')).toBe(false)
  })
  it('throws on invalid input instead of answering false', () => {
    expect(() => compare('x', 1)).toThrow(RangeError)
    expect(() => isAtLeast(NaN, 1)).toThrow(RangeError)
  })
})

describe('plainDecimal', () => {
  it('writes plain notation without trailing zeros, cut to the places when given', () => {
    expect(plainDecimal('1e-7')).toBe('0.0000001')
    expect(plainDecimal('1000.000000001', 8)).toBe('1000')
    expect(plainDecimal('0.123456789', 8)).toBe('0.12345678')
    expect(() => plainDecimal('abc')).toThrow(RangeError)
  })
})
