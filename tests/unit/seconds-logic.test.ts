import { describe, expect, it } from 'vitest'
import type { AssetRow } from '../../src/contract/assets.ts'
import type { SecondsConfig } from '../../src/contract/seconds.ts'
import { availableOf, checkTransferIn, rowValue, visibleRows } from '../../src/features/seconds/account-logic'
import {
  applyConfig, checkOpenAmount, clockOffset, coin, formatCountdown, initialForm, maxOpenAmount, mergeOrderPage, quoteOrder,
  ratePercent, remainingMs, selectDuration, signedCoin, trendOf, withFeeRate,
} from '../../src/features/seconds/logic'
import { parseSecondsSearch } from '../../src/features/seconds/pair-search'
import { mergeSpark, sparkPath } from '../../src/features/seconds/spark'

const CONFIGS: SecondsConfig[] = [
  { second: 30, incomeRate: '0.8', openAmountMin: '10' },
  { second: 60, incomeRate: '0.85', openAmountMin: '20' },
]
const idOf = (message: { id?: string } | null) => message?.id ?? null
const order = (id: string) => ({ id })
const row = (currencyName: string, available: string, frozen = '0'): AssetRow => ({ currencyName, availableCurrency: available, frozenCurrency: frozen })
const candle = (id: number, close: string) => ({ id, open: close, close, high: close, low: close, vol: '1' })

describe('config selection (spec §3 derived state, §4, §9)', () => {
  it('starts from the spec defaults: fee 0, profit rate 0, minimum 0, amount 1, 8 decimals, nothing chosen', () => {
    expect(initialForm()).toEqual({ feeRate: '0', profitRate: '0', minLimit: '0', openAmount: '1', decimal: 8, positionTime: null })
  })

  it('chooses the first entry when the config loads and none is chosen, the amount reset to its minimum', () => {
    expect(applyConfig(initialForm(), CONFIGS)).toMatchObject({ positionTime: 30, profitRate: '0.8', minLimit: '10', openAmount: '10' })
  })

  it('keeps a chosen duration on reload with its fresh terms; a withdrawn one falls back to the first', () => {
    const chosen = { ...selectDuration(initialForm(), CONFIGS[1]!), openAmount: '25' }
    const raised = [CONFIGS[0]!, { second: 60, incomeRate: '0.9', openAmountMin: '30' }]
    expect(applyConfig(chosen, raised)).toMatchObject({ positionTime: 60, profitRate: '0.9', minLimit: '30', openAmount: '25' })
    expect(applyConfig(chosen, [CONFIGS[0]!])).toMatchObject({ positionTime: 30, profitRate: '0.8', minLimit: '10', openAmount: '10' })
    expect(applyConfig(chosen, []).positionTime).toBeNull()
  })

  it('resets the open amount to the minimum of the duration the user chooses', () => {
    const typed = { ...applyConfig(initialForm(), CONFIGS), openAmount: '123' }
    expect(selectDuration(typed, CONFIGS[1]!)).toMatchObject({ positionTime: 60, profitRate: '0.85', minLimit: '20', openAmount: '20' })
  })

  it('takes the fee rate parameter, and 0 for anything that is not a rate', () => {
    expect(withFeeRate(initialForm(), '0.002').feeRate).toBe('0.002')
    for (const bad of [null, '', 'abc', '-0.1', undefined]) expect(withFeeRate(initialForm(), bad).feeRate).toBe('0')
  })
})

describe('payout, fee and the amount check (spec §5)', () => {
  it('pays amount × (1 + rate) on a win and charges amount × fee rate on top, exactly', () => {
    expect(quoteOrder('10', '0.85', '0')).toEqual({ fee: '0', profit: '8.5', payout: '18.5', cost: '10' })
    expect(quoteOrder('0.1', '0.2', '0.001')).toEqual({ fee: '0.0001', profit: '0.02', payout: '0.12', cost: '0.1001' })
  })

  it('answers c_enteropenamt, the minimum of the duration (named), then the balance', () => {
    const form = applyConfig(initialForm(), CONFIGS)
    expect(idOf(checkOpenAmount({ ...form, openAmount: '' }, '100'))).toBe('c_enteropenamt')
    expect(idOf(checkOpenAmount({ ...form, openAmount: '0.000001' }, '100'))).toBe('c_enteropenamt')
    const below = checkOpenAmount({ ...form, openAmount: '9.99' }, '100', 'USDT')
    expect(below?.values).toEqual({ minimum: '10', quote: 'USDT' })
    expect(idOf(checkOpenAmount({ ...form, openAmount: '10' }, null))).toBeNull()
    expect(idOf(checkOpenAmount({ ...form, openAmount: '100' }, '100'))).toBeNull()
    expect(idOf(checkOpenAmount({ ...form, openAmount: '100', feeRate: '0.01' }, '100'))).toBe('Insufficient available balance')
  })

  it('Max leaves room for the fee, cut to 8 decimals', () => {
    expect(maxOpenAmount('1000', '0')).toBe('1000')
    expect(maxOpenAmount('100', '0.03')).toBe('97.08737864')
  })

  it('prints figures truncated, signed and as percents', () => {
    expect([coin('8.500000009'), coin('10'), coin('x')]).toEqual(['8.5', '10', '--'])
    expect([signedCoin('8.5'), signedCoin('-10'), signedCoin('0')]).toEqual(['+8.5', '-10', '0'])
    expect([ratePercent('0.85'), ratePercent('1')]).toEqual(['85%', '100%'])
    expect([trendOf('1'), trendOf('-0.1'), trendOf('0'), trendOf(null)]).toEqual(['up', 'down', 'flat', 'flat'])
  })
})

