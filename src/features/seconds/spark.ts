// The pair header's sparkline: the last hour of 1-minute closes as an SVG path. Prices become
// pixel positions here, which is drawing, not money: Number() is precise enough for a 40 px line.
import type { Candle } from '../../contract/market.ts'

/** Candles merged by id (newer answers win), oldest first, at most `keep` of them. */
export function mergeSpark(current: readonly Candle[], incoming: readonly Candle[], keep: number): Candle[] {
  const byId = new Map(current.map((candle) => [candle.id, candle]))
  for (const candle of incoming) byId.set(candle.id, candle)
  return [...byId.values()].toSorted((a, b) => a.id - b.id).slice(-keep)
}

export interface Spark {
  path: string
  trend: 'up' | 'down' | 'flat'
}

/** A polyline through the closes, scaled to width × height (top is the highest close); null under 2 points. */
export function sparkPath(candles: readonly Candle[], width: number, height: number): Spark | null {
  const closes = candles.map((candle) => Number(candle.close)).filter(Number.isFinite)
  if (closes.length < 2) return null
  const [low, high] = [Math.min(...closes), Math.max(...closes)]
  const span = high - low || 1
  const step = width / (closes.length - 1)
  const points = closes.map((close, index) => `${(index * step).toFixed(1)},${(height - ((close - low) / span) * height).toFixed(1)}`)
  const [first, last] = [closes[0] ?? 0, closes.at(-1) ?? 0]
  return { path: `M${points.join('L')}`, trend: last > first ? 'up' : last < first ? 'down' : 'flat' }
}
