// The rules of the deposit, withdrawal and address-book forms (spec §3, §5, §9).
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/lib/api-client'
import {
  chainRemark, checkAddress, extraRemark, checkDeposit, checkProofFile, checkWithdraw, formatCoin, isRetryableFailure, maxWithdrawal,
  MAX_PROOF_MB, newIdempotencyKey, receiveAmount, shortenAddress,
} from '../../src/features/assets/logic'
import { parseAddAddressSearch, parseAddressListSearch, parseCoinSearch } from '../../src/features/assets/coin-search'

const fields = (errors: object) => Object.keys(errors).toSorted()
const png = (bytes: number, type = 'image/png') => new File([new Uint8Array(bytes)], 'proof.png', { type })

describe('what a withdrawal delivers', () => {
  it('receive = amount − fee, exactly, never below zero', () => {
    expect(receiveAmount('20', '1')).toBe('19')
    expect(receiveAmount('0.3', '0.1')).toBe('0.2')
    expect(receiveAmount('100.12345678', '0.00000001')).toBe('100.12345677')
    expect(receiveAmount('0.5', '1')).toBe('0')
    expect(receiveAmount('abc', '1')).toBeNull()
    expect(receiveAmount('', '1')).toBeNull()
  })
  it('Max is the available balance, but never more than one withdrawal may carry', () => {
    expect(maxWithdrawal('10000', '50000')).toBe('10000')
    expect(maxWithdrawal('10000', '5000')).toBe('5000')
    expect(maxWithdrawal('0.12345678', null)).toBe('0.12345678')
  })
  it('server amounts show without trailing zeros, cut rather than rounded', () => {
    expect(formatCoin('1')).toBe('1')
    expect(formatCoin('0.50')).toBe('0.5')
    expect(formatCoin('10.000000019')).toBe('10.00000001')
    expect(formatCoin('1000')).toBe('1,000')
    expect(formatCoin(undefined)).toBe('--')
  })
})

