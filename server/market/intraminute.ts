// A pair's price and trading at any second: the price runs straight in log terms between the
// minute's four vertices (vertices.ts), the trades fall evenly through the minute. So the forming
// candle of any second is exact and cheap, its high only rises and its low only falls as the
// minute goes on, and at the 60th second it is exactly the closed candle of minute-block.ts.
import type { Bar } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { unitAt } from './hash.ts'
import { minuteBlock, type MinuteBlock } from './minute-block.ts'
import { type TurningSeconds, turningSeconds } from './vertices.ts'

export interface MinuteShape {
  block: MinuteBlock
  minute: number
  turning: TurningSeconds
  scale: number
  /** Key of the jitter of the volume cuts between trades. */
  cutKey: number
}

export function minuteShape(feed: PairFeed, minute: number): MinuteShape {
  const turning = turningSeconds(feed.keys.shape, minute)
  return { block: minuteBlock(feed, minute, 1), minute, turning, scale: feed.scale, cutKey: feed.keys.deals }
}

/** Scaled price at second x (0 … 60) of the minute; x = 60 is the close. */
export function scaledPriceAt(shape: MinuteShape, x: number): number {
  const { block, turning } = shape
  if (x <= 0) return block.open[0] ?? 0
  if (x >= 60) return block.close[0] ?? 0
  const times = [0, turning.first, turning.second, 60]
  const segment = x < turning.first ? 0 : x < turning.second ? 1 : 2
  const [t0 = 0, t1 = 60] = [times[segment], times[segment + 1]]
  const [v0 = 0, v1 = 0] = [block.vertices[segment], block.vertices[segment + 1]]
  const scaled = Math.exp(v0 + ((v1 - v0) * (x - t0)) / (t1 - t0)) * shape.scale
  // Exactly the high or low at a turning second; the clamp only guards the last ulp of exp.
  return Math.min(block.high[0] ?? 0, Math.max(block.low[0] ?? 0, scaled))
}

/** Price in ticks at second x of the minute. */
export const ticksAt = (shape: MinuteShape, x: number): number => Math.floor(scaledPriceAt(shape, x))

/** Trades of the minute done in seconds [0, x): they fall evenly through the minute. */
export const tradesUntil = (shape: MinuteShape, x: number): number => Math.floor(((shape.block.trades[0] ?? 0) * x) / 60)

/**
 * The minute's volume split at its trades: trade i (0-based) leaves `cut(i + 1)` traded, with
 * cut(0) = 0 and cut(trades) = the volume. The cuts are jittered so trades differ in size,
 * yet stay in order, so every trade is ≥ 0 and they add up to the candle's volume exactly.
 */
export function volumeCut(shape: MinuteShape, i: number): number {
  const trades = shape.block.trades[0] ?? 0
  const volume = shape.block.vol[0] ?? 0
  if (i <= 0) return 0
  if (i >= trades) return volume
  return Math.floor((volume * (i + 0.9 * unitAt(shape.cutKey, shape.minute * 1024 + i))) / trades)
}

/** Volume traded in seconds [0, x): that of the trades done by then. */
const volumeUntil = (shape: MinuteShape, x: number): number => volumeCut(shape, tradesUntil(shape, x))

/** The candle of seconds [from, to] of the minute (0 ≤ from ≤ to ≤ 60); [0, 60] is the whole minute. */
export function partialBar(shape: MinuteShape, from: number, to: number): Bar {
  let high = -Infinity
  let low = Infinity
  for (let x = from; x <= to; x++) {
    const ticks = ticksAt(shape, x)
    high = Math.max(high, ticks)
    low = Math.min(low, ticks)
  }
  return {
    open: ticksAt(shape, from),
    high,
    low,
    close: ticksAt(shape, to),
    vol: volumeUntil(shape, to) - volumeUntil(shape, from),
    trades: tradesUntil(shape, to) - tradesUntil(shape, from),
  }
}
