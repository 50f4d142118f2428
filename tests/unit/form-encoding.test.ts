import { describe, expect, it } from 'vitest'
import { BigNumber } from 'bignumber.js'
import { stripEmpty, toFormParams } from '../../src/lib/form-encoding'

describe('stripEmpty', () => {
  it('drops undefined, null and empty strings, keeps zero, false and blanks', () => {
    const stripped = stripEmpty({ a: undefined, b: null, c: '', d: 0, e: false, f: ' ', g: 'x' })
    expect(stripped).toEqual({ d: 0, e: false, f: ' ', g: 'x' })
    expect(Object.keys(stripped)).toEqual(['d', 'e', 'f', 'g'])
  })
  it('does not change its argument', () => {
    const input = { a: '', b: 1 }
    stripEmpty(input)
    expect(input).toEqual({ a: '', b: 1 })
  })
})

describe('toFormParams', () => {
  it('encodes the non-empty fields', () => {
    const params = toFormParams({ email: 'a+b@c.io', pageNo: 1, keep: false, inviteCode: '', extra: undefined })
    expect(params.toString()).toBe('email=a%2Bb%40c.io&pageNo=1&keep=false')
  })
  it('sends decimals in plain notation', () => {
    BigNumber.config({ EXPONENTIAL_AT: 2 })
    try {
      expect(toFormParams({ amount: new BigNumber('0.0000001'), big: 10n }).toString()).toBe('amount=0.0000001&big=10')
    } finally {
      BigNumber.config({ EXPONENTIAL_AT: [-7, 20] })
    }
  })
  it('refuses nested values', () => {
    expect(() => toFormParams({ list: [1, 2] })).toThrow(/Form field "list"/)
    expect(() => toFormParams({ nested: { a: 1 } })).toThrow(TypeError)
  })
  it('is empty without a payload', () => expect(toFormParams().toString()).toBe(''))
})
