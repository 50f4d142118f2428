import { BigNumber } from 'bignumber.js'
import { describe, expect, it } from 'vitest'
import { compareText, percentChangeText, percentOfText, reciprocalText, signOfText, truncateText } from '../../src/lib/decimal-text'
import { dec, truncate } from '../../src/lib/decimal'

describe('truncateText', () => {
  it('cuts without rounding and pads to the places', () => {
    expect(truncateText('1.239', 2)).toBe('1.23')
    expect(truncateText('-1.239', 2)).toBe('-1.23')
    expect(truncateText('5', 3)).toBe('5.000')
    expect(truncateText('.5', 1)).toBe('0.5')
    expect(truncateText('19.999', 0)).toBe('19')
  })
  it('reads exponent notation exactly, as numbers print small values', () => {
    expect(truncateText(0.00000001, 8)).toBe('0.00000001')
    expect(truncateText('1.5e3', 2)).toBe('1500.00')
    expect(truncateText('123e-5', 4)).toBe('0.0012')
  })
  it('never signs a zero', () => {
    expect(truncateText('-0.001', 2)).toBe('0.00')
    expect(truncateText('-0', 1)).toBe('0.0')
  })
  it.each([null, undefined, '', '.', '-', 'abc', '0x10', ' 1', '1_0', NaN, Infinity, {}])('refuses %j', (value) => {
    expect(truncateText(value, 2)).toBeNull()
  })
  it('agrees with bignumber.js truncation on many values', () => {
    for (let i = 0; i < 500; i++) {
      const text = `${i % 3 === 0 ? '-' : ''}${Math.floor(Math.random() * 1e6)}.${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`
      for (const places of [0, 2, 5, 9]) expect(truncateText(text, places)).toBe(truncate(text, places))
    }
  })
  it('prints a BigNumber from its plain notation', () => expect(truncateText(new BigNumber('3.999999999'), 8)).toBe('3.99999999'))
})

describe('compareText and signOfText', () => {
  it('orders decimals exactly, whatever their scale', () => {
    expect(compareText('10', '9.99999999999')).toBe(1)
    expect(compareText('0.1', '0.10')).toBe(0)
    expect(compareText('-2', '1')).toBe(-1)
    expect(compareText('abc', '1')).toBeNull()
    expect(signOfText('-0.0000001')).toBe(-1)
    expect(signOfText('0.000')).toBe(0)
  })
})

describe('percentChangeText', () => {
  it('is (to − from) / from × 100, truncated towards zero like bignumber ROUND_DOWN', () => {
    expect(percentChangeText('100', '102.5')).toBe('2.5')
    expect(percentChangeText('200', '250')).toBe('25')
    expect(percentChangeText('3', '2')).toBe(dec('2').minus('3').dividedBy('3').times(100).decimalPlaces(8, 1).toFixed(8))
    expect(percentChangeText('0', '5')).toBe('0')
    expect(percentChangeText('x', '5')).toBeNull()
  })
})

describe('percentOfText', () => {
  it('is part / whole × 100, cut to the places without trailing zeros; null when whole is not above zero', () => {
    expect(percentOfText('1', '3')).toBe('33.33')
    expect(percentOfText('2', '3')).toBe('66.66')
    expect(percentOfText('7', '2')).toBe('350')
    expect(percentOfText('0', '500000')).toBe('0')
    expect(percentOfText('0.5', '1e6', 4)).toBe('0')
    expect(percentOfText('125000.5', '500000')).toBe('25')
    expect(percentOfText('1', '0')).toBeNull()
    expect(percentOfText('x', '3')).toBeNull()
  })
})

describe('reciprocalText', () => {
  it('turns a rate around exactly, cut rather than rounded', () => {
    expect(reciprocalText('0.00001164', 2)).toBe('85910.65')
    expect(reciprocalText('3', 4)).toBe('0.3333')
    expect(reciprocalText('0.5', 0)).toBe('2')
  })
  it('is null for zero, negatives and what is not a number', () => {
    expect(reciprocalText('0', 2)).toBeNull()
    expect(reciprocalText('-2', 2)).toBeNull()
    expect(reciprocalText('x', 2)).toBeNull()
  })
})
