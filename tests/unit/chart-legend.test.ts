import { describe, expect, it } from 'vitest'
import type { Depth } from '../../src/contract/market.ts'
import { depthBook } from '../../src/features/market/chart-depth'
import { candleLegend, tradeTime } from '../../src/features/market/chart-legend'
import { formatDate } from '../../src/lib/format'

describe('candle legend', () => {
  const candle = { id: 1_700_000_040, open: '100.10', high: '102.00', low: '99.90', close: '101.00', vol: '2.5' }
  it('shows the turnover as the mean of the four prices times the volume (spec §3)', () => {
    // (100.10 + 102.00 + 99.90 + 101.00) / 4 = 100.75; × 2.5 = 251.875 → truncated to 2 decimals
    expect(candleLegend(candle, 2).turnover).toBe('251.87')
  })
  it('formats the prices at the pair precision, truncating', () => {
    const legend = candleLegend({ ...candle, close: '101.0099' }, 2)
    expect([legend.open, legend.high, legend.low, legend.close]).toEqual(['100.10', '102.00', '99.90', '101.00'])
    expect(legend.volume).toBe('2.5000')
    expect(legend.trend).toBe('up')
  })
  it('shows the candle time from its id in seconds', () => {
    expect(candleLegend(candle, 2).time).toBe(formatDate(1_700_000_040_000))
  })
  it('shows a trade time as HH:MM:SS', () => {
    expect(tradeTime(1_700_000_040_000)).toMatch(/^\d{2}:\d{2}:\d{2}$/)
    expect(formatDate(1_700_000_040_000).endsWith(tradeTime(1_700_000_040_000))).toBe(true)
  })
})

describe('order book depth', () => {
  const depth: Depth = {
    asks: [['101.005', '1'], ['102', '2'], ['103', '3']],
    bids: [['100', '2'], ['99', '4'], ['98', '6']],
    ts: 0,
  }
  it('accumulates each side from the best price and sizes bars against the larger side', () => {
    const book = depthBook(depth, 3, 2)
    expect(book.asks.map((row) => row.total)).toEqual(['1.0000', '3.0000', '6.0000'])
    expect(book.bids.map((row) => row.total)).toEqual(['2.0000', '6.0000', '12.0000'])
    expect(book.bids.map((row) => row.share)).toEqual([2 / 12, 0.5, 1])
    expect(book.asks.at(-1)?.share).toBe(0.5)
    expect(book.asks[0]?.price).toBe('101.00')
  })
  it('shows the compact count of levels', () => {
    const book = depthBook(depth, 2, 2)
    expect(book.asks).toHaveLength(2)
    expect(book.bids).toHaveLength(2)
    expect(book.bids.at(-1)?.share).toBe(1)
  })
  it('survives an empty book', () => {
    expect(depthBook({ asks: [], bids: [], ts: 0 }, 20, 2)).toEqual({ asks: [], bids: [] })
  })
})
