// Candles of every period from the one-minute truth. A closed candle never changes, so each is
// computed once (a day candle aggregates 1440 minutes) and kept; only the forming candle of the
// current period is recomputed, from the closed minutes of the period so far (kept per minute)
// plus the seconds of the current minute.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { type Candle, type KlinePeriod, PERIOD_SECONDS } from '../../src/contract/market.ts'
import { type Bar, mergeBars, toCandle } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { minuteShape, partialBar } from './intraminute.ts'
import { aggregateMinutes, barOfBlock, minuteBlock } from './minute-block.ts'

/** Closed candles kept per pair and period: the 2000 a chart asks for, and room for time to pass. */
const KEEP = 2_200
/** One-minute gaps are filled with blocks of at most this many minutes. */
const MINUTE_BATCH = 1_440
/** prepare() yields after aggregating about this many minutes (~10 ms of work). */
const MINUTES_PER_SLICE = 60_000

type ClosedCandles = Map<number, Candle>

function fillMinutes(feed: PairFeed, cache: ClosedCandles, from: number, to: number): void {
  for (let start = from; start < to; start += MINUTE_BATCH) {
    const count = Math.min(MINUTE_BATCH, to - start)
    const block = minuteBlock(feed, start, count)
    for (let j = 0; j < count; j++) cache.set(start + j, toCandle((start + j) * 60, barOfBlock(block, j, j + 1), feed.pair))
  }
}

/** Computes the closed minutes of [oldest, current) missing from the cache in contiguous blocks. */
function fillMinuteGaps(feed: PairFeed, cache: ClosedCandles, oldest: number, current: number): void {
  let gapStart: number | undefined
  for (let index = oldest; index <= current; index++) {
    const missing = index < current && !cache.has(index)
    if (missing && gapStart === undefined) gapStart = index
    if (!missing && gapStart !== undefined) {
      fillMinutes(feed, cache, gapStart, index)
      gapStart = undefined
    }
  }
}

function closedCandle(feed: PairFeed, period: KlinePeriod, cache: ClosedCandles, index: number): Candle {
  const found = cache.get(index)
  if (found) return found
  const minutes = PERIOD_SECONDS[period] / 60
  const candle = toCandle(index * PERIOD_SECONDS[period], aggregateMinutes(feed, index * minutes, minutes), feed.pair)
  cache.set(index, candle)
  return candle
}

function evictBefore(cache: ClosedCandles, oldest: number): void {
  if (cache.size <= KEEP) return
  for (const index of cache.keys()) if (index < oldest) cache.delete(index)
}

export interface KlineStore {
  /**
   * Computes the closed candles candles() will need that are not kept yet, yielding to the event
   * loop between slices: a cold 2000-day history takes 0.3–0.7 s, which must not stall everyone.
   */
  prepare(feed: PairFeed, period: KlinePeriod, second: number, size: number): Promise<void>
  /** The latest `size` candles at `second` (epoch seconds), newest (forming) first. */
  candles(feed: PairFeed, period: KlinePeriod, second: number, size: number): Candle[]
}

export function createKlineStore(): KlineStore {
  const closed = new Map<string, ClosedCandles>()
  /** Per pair and period: the closed minutes of the current period so far, as of one minute. */
  const formingParts = new Map<string, { minute: number; bar: Bar | undefined }>()

  function closedOf(feed: PairFeed, period: KlinePeriod): ClosedCandles {
    const key = `${feed.pair.symbol}|${period}`
    let found = closed.get(key)
    if (!found) closed.set(key, (found = new Map()))
    return found
  }

  function forming(feed: PairFeed, period: KlinePeriod, second: number): Bar {
    const minute = Math.floor(second / 60)
    const periodStart = (Math.floor(second / PERIOD_SECONDS[period]) * PERIOD_SECONDS[period]) / 60
    const key = `${feed.pair.symbol}|${period}`
    let part = formingParts.get(key)
    if (part?.minute !== minute) {
      part = { minute, bar: minute > periodStart ? aggregateMinutes(feed, periodStart, minute - periodStart) : undefined }
      formingParts.set(key, part)
    }
    return mergeBars(part.bar, partialBar(minuteShape(feed, minute), 0, second - minute * 60))
  }

  return {
    async prepare(feed, period, second, size) {
      // One-minute gaps are filled in blocks by candles() (2000 minutes take a few ms).
      if (period === '1min') return
      const current = Math.floor(second / PERIOD_SECONDS[period])
      const cache = closedOf(feed, period)
      const sliceMinutes = PERIOD_SECONDS[period] / 60
      let minutesSinceYield = 0
      for (let index = current - size + 1; index < current; index++) {
        if (cache.has(index)) continue
        closedCandle(feed, period, cache, index)
        minutesSinceYield += sliceMinutes
        if (minutesSinceYield >= MINUTES_PER_SLICE) {
          minutesSinceYield = 0
          await yieldToEventLoop()
        }
      }
    },
    candles(feed, period, second, size) {
      const current = Math.floor(second / PERIOD_SECONDS[period])
      const oldest = current - size + 1
      const cache = closedOf(feed, period)
      // One-minute gaps are filled in blocks: 2000 separate one-minute blocks would cost far more.
      if (period === '1min') fillMinuteGaps(feed, cache, oldest, current)
      const candles: Candle[] = [toCandle(current * PERIOD_SECONDS[period], forming(feed, period, second), feed.pair)]
      for (let index = current - 1; index >= oldest; index--) candles.push(closedCandle(feed, period, cache, index))
      evictBefore(cache, current - KEEP)
      return candles
    },
  }
}
