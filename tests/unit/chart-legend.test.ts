import { describe, expect, it } from 'vitest'
import type { Depth } from '../../src/contract/market.ts'
import { depthBook } from '../../src/features/market/chart-depth'
import { candleLegend, chartSummary, tradeTime } from '../../src/features/market/chart-legend'
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

// Issue 30: the chart's text alternative says the newest candle and the range of the candles in view.
describe('chart summary', () => {
  const candles = [
    { id: 60, open: '100', high: '130.5', low: '95', close: '120', vol: '1' },
    { id: 120, open: '120', high: '125', low: '90.25', close: '110', vol: '1' },
    { id: 180, open: '110', high: '112', low: '105', close: '111.9', vol: '1' },
  ]
  it('gives the newest candle and the highest high and lowest low of all candles before the chart has drawn', () => {
    const summary = chartSummary(candles, null, 2)
    expect(summary?.latest).toMatchObject({ open: '110.00', high: '112.00', low: '105.00', close: '111.90', time: formatDate(180_000) })
    expect(summary).toMatchObject({ shown: 3, high: '130.50', low: '90.25' })
  })
  it('follows the candles in view as the chart is zoomed or panned, the newest candle staying the newest', () => {
    const summary = chartSummary(candles, { min: 90, max: 210 }, 2)
    expect(summary).toMatchObject({ shown: 2, high: '125.00', low: '90.25' })
    expect(summary?.latest.close).toBe('111.90')
    expect(chartSummary(candles, { min: 150, max: 210 }, 2)).toMatchObject({ shown: 1, high: '112.00', low: '105.00' })
  })
  it('compares prices as decimals, not as text', () => {
    const wide = [{ id: 60, open: '9', high: '9.5', low: '8', close: '9', vol: '1' }, { id: 120, open: '9', high: '10.1', low: '8.5', close: '10', vol: '1' }]
    expect(chartSummary(wide, null, 2)).toMatchObject({ high: '10.10', low: '8.00' })
  })
  it('says nothing of a chart without candles', () => {
    expect(chartSummary([], null, 2)).toBeNull()
  })
})
