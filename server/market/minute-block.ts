// One-minute candles, the truth every other period is aggregated from. A block is a contiguous
// run of minutes of one pair, computed in one pass (typed arrays, no objects per minute), because
// a day candle needs 1440 of them and 2000 days of history need 2.9 million.
//
// Prices are kept as scaled floats (price × 10^precision); flooring one gives the price in ticks,
// which is what the wire shows (truncated, spec §9). Flooring is monotone, so low ≤ open, close ≤
// high holds in ticks because it holds in floats.
import type { Bar } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { hashAt } from './hash.ts'
import { pairVertices, VERTICES } from './vertices.ts'

/** Bigger moves trade more: volume grows with |return| / σ, capped. */
const ACTIVITY_SLOPE = 1.5
const ACTIVITY_CAP = 3
/** Mean of the activity factor, so minuteVolume stays the mean volume. */
const ACTIVITY_MEAN = 2.1
/** Depth of the daily volume cycle. */
const SEASON = 0.35
const MINUTES_PER_DAY = 1440
/** Trades per minute at most: keeps trade ids (second × 100 + n) and volume cuts unique. */
const MAX_TRADES = 1000

export interface MinuteBlock {
  start: number
  count: number
  /** The pair's log-price vertices (vertices.ts), 4 per minute. */
  vertices: Float64Array
  /** Scaled prices: open, high, low and close of minute start + j at index j. */
  open: Float64Array
  high: Float64Array
  low: Float64Array
  close: Float64Array
  /** Traded amount in units (10^-amountDigits of the base coin): integers. */
  vol: Float64Array
  /** Number of trades: integers. */
  trades: Float64Array
}

/** Three 10-bit uniforms in [0, 1) from one hash: volume noise needs no finer grain. */
const draw = (bits: number, slot: number): number => ((bits >>> (slot * 10)) & 0x3ff) / 1024

/** The daily volume cycle of a pair, one factor per minute of the UTC day. */
const seasons = new WeakMap<PairFeed, Float64Array>()
function seasonOf(feed: PairFeed): Float64Array {
  let table = seasons.get(feed)
  if (!table) {
    table = new Float64Array(MINUTES_PER_DAY)
    for (let m = 0; m < MINUTES_PER_DAY; m++) {
      table[m] = 1 + SEASON * Math.sin(((2 * Math.PI) / MINUTES_PER_DAY) * m + feed.volumePhase)
    }
    seasons.set(feed, table)
  }
  return table
}

/** Written by volumeOf into one reused object: no garbage per minute. */
interface Volume {
  vol: number
  trades: number
}

/**
 * The traded amount (units) and trade count of a minute: the pair's mean volume, more when the
 * price moved more (|log return| / σ), following the pair's daily cycle, with seeded noise.
 */
function volumeOf(feed: PairFeed, season: Float64Array, minute: number, logReturn: number, out: Volume): void {
  const { pair } = feed
  const activity = 1 + ACTIVITY_SLOPE * Math.min(ACTIVITY_CAP, Math.abs(logReturn) / pair.sigma)
  const bits = hashAt(feed.keys.volume, minute)
  const noise = (0.3 + 1.4 * draw(bits, 0)) * (0.6 + 0.8 * draw(bits, 1))
  const amount = (pair.minuteVolume * activity * (season[minute % MINUTES_PER_DAY] ?? 1) * noise) / ACTIVITY_MEAN
  out.vol = Math.floor(amount * feed.amountScale)
  out.trades = Math.min(MAX_TRADES, 1 + Math.floor((amount / pair.tradeSize) * (0.6 + 0.8 * draw(bits, 2))))
}

/** Largest and smallest of a minute's four log vertices (no array: this runs 2.9M times a pair). */
function topOf(vertices: Float64Array, j: number): number {
  const base = j * VERTICES
  return Math.max(vertices[base] ?? 0, vertices[base + 1] ?? 0, vertices[base + 2] ?? 0, vertices[base + 3] ?? 0)
}
function bottomOf(vertices: Float64Array, j: number): number {
  const base = j * VERTICES
  return Math.min(vertices[base] ?? 0, vertices[base + 1] ?? 0, vertices[base + 2] ?? 0, vertices[base + 3] ?? 0)
}

export function minuteBlock(feed: PairFeed, start: number, count: number): MinuteBlock {
  const vertices = pairVertices(feed, start, count)
  const season = seasonOf(feed)
  const { scale } = feed
  const block: MinuteBlock = {
    start,
    count,
    vertices,
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    vol: new Float64Array(count),
    trades: new Float64Array(count),
  }
  const volume: Volume = { vol: 0, trades: 0 }
  for (let j = 0; j < count; j++) {
    const logOpen = vertices[j * VERTICES] ?? 0
    const logClose = vertices[j * VERTICES + 3] ?? 0
    // exp is monotone, so the largest vertex gives the high: the same number aggregateMinutes takes.
    block.open[j] = Math.exp(logOpen) * scale
    block.close[j] = Math.exp(logClose) * scale
    block.high[j] = Math.exp(topOf(vertices, j)) * scale
    block.low[j] = Math.exp(bottomOf(vertices, j)) * scale
    volumeOf(feed, season, start + j, logClose - logOpen, volume)
    block.vol[j] = volume.vol
    block.trades[j] = volume.trades
  }
  return block
}

/**
 * The aggregate of minutes start … start + count − 1 (the spec's rule: open of the first, close
 * of the last, max high, min low, summed volume), in ticks and units: what barOfBlock gives for
 * minuteBlock(feed, start, count), without keeping the minutes. It stays in log terms and takes
 * exp only of the winners (exp is monotone), so a day candle costs no exp per minute.
 */
export function aggregateMinutes(feed: PairFeed, start: number, count: number): Bar {
  const vertices = pairVertices(feed, start, count)
  const season = seasonOf(feed)
  let top = -Infinity
  let bottom = Infinity
  let vol = 0
  let trades = 0
  const volume: Volume = { vol: 0, trades: 0 }
  for (let j = 0; j < count; j++) {
    const high = topOf(vertices, j)
    const low = bottomOf(vertices, j)
    if (high > top) top = high
    if (low < bottom) bottom = low
    volumeOf(feed, season, start + j, (vertices[j * VERTICES + 3] ?? 0) - (vertices[j * VERTICES] ?? 0), volume)
    vol += volume.vol
    trades += volume.trades
  }
  const { scale } = feed
  return {
    open: Math.floor(Math.exp(vertices[0] ?? 0) * scale),
    high: Math.floor(Math.exp(top) * scale),
    low: Math.floor(Math.exp(bottom) * scale),
    close: Math.floor(Math.exp(vertices[(count - 1) * VERTICES + 3] ?? 0) * scale),
    vol,
    trades,
  }
}

/** Aggregates minutes [from, to) of a block (indices into it), in ticks and units. */
export function barOfBlock(block: MinuteBlock, from = 0, to = block.count): Bar {
  let high = -Infinity
  let low = Infinity
  let vol = 0
  let trades = 0
  for (let j = from; j < to; j++) {
    high = Math.max(high, block.high[j] ?? 0)
    low = Math.min(low, block.low[j] ?? 0)
    vol += block.vol[j] ?? 0
    trades += block.trades[j] ?? 0
  }
  return {
    open: Math.floor(block.open[from] ?? 0),
    high: Math.floor(high),
    low: Math.floor(low),
    close: Math.floor(block.close[to - 1] ?? 0),
    vol,
    trades,
  }
}
