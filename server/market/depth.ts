// The order book around the current price: 20 levels a side, best bid below the last price below
// the best ask, gaps and amounts drawn from the pair's second so the book moves every second.
// stepN (Huobi's merged depth) puts the levels on a grid of 10^N ticks instead of single ticks.
import type { Depth, DepthLevel, DepthType } from '../../src/contract/market.ts'
import { formatUnits } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { unitAt } from './hash.ts'
import { minuteShape, ticksAt } from './intraminute.ts'

/** Half the spread is about this share of the price (0.4 bp), at least one tick. */
const HALF_SPREAD = 0.00004
/** Mean gap between neighbouring levels, as a share of the price. */
const LEVEL_GAP = 0.000015

/** The last price at a second, in ticks. */
export function lastTicks(feed: PairFeed, second: number): number {
  const minute = Math.floor(second / 60)
  return ticksAt(minuteShape(feed, minute), second - minute * 60)
}

function side(feed: PairFeed, second: number, best: number, direction: 1 | -1, grid: number, size: number): DepthLevel[] {
  const { book } = feed.keys
  const { pair, amountScale } = feed
  /** A merged level (stepN) holds the orders of all the natural levels in its grid step. */
  const merged = Math.max(1, grid / (LEVEL_GAP * best))
  const levels: DepthLevel[] = []
  let price = best
  for (let level = 0; level < size && price > 0; level++) {
    const draw = (slot: number) => unitAt(book, second * 128 + (direction > 0 ? 64 : 0) + level * 2 + slot)
    const depthGrowth = 1 + level / 8
    const amount = pair.tradeSize * (0.2 + 3 * draw(0) ** 2) * depthGrowth * merged
    levels.push([formatUnits(price, pair.precision), formatUnits(Math.max(1, Math.floor(amount * amountScale)), pair.amountDigits)])
    const gap = Math.max(1, Math.round((LEVEL_GAP * best * (0.2 + 1.6 * draw(1))) / grid)) * grid
    price += direction * gap
  }
  return levels
}

export function depthAt(feed: PairFeed, second: number, type: DepthType, size: number): Depth {
  const last = lastTicks(feed, second)
  const grid = 10 ** Number(type.slice(4))
  const spread = (slot: number) => Math.max(1, Math.floor(last * HALF_SPREAD * (0.5 + unitAt(feed.keys.book, second * 128 + 126 + slot))))
  const bestBid = Math.floor((last - spread(0)) / grid) * grid
  const bestAsk = Math.ceil((last + spread(1)) / grid) * grid
  return {
    bids: side(feed, second, bestBid, -1, grid, size),
    asks: side(feed, second, bestAsk, 1, grid, size),
    ts: second * 1000,
  }
}
