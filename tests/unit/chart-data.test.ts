import { describe, expect, it } from 'vitest'
import type { Candle } from '../../src/contract/market.ts'
import { axisDecimals, candleColourAt, COLUMN, priceAxisLabels, timeAxisLabels, toChartData, volumeColours } from '../../src/features/market/chart-data'
import { mergeCandles } from '../../src/features/market/logic'

const candle = (id: number, open: string, close: string, vol = '1'): Candle => ({
  id, open, close, high: String(Math.max(Number(open), Number(close)) + 1), low: String(Math.min(Number(open), Number(close)) - 1), vol,
})

describe('toChartData', () => {
  it('gives six aligned columns, oldest first, from the newest-first server answer', () => {
    const newestFirst = [candle(180, '12', '11'), candle(120, '11', '12'), candle(60, '10', '11')]
    const data = toChartData(mergeCandles([], newestFirst))
    expect(data).toHaveLength(6)
    expect(data.every((column) => column.length === 3)).toBe(true)
    expect(Array.from(data[COLUMN.time])).toEqual([60, 120, 180])
    expect(Array.from(data[COLUMN.open])).toEqual([10, 11, 12])
    expect(Array.from(data[COLUMN.close])).toEqual([11, 12, 11])
    expect(Array.from(data[COLUMN.high])).toEqual([12, 13, 13])
    expect(Array.from(data[COLUMN.low])).toEqual([9, 10, 10])
  })
  it('keeps candle ids in seconds (uPlot time scale) and volumes as given', () => {
    const data = toChartData([{ id: 1_700_000_000, open: '0.000012345', close: '0.000012346', high: '0.00001235', low: '0.00001234', vol: '12345.6789' }])
    expect(data[COLUMN.time][0]).toBe(1_700_000_000)
    expect(data[COLUMN.open][0]).toBe(0.000012345)
    expect(data[COLUMN.volume][0]).toBe(12345.6789)
  })
  it('handles 2000 candles and an empty list', () => {
    const many = Array.from({ length: 2000 }, (_, i) => candle(i * 60, '100', '101'))
    expect(toChartData(many)[COLUMN.time]).toHaveLength(2000)
    expect(toChartData([]).every((column) => column.length === 0)).toBe(true)
  })
})

describe('candle and volume colours', () => {
  const data = toChartData([candle(60, '10', '11'), candle(120, '11', '10'), candle(180, '10', '10')])
  it('is up when the candle closed above its open, down below it', () => {
    expect(candleColourAt(data, 0)).toBe('up')
    expect(candleColourAt(data, 1)).toBe('down')
  })
  it('draws a flat candle (doji) as up', () => {
    expect(candleColourAt(data, 2)).toBe('up')
  })
  it('colours each volume bar like its candle, whatever the volume', () => {
    expect(volumeColours(data)).toEqual(['up', 'down', 'up'])
  })
})

describe('price axis labels', () => {
  it('shows as many decimals as the tick increment needs', () => {
    expect(axisDecimals(100)).toBe(0)
    expect(axisDecimals(0.5)).toBe(1)
    expect(axisDecimals(0.25)).toBe(2)
    expect(axisDecimals(1e-7)).toBe(7)
    expect(axisDecimals(2.5e-9)).toBe(10)
  })
  it('leaves ticks inside the volume band blank', () => {
    expect(priceAxisLabels([100, 100.5, 101], 0.5, 100.2)).toEqual(['', '100.5', '101.0'])
  })
})

// Built from local times, so the test holds in any time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime() / 1000

describe('time axis labels', () => {
  it('shows hours and minutes within a day, the date at midnight', () => {
    expect(timeAxisLabels([at(2026, 3, 9, 13, 5), at(2026, 3, 10)], 3600)).toEqual(['13:05', '03-10'])
  })
  it('shows dates for daily steps and months for monthly ones', () => {
    expect(timeAxisLabels([at(2026, 3, 9)], 86_400)).toEqual(['03-09'])
    expect(timeAxisLabels([at(2026, 3, 1)], 30 * 86_400)).toEqual(['2026-03'])
  })
})
