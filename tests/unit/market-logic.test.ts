import { describe, expect, it } from 'vitest'
import type { Candle } from '../../src/contract/market.ts'
import { formatPercent } from '../../src/lib/format'
import { createStore } from '../../src/lib/store'
import { applyQuoteDetailsAtom, pairFamily, sortedSymbolsAtom } from '../../src/features/market/atoms'
import {
  changePercent, DEFAULT_SORT, DRAWER_TARGETS, drawerQuotes, LEADING_PAIRS, mergeCandles, nextSort,
  pairSearch, sortPairs, trendOf,
} from '../../src/features/market/logic'
import { turnover } from '../../src/features/market/chart-legend'
import { detailOf, usdtDetails } from '../support/market-fixtures'

const candle = (id: number, close: string, vol = '2'): Candle => ({ id, open: '10', close, high: '12', low: '8', vol })

describe('trendOf and changePercent', () => {
  it('colours by the sign of close − open, with decimals compared exactly', () => {
    expect(trendOf('100', '100.000000001')).toBe('up')
    expect(trendOf('0.3', '0.29999999')).toBe('down')
    expect(trendOf('0.30', '0.3')).toBe('flat')
    expect(trendOf('', '1')).toBe('flat')
  })
  it('answers the 24 h change in percent, 0 when there is no open price', () => {
    expect(changePercent('200', '250')).toBe('25')
    // As the row shows it: 2 decimals, truncated, '+' when positive (spec §9).
    expect(formatPercent(changePercent('3', '2'))).toBe('-33.33%')
    expect(formatPercent(changePercent('60000', '61234.567'))).toBe('+2.05%')
    expect(changePercent('0', '5')).toBe('0')
    expect(changePercent('x', '5')).toBe('0')
  })
})

describe('turnover', () => {
  it('is the mean of the four prices times the volume (spec §3)', () => {
    expect(turnover({ id: 1, open: '10', high: '12', low: '8', close: '11', vol: '3' })).toBe('30.75')
    expect(turnover({ id: 1, open: '0.1', high: '0.2', low: '0.1', close: '0.2', vol: '10' })).toBe('1.5')
  })
})

describe('sortPairs and nextSort', () => {
  const pairs = usdtDetails()
  const order = (key: Parameters<typeof sortPairs>[1], direction: Parameters<typeof sortPairs>[2]) =>
    sortPairs(pairs, key, direction).map((p) => p.baseCoin)
  it('sorts by price, change and turnover, either way, and leaves the default order alone', () => {
    expect(order('price', 'desc')).toEqual(['BTC', 'ETH', 'LTC'])
    expect(order('price', 'asc')).toEqual(['LTC', 'ETH', 'BTC'])
    expect(order('change', 'desc')).toEqual(['BTC', 'LTC', 'ETH'])
    expect(order('volume', 'desc')).toEqual(['ETH', 'BTC', 'LTC'])
    expect(sortPairs(pairs, 'default', 'asc')).toBe(pairs)
  })
  it('compares as decimals, not as text', () => {
    const tiny = [detailOf('XRP', 'BTC', '1', '0.000009'), detailOf('ADA', 'BTC', '1', '0.00001')]
    expect(sortPairs(tiny, 'price', 'desc').map((p) => p.baseCoin)).toEqual(['ADA', 'XRP'])
  })
  it('cycles a column descending → ascending → default, and a new column starts descending', () => {
    const price = nextSort(DEFAULT_SORT, 'price')
    expect(price).toEqual({ key: 'price', direction: 'desc' })
    expect(nextSort(price, 'price')).toEqual({ key: 'price', direction: 'asc' })
    expect(nextSort(nextSort(price, 'price'), 'price')).toBe(DEFAULT_SORT)
    expect(nextSort(price, 'volume')).toEqual({ key: 'volume', direction: 'desc' })
  })
})

describe('mergeCandles', () => {
  const current = [candle(60, '10'), candle(120, '11')]
  it('replaces a candle of a known id and keeps the order', () => {
    const merged = mergeCandles(current, [candle(120, '11.5')])
    expect(merged.map((c) => c.close)).toEqual(['10', '11.5'])
    expect(current[1]?.close).toBe('11')
  })
  it('appends newer candles oldest first, whatever order they come in', () => {
    const merged = mergeCandles(current, [candle(240, '13'), candle(180, '12'), candle(120, '11')])
    expect(merged.map((c) => c.id)).toEqual([60, 120, 180, 240])
  })
  it('answers the same array when nothing changed', () => {
    expect(mergeCandles(current, [candle(120, '11'), candle(60, '10')])).toBe(current)
    expect(mergeCandles(current, [])).toBe(current)
  })
})

describe('drawer and links', () => {
  it('sends each drawer type to its screen with its account type (spec §2)', () => {
    expect(DRAWER_TARGETS[1]).toEqual({ to: '/market/kline', accountType: null })
    expect(DRAWER_TARGETS[2]).toEqual({ to: '/action/trade', accountType: 1 })
    expect(DRAWER_TARGETS[3]).toEqual({ to: '/action/contract', accountType: 2 })
    expect(drawerQuotes(1)).toEqual(['USDT', 'BTC', 'ETH'])
    expect(drawerQuotes(3)).toEqual(['USDT'])
  })
  it('puts the pair in the search keys the chart and trade screens read', () => {
    expect(pairSearch(detailOf('ETH', 'BTC', '1', '1'))).toEqual({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC' })
    expect(LEADING_PAIRS).toEqual(['btcusdt', 'ethusdt', 'ltcusdt'])
  })
})

describe('sortedSymbolsAtom', () => {
  it('keeps the same array while a tick leaves the order as it was, and reorders when it does not', () => {
    const store = createStore()
    const details = usdtDetails()
    store.set(applyQuoteDetailsAtom, 'USDT', details)
    const byPrice = sortedSymbolsAtom('USDT', { key: 'price', direction: 'desc' })
    const first = store.get(byPrice)
    expect(first).toEqual(['btcusdt', 'ethusdt', 'ltcusdt'])

    const eth = store.get(pairFamily('ethusdt'))
    store.set(applyQuoteDetailsAtom, 'USDT', [detailOf('BTC', 'USDT', '60000', '61000', '900000000'), ...details.slice(1)])
    expect(store.get(pairFamily('ethusdt'))).toBe(eth)
    expect(store.get(byPrice)).toBe(first)

    store.set(applyQuoteDetailsAtom, 'USDT', [detailOf('BTC', 'USDT', '60000', '1', '900000000'), ...details.slice(1)])
    expect(store.get(byPrice)).toEqual(['ethusdt', 'ltcusdt', 'btcusdt'])
  })
})
