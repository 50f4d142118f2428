// Candles in integers (prices in ticks, amounts in units) while they are computed and aggregated,
// so that max, min and sums are exact; they become decimal strings only on the way out.
import type { Candle } from '../../src/contract/market.ts'
import type { Pair } from './pairs.ts'

export interface Bar {
  open: number
  high: number
  low: number
  close: number
  /** Traded amount in units of 10^-amountDigits of the base coin. */
  vol: number
  trades: number
}

/** first followed by second in time. */
export function mergeBars(first: Bar | undefined, second: Bar): Bar {
  if (!first) return second
  return {
    open: first.open,
    high: Math.max(first.high, second.high),
    low: Math.min(first.low, second.low),
    close: second.close,
    vol: first.vol + second.vol,
    trades: first.trades + second.trades,
  }
}

/** An integer count of 10^-digits units as an exact decimal string ("6543210", 2 → "65432.10"). */
export function formatUnits(units: number, digits: number): string {
  const text = String(Math.abs(units)).padStart(digits + 1, '0')
  const sign = units < 0 ? '-' : ''
  if (digits === 0) return sign + text
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

export function toCandle(id: number, bar: Bar, pair: Pair): Candle {
  return {
    id,
    open: formatUnits(bar.open, pair.precision),
    close: formatUnits(bar.close, pair.precision),
    high: formatUnits(bar.high, pair.precision),
    low: formatUnits(bar.low, pair.precision),
    vol: formatUnits(bar.vol, pair.amountDigits),
  }
}
