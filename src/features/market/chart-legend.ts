// What the chart's legend shows for the hovered (or newest) candle, formatted from the candle's
// decimal strings: the legend reads the wire values, never the floats the chart plots.
import type { Candle } from '../../contract/market.ts'
import { dec } from '../../lib/decimal'
import { compareText } from '../../lib/decimal-text'
import { formatAmount, formatDate, formatPrice } from '../../lib/format'
import { INITIAL_CANDLES, type XWindow } from './chart-window'
import { trendOf, type Trend } from './logic'

/** Spec §3: turnover is the mean of the four prices times the volume. */
export function turnover(candle: Candle): string {
  return dec(candle.open).plus(candle.high).plus(candle.low).plus(candle.close).dividedBy(4).times(candle.vol).toString()
}

/** Amounts in base coin (volume, book, trades): enough digits for a BTC lot, short enough for 320 px. */
export const AMOUNT_DECIMALS = 4

export interface CandleLegend {
  time: string
  open: string
  high: string
  low: string
  close: string
  volume: string
  /** Spec §3: mean of the four prices × volume, in the quote coin, at the pair's precision. */
  turnover: string
  trend: Trend
}

export function candleLegend(candle: Candle, precision: number): CandleLegend {
  return {
    time: formatDate(candle.id * 1000),
    open: formatPrice(candle.open, precision),
    high: formatPrice(candle.high, precision),
    low: formatPrice(candle.low, precision),
    close: formatPrice(candle.close, precision),
    volume: formatAmount(candle.vol, AMOUNT_DECIMALS),
    turnover: formatPrice(turnover(candle), precision),
    trend: trendOf(candle.open, candle.close),
  }
}

/** 'HH:MM:SS' of a trade, in the device's time zone (the tail of lib/format's date). */
export const tradeTime = (ms: number): string => formatDate(ms).slice(-8)

/** The chart in words (its text alternative): the newest candle, and the highest and lowest price of the candles in view. */
export interface ChartSummary {
  latest: CandleLegend
  /** How many candles the chart shows now (the zoom), and their highest high and lowest low. */
  shown: number
  high: string
  low: string
}

/**
 * What a screen reader reads for the chart. `view` is the visible time span (uPlot's x scale,
 * in seconds), null before the chart has drawn: then the newest `fallbackCount` candles, as the
 * chart opens. Compared as decimals, from the wire's strings.
 */
export function chartSummary(
  candles: readonly Candle[], view: XWindow | null, precision: number, fallbackCount = INITIAL_CANDLES,
): ChartSummary | null {
  const newest = candles.at(-1)
  if (!newest) return null
  const inView = view
    ? candles.filter((candle) => candle.id >= view.min && candle.id <= view.max)
    : candles.slice(-fallbackCount)
  const shown = inView.length > 0 ? inView : [newest]
  let high = shown[0]!.high
  let low = shown[0]!.low
  for (const candle of shown) {
    if (compareText(candle.high, high) === 1) high = candle.high
    if (compareText(candle.low, low) === -1) low = candle.low
  }
  return { latest: candleLegend(newest, precision), shown: shown.length, high: formatPrice(high, precision), low: formatPrice(low, precision) }
}