describe('addresses', () => {
  it('are shortened in the middle, keeping both ends', () => {
    expect(shortenAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2…KcbLSE')
    expect(shortenAddress('0x52908400098527886E0F7030069857D2E4169EE7', 10)).toBe('0x52908400…D2E4169EE7')
    expect(shortenAddress('short')).toBe('short')
  })
  it('a remark that only repeats the chain is not shown twice', () => {
    expect(extraRemark({ chain: 'TRC20', remark: 'TRC20' })).toBe('')
    expect(extraRemark({ chain: 'TRC20', remark: 'cold wallet' })).toBe('cold wallet')
  })
  it('the USDT remark names the chain; other coins have no chain to name', () => {
    expect(chainRemark('USDT', 'TRC20')).toBe('TRC20')
    expect(chainRemark('BTC', 'BTC')).toBe('')
  })
  it('an address must be entered; its format is the server’s to judge', () => {
    expect(checkAddress({ address: '   ' }).address?.message).toBe('Please enter the withdrawal address')
    expect(checkAddress({ address: 'anything' })).toEqual({})
  })
})

describe('the recharge form', () => {
  it("needs the proof ('Please upload credentials') and an amount of at least the minimum", () => {
    const errors = checkDeposit({ amount: '', proof: null }, '1')
    expect(fields(errors)).toEqual(['amount', 'proof'])
    expect(errors.proof?.id).toBe('Please upload credentials')
    expect(checkDeposit({ amount: '0.5', proof: png(10) }, '1').amount?.id).toBe('The number of inputs is less than the minimum limit')
    expect(checkDeposit({ amount: '25', proof: png(10) }, '1')).toEqual({})
  })
  it('refuses a file that is not an image, or too large, before anything is sent', () => {
    expect(checkProofFile(png(10, 'application/pdf'))?.id).toBe('Please upload a PNG, JPEG or WebP image')
    expect(checkProofFile(png(10, 'image/svg+xml'))?.id).toBe('Please upload a PNG, JPEG or WebP image')
    expect(checkProofFile(png(10, 'image/jpeg'))).toBeNull()
    expect(checkProofFile(png(MAX_PROOF_MB * 1024 * 1024 + 1))?.message).toBe('The image is too large; at most {MAX_PROOF_MB} MB')
    expect(checkProofFile(png(MAX_PROOF_MB * 1024 * 1024))).toBeNull()
    expect(fields(checkDeposit({ amount: '25', proof: png(10, 'text/html') }, '1'))).toEqual(['proof'])
  })
})

const limits = { min: '10', max: '50000', available: '10000' }
const valid = { addressId: 'a1', amount: '20', remark: 'TRC20', tradePassword: '123456' }
const amountError = (amount: string, available = '10000') => checkWithdraw({ ...valid, amount }, { ...limits, available }).amount?.id

describe('the withdrawal form', () => {
  it('needs amount, address, remark and the fund password (spec §5)', () => {
    const errors = checkWithdraw({ addressId: null, amount: '', remark: ' ', tradePassword: '' }, limits)
    expect(fields(errors)).toEqual(['address', 'amount', 'remark', 'tradePassword'])
    expect(errors.tradePassword?.id).toBe('Please enter fund password')
    expect(errors.address?.message).toBe('Please choose a withdrawal address')
    expect(errors.remark?.message).toBe('Please enter a remark')
    expect(checkWithdraw(valid, limits)).toEqual({})
  })
  it('checks the amount against the minimum, the maximum and the balance, in that order', () => {
    expect(amountError('5')).toBe('The number of inputs is less than the minimum limit')
    expect(amountError('60000', '100000')).toBe('num limit')
    expect(amountError('10000.00000001')).toBe('Insufficient available balance')
    expect(amountError('10000')).toBeUndefined()
    expect(amountError('1e3')).toBe('enter num please')
  })
  it('a fund password is six digits', () => {
    expect(checkWithdraw({ ...valid, tradePassword: '12345' }, limits).tradePassword?.id).toBe('The fund password must be 6 digits')
  })
})

describe('one confirmed withdrawal, one key', () => {
  it('keys are v4 UUIDs and never repeat', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey))
    expect(keys.size).toBe(100)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
  it('is retried only when the answer may not have been decided', () => {
    expect(isRetryableFailure(new ApiError('x', { kind: 'network' }))).toBe(true)
    expect(isRetryableFailure(new ApiError('x', { kind: 'timeout' }))).toBe(true)
    expect(isRetryableFailure(new ApiError('x', { kind: 'http', status: 503 }))).toBe(true)
    expect(isRetryableFailure(new ApiError('x', { kind: 'http', status: 409 }))).toBe(true)
    expect(isRetryableFailure(new ApiError('Password is incorrect', { kind: 'business', code: 0 }))).toBe(false)
    expect(isRetryableFailure(new ApiError('x', { kind: 'http', status: 400 }))).toBe(false)
    expect(isRetryableFailure(new Error('x'))).toBe(false)
  })
})

describe('screen searches', () => {
  it('fall back to USDT and its first chain, and keep only a chain of the coin', () => {
    expect(parseCoinSearch({})).toEqual({ currency: 'USDT', chain: undefined })
    expect(parseCoinSearch({ currency: 'USDT', chain: 'ERC20' })).toEqual({ currency: 'USDT', chain: 'ERC20' })
    expect(parseCoinSearch({ currency: 'BTC', chain: 'TRC20' })).toEqual({ currency: 'BTC', chain: 'BTC' })
    expect(parseCoinSearch({ currency: 'NOPE' }).currency).toBe('USDT')
    expect(parseAddressListSearch({ currency: 'ETH', select: 1 })).toEqual({ currency: 'ETH', select: 1 })
    expect(parseAddressListSearch({ currency: 'ETH', select: 'no' }).select).toBeUndefined()
    expect(parseAddAddressSearch({ currency: 'USDT', id: 42 })).toEqual({ currency: 'USDT', id: '42' })
  })
})
