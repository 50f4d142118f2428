// What the chart's legend shows for the hovered (or newest) candle, formatted from the candle's
// decimal strings: the legend reads the wire values, never the floats the chart plots.
import type { Candle } from '../../contract/market.ts'
import { dec } from '../../lib/decimal'
import { formatAmount, formatDate, formatPrice } from '../../lib/format'
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
