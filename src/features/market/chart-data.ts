// Candles → the columns uPlot draws. Charts plot, they don't compute money: the decimal strings
// become floats here only to place pixels; every figure a user reads (legend, header, book) is
// formatted from the original strings by lib/format.
import type { Candle } from '../../contract/market.ts'
import { formatDate } from '../../lib/format'
import { groupText } from '../../lib/format-number'

/** [time (s), open, high, low, close, volume]: uPlot's aligned columns, oldest first. */
export type ChartData = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array]

export const COLUMN = { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5 } as const

/** Columns for uPlot from candles sorted oldest first (klineAtom's order, see logic.mergeCandles). */
export function toChartData(candles: readonly Candle[]): ChartData {
  const n = candles.length
  const data: ChartData = [
    new Float64Array(n), new Float64Array(n), new Float64Array(n),
    new Float64Array(n), new Float64Array(n), new Float64Array(n),
  ]
  for (let i = 0; i < n; i++) {
    const candle = candles[i]!
    data[0][i] = candle.id
    data[1][i] = Number(candle.open)
    data[2][i] = Number(candle.high)
    data[3][i] = Number(candle.low)
    data[4][i] = Number(candle.close)
    data[5][i] = Number(candle.vol)
  }
  return data
}

export type CandleColour = 'up' | 'down'

/**
 * The colour of candle `i` and of its volume bar: green when it closed at or above its open.
 * A flat candle (doji) is drawn green, as exchanges commonly do: it did not fall.
 */
export function candleColourAt(data: ChartData, i: number): CandleColour {
  return (data[COLUMN.close][i] ?? 0) >= (data[COLUMN.open][i] ?? 0) ? 'up' : 'down'
}

/** The colours of every volume bar, oldest first (what the draw hook paints). */
export const volumeColours = (data: ChartData): CandleColour[] => Array.from(data[COLUMN.time], (_x, i) => candleColourAt(data, i))

/** Decimals that show every step of a price axis whose ticks are `increment` apart (0.25 → 2, 1e-7 → 7). */
export function axisDecimals(increment: number): number {
  if (!(increment > 0) || !Number.isFinite(increment)) return 0
  for (let places = 0; places < 12; places++) {
    const scaled = increment * 10 ** places
    const whole = Math.round(scaled)
    if (whole >= 1 && Math.abs(scaled - whole) < 1e-6 * scaled) return places
  }
  return 12
}

/**
 * Price axis labels: ticks inside the volume band (below `floor`) stay blank, since there they
 * would label volume bars with prices. toFixed is fine here (these are axis labels of floats, a
 * rounded tick reads right), then grouped in the locale like every other price.
 */
export function priceAxisLabels(ticks: readonly number[], increment: number, floor: number): string[] {
  const places = axisDecimals(increment)
  return ticks.map((tick) => (tick < floor ? '' : groupText(tick.toFixed(places))))
}

const DAY = 86_400

/**
 * Time axis labels in the device's 24 h local time, cut from lib/format's date so the axis reads
 * like the legend: 'YYYY-MM' for month steps, 'MM-DD' for day steps and at midnight, else 'HH:MM'.
 */
export function timeAxisLabels(ticks: readonly number[], increment: number): string[] {
  return ticks.map((seconds) => {
    const date = formatDate(seconds * 1000)
    if (increment >= 28 * DAY) return date.slice(0, 7)
    if (increment >= DAY || date.endsWith('00:00:00')) return date.slice(5, 10)
    return date.slice(11, 16)
  })
}
