import { describe, expect, it } from 'vitest'
import { parseKlineSearch } from '../../src/features/market/chart-search'
import { pricePrecision } from '../../src/features/market/logic'

describe('the chart screen search', () => {
  it('takes a listed pair and period', () => {
    expect(parseKlineSearch({ symbol: 'ethbtc', base: 'ETH', quote: 'BTC', period: '15min' })).toEqual({
      symbol: 'ethbtc', base: 'ETH', quote: 'BTC', period: '15min',
    })
  })
  it('defaults to BTC/USDT at 1 minute', () => {
    expect(parseKlineSearch({})).toEqual({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', period: '1min' })
    expect(parseKlineSearch({ base: 'XYZ', quote: 'USDT', period: '2min' })).toEqual({
      symbol: 'btcusdt', base: 'BTC', quote: 'USDT', period: '1min',
    })
  })
  it('derives the pair from the symbol alone, in any case', () => {
    expect(parseKlineSearch({ symbol: 'DOGEETH' })).toMatchObject({ base: 'DOGE', quote: 'ETH', symbol: 'dogeeth' })
  })
  it('refuses pairs outside the catalogue and non-string values', () => {
    expect(parseKlineSearch({ base: 'BTC', quote: 'ETH' }).symbol).toBe('btcusdt')
    expect(parseKlineSearch({ symbol: 42, period: ['1day'] })).toMatchObject({ symbol: 'btcusdt', period: '1min' })
  })
  it('accepts lower-case coins', () => {
    expect(parseKlineSearch({ base: 'eth', quote: 'usdt' })).toMatchObject({ base: 'ETH', quote: 'USDT', symbol: 'ethusdt' })
  })
})

describe('price precision of the chart screen', () => {
  const tick = { open: '0.1234', close: '0.12345', high: '0.13', low: '0.12', amount: '1', vol: '1', count: 1 }
  it('prefers the pair list, then the contract table', () => {
    expect(pricePrecision('btcusdt', 3, tick)).toBe(3)
    expect(pricePrecision('btcusdt', undefined, tick)).toBe(2)
  })
  it('derives an unknown pair from its prices, else falls back to 8', () => {
    expect(pricePrecision('zzzusdt', undefined, tick)).toBe(5)
    expect(pricePrecision('zzzusdt', undefined, null)).toBe(8)
  })
})
