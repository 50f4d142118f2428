import { describe, expect, it } from 'vitest'
import type { AssetRow } from '../../src/contract/assets.ts'
import {
  accountTotal,
  availableOf,
  checkExchange,
  checkTransfer,
  feePercent,
  isQuotable,
  isSmallBalance,
  keyFor,
  masked,
  MASK,
  maxAmount,
  mergePage,
  parseAccountId,
  parseTransferType,
  plainAmount,
  reverseTransfer,
  rowValue,
  transferAccounts,
  usdtPrice,
  visibleRows,
} from '../../src/features/assets/logic'

const row = (currencyName: string, availableCurrency: string, frozenCurrency = '0'): AssetRow => ({ currencyName, availableCurrency, frozenCurrency })
const closes = { BTC: '60000.5', ETH: '3000', DOGE: '0.1' }
const names = (list: AssetRow[]) => list.map((r) => `${r.currencyName}:${r.availableCurrency}`)
const rec = (id: string) => ({ id })
const id = (errors: { amount?: { id?: string }; to?: { id?: string } }, field: 'amount' | 'to' = 'amount') => errors[field]?.id

describe('converted values and totals (spec §9)', () => {
  it('prices USDT at 1 and other coins at their USDT close; an unknown close is no price', () => {
    expect(usdtPrice('USDT', {})).toBe('1')
    expect(usdtPrice('BTC', closes)).toBe('60000.5')
    expect(usdtPrice('LTC', closes)).toBeNull()
    expect(usdtPrice('BTC', { BTC: 'n/a' })).toBeNull()
  })

  it('values a row as (available + frozen) × price, frozen included, in exact decimals', () => {
    expect(rowValue(row('USDT', '10000', '2.5'), closes)).toBe('10002.5')
    expect(rowValue(row('BTC', '0.5', '0.1'), closes)).toBe('36000.3')
    expect(rowValue(row('DOGE', '0.1', '0.2'), closes)).toBe('0.03')
    expect(rowValue(row('LTC', '1'), closes)).toBeNull()
  })

  it('sums an account, and refuses a total that would leave out a held coin without a price', () => {
    const rows = [row('USDT', '10000'), row('BTC', '0.5'), row('ETH', '5', '1')]
    expect(accountTotal(rows, closes)).toBe('58000.25')
    expect(accountTotal([...rows, row('LTC', '0', '0')], closes)).toBe('58000.25')
    expect(accountTotal([...rows, row('LTC', '2')], closes)).toBeNull()
    expect(accountTotal([], closes)).toBe('0')
  })
})

describe('hide small balances (0.1 USDT or less)', () => {
  it('hides exactly 0.1 and shows 0.10000001', () => {
    expect(isSmallBalance('0.1')).toBe(true)
    expect(isSmallBalance('0.10000001')).toBe(false)
    expect(isSmallBalance('0')).toBe(true)
    expect(isSmallBalance(null)).toBe(false)
  })

  it('filters rows by their value only when the toggle is on, keeping rows without a price', () => {
    const rows = [row('USDT', '0.1'), row('USDT', '0.10000001'), row('DOGE', '1'), row('LTC', '0.001'), row('BTC', '0', '0.00001')]
    expect(names(visibleRows(rows, closes, false))).toEqual(names(rows))
    // DOGE 1 × 0.1 = 0.1 (hidden); BTC frozen 0.00001 × 60000.5 = 0.600005 (shown); LTC has no price (shown).
    expect(names(visibleRows(rows, closes, true))).toEqual(['USDT:0.10000001', 'LTC:0.001', 'BTC:0'])
  })
})

describe('paging (spec §4)', () => {
  it('replaces on page 1, appends later pages, and stops when the total is reached', () => {
    const first = mergePage([rec('old')], { list: [rec('1'), rec('2')], sum: 3 }, 1)
    expect(first).toEqual({ list: [rec('1'), rec('2')], noMore: false })
    const second = mergePage(first.list, { list: [rec('3')], sum: 3 }, 2)
    expect(second).toEqual({ list: [rec('1'), rec('2'), rec('3')], noMore: true })
  })

  it('skips a record a newer one pushed onto the next page, and stops on an empty page', () => {
    const shifted = mergePage([rec('1'), rec('2')], { list: [rec('2'), rec('3')], sum: 5 }, 2)
    expect(shifted).toEqual({ list: [rec('1'), rec('2'), rec('3')], noMore: false })
    expect(mergePage(shifted.list, { list: [], sum: 5 }, 3).noMore).toBe(true)
    expect(mergePage([], { list: [], sum: 0 }, 1)).toEqual({ list: [], noMore: true })
  })
})