describe('the countdown runs on the server clock', () => {
  it('measures the offset at the answer and counts down to settleTime on server time', () => {
    const phone = 1_700_000_000_000
    // The server is 90 s ahead of this phone: an order opened "now" on the server for 30 s.
    const offset = clockOffset(phone + 90_000, phone)
    expect(offset).toBe(90_000)
    const settleTime = phone + 90_000 + 30_000
    expect(remainingMs(settleTime, offset, phone)).toBe(30_000)
    expect(formatCountdown(remainingMs(settleTime, offset, phone + 1))).toBe('00:30')
    expect(formatCountdown(remainingMs(settleTime, offset, phone + 25_500))).toBe('00:05')
    expect(remainingMs(settleTime, offset, phone + 31_000)).toBe(0)
    expect(formatCountdown(300_000)).toBe('05:00')
    expect(clockOffset(undefined, phone)).toBe(0)
  })
})

describe('paging (spec §4)', () => {
  it('page 1 replaces, later pages append without repeats, no more once totalRow is reached', () => {
    const first = mergeOrderPage([order('x')], { list: [order('a'), order('b')], totalRow: 3 }, 1)
    expect(first).toEqual({ list: [order('a'), order('b')], noMore: false })
    const second = mergeOrderPage(first.list, { list: [order('b'), order('c')], totalRow: 3 }, 2)
    expect(second).toEqual({ list: [order('a'), order('b'), order('c')], noMore: true })
    expect(mergeOrderPage(first.list, { list: [], totalRow: 9 }, 2).noMore).toBe(true)
  })
})

describe('contract account, pair search and sparkline', () => {
  it('values rows in USDT and hides only known small balances (≤ 0.1 USDT)', () => {
    const rows = [row('USDT', '0.1'), row('BTC', '0.00001'), row('ETH', '1'), row('DOGE', '5')]
    const closes = { BTC: '60000', ETH: '3000' }
    expect(rowValue(rows[1]!, closes)).toBe('0.6')
    expect(visibleRows(rows, closes, true).map((r) => r.currencyName)).toEqual(['BTC', 'ETH', 'DOGE'])
    expect(visibleRows(rows, closes, false)).toHaveLength(4)
    expect([availableOf(rows, 'ETH'), availableOf(rows, 'LTC'), availableOf(null, 'USDT')]).toEqual(['1', '0', null])
  })

  it('checks a transfer in: c_a_transferTip, then the spot balance', () => {
    expect(idOf(checkTransferIn('', '5'))).toBe('c_a_transferTip')
    expect(idOf(checkTransferIn('0.000009', '5'))).toBe('c_a_transferTip')
    expect(idOf(checkTransferIn('6', '5'))).toBe('Insufficient available balance')
    expect(checkTransferIn('5', '5')).toBeNull()
  })

  it('takes USDT pairs from the search and falls back to BTC/USDT', () => {
    expect(parseSecondsSearch({ symbol: 'ethusdt', base: 'ETH', quote: 'USDT' })).toEqual({ symbol: 'ethusdt', base: 'ETH', quote: 'USDT' })
    expect(parseSecondsSearch({ symbol: 'dogeusdt' })).toEqual({ symbol: 'dogeusdt', base: 'DOGE', quote: 'USDT' })
    expect(parseSecondsSearch({ base: 'ETH', quote: 'BTC' }).symbol).toBe('btcusdt')
    expect(parseSecondsSearch({}).symbol).toBe('btcusdt')
  })

  it('keeps the last closes in order and draws them rising left to right', () => {
    const merged = mergeSpark([candle(1, '1'), candle(2, '2')], [candle(3, '3'), candle(2, '2.5')], 2)
    expect(merged.map((c) => [c.id, c.close])).toEqual([[2, '2.5'], [3, '3']])
    expect(sparkPath(merged, 100, 10)).toEqual({ path: 'M0.0,10.0L100.0,0.0', trend: 'up' })
    expect(sparkPath([candle(1, '1')], 100, 10)).toBeNull()
  })
})