describe('masking', () => {
  it('shows the same mask for every amount while hidden, and the text otherwise', () => {
    expect(masked('10000.5', true)).toBe(MASK)
    expect(masked('0', true)).toBe(MASK)
    expect(masked('10000.5', false)).toBe('10000.5')
  })
})

describe('accounts and directions', () => {
  it('reads account ids and transfer types from the URL, nothing else', () => {
    expect([parseAccountId('1'), parseAccountId(2), parseAccountId('3'), parseAccountId(undefined)]).toEqual([1, 2, null, null])
    expect([parseTransferType('2'), parseTransferType('x')]).toEqual([2, null])
    expect(transferAccounts(1)).toEqual({ from: 1, to: 2 })
    expect(transferAccounts(2)).toEqual({ from: 2, to: 1 })
    expect(reverseTransfer(1)).toBe(2)
  })

  it('finds the available balance: 0 for a coin never held, null while the list loads', () => {
    expect(availableOf([row('USDT', '12.5')], 'USDT')).toBe('12.5')
    expect(availableOf([row('USDT', '12.5')], 'BTC')).toBe('0')
    expect(availableOf(null, 'USDT')).toBeNull()
  })

  it('"Max" is the balance cut to 8 decimals, never rounded up', () => {
    expect(maxAmount('10000.00000000')).toBe('10000')
    expect(maxAmount('0.123456789')).toBe('0.12345678')
    expect(plainAmount('100.')).toBe('100')
    expect(plainAmount('007.50')).toBe('7.5')
  })
})

describe('transfer and exchange checks (spec §5)', () => {
  it('asks for at least 0.00001 (c_a_transferTip), then for enough balance', () => {
    expect(id(checkTransfer({ amount: '' }, '100'))).toBe('c_a_transferTip')
    expect(id(checkTransfer({ amount: '0.000009' }, '100'))).toBe('c_a_transferTip')
    expect(id(checkTransfer({ amount: 'abc' }, '100'))).toBe('c_a_transferTip')
    expect(id(checkTransfer({ amount: '100.00000001' }, '100'))).toBe('Insufficient available balance')
    expect(checkTransfer({ amount: '100' }, '100')).toEqual({})
    expect(checkTransfer({ amount: '0.00001' }, null)).toEqual({})
  })

  it('needs an amount within the spot balance and two different currencies', () => {
    expect(id(checkExchange({ from: 'USDT', to: 'USDT', amount: '1' }, '5'), 'to')).toBe('Please choose two different currencies')
    expect(id(checkExchange({ from: 'USDT', to: 'BTC', amount: '' }, '5'))).toBe('enter num please')
    expect(id(checkExchange({ from: 'USDT', to: 'BTC', amount: '6' }, '5'))).toBe('Insufficient available balance')
    expect(checkExchange({ from: 'USDT', to: 'BTC', amount: '5' }, '5')).toEqual({})
  })

  it('asks for a quote only for two currencies and a positive amount', () => {
    expect(isQuotable({ from: 'USDT', to: 'BTC', amount: '10' })).toBe(true)
    expect(isQuotable({ from: 'USDT', to: 'BTC', amount: '.5' })).toBe(true)
    expect(isQuotable({ from: 'USDT', to: 'BTC', amount: '0' })).toBe(false)
    expect(isQuotable({ from: 'USDT', to: 'BTC', amount: '-1' })).toBe(false)
    expect(isQuotable({ from: 'USDT', to: 'USDT', amount: '10' })).toBe(false)
    expect(feePercent('0.002')).toBe('0.2')
  })
})

describe('idempotency keys of a confirmation', () => {
  let n = 0
  const make = () => `key-${++n}`
  it('keeps the key for the same movement and makes a new one for another', () => {
    const first = keyFor(null, '1:USDT:100', make)
    expect(keyFor(first, '1:USDT:100', make)).toBe(first)
    const other = keyFor(first, '1:USDT:101', make)
    expect(other.key).not.toBe(first.key)
    expect(other.fingerprint).toBe('1:USDT:101')
  })

  it('is a v4 UUID by default', () => {
    expect(keyFor(null, 'x').key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
