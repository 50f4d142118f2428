// What spot trading needs of the market feed: the last price and the order book of an instant.
// The simulation knows every instant (priceAt/depthAt), so an order fills against the depth of its
// own instant and the pass (feed-pass.ts) walks the price path second by second, also to catch up
// after a restart. The Huobi proxy only knows now: its instant is fetched live (awaited before any
// transaction opens) and the pass acts on the current price alone.
// SPOT_FEED_LIQUIDITY=off keeps the prices (limits, bands, stop triggers still follow the feed) but
// offers no depth: users trade only with each other.
import type { Depth, DepthLevel, DepthType } from '../../src/contract/market.ts'
import { DEPTH_SIZE } from '../../src/contract/market.ts'
import type { MarketSource } from '../market/source.ts'
import type { Pair } from '../market/pairs.ts'
import { toTicks } from './logic.ts'

export interface Instant {
  /** ms since epoch. */
  at: number
  last: string
  lastTicks: number
  /** The feed's liquidity then, best first (empty without feed liquidity). */
  bids: readonly DepthLevel[]
  asks: readonly DepthLevel[]
}

export interface SpotFeed {
  /** The instant `ms` where the feed knows any instant; otherwise now. Undefined when the feed cannot answer. */
  instant(pair: Pair, ms: number): Promise<Instant | undefined>
  /** The simulation's instant, synchronously (undefined for a live feed). */
  instantAt: ((pair: Pair, ms: number) => Instant) | undefined
  /** The simulation's last price at a second, in ticks (undefined for a live feed). */
  ticksAt: ((pair: Pair, second: number) => number) | undefined
  /** The book for the screen on a price grid (step0…step5), where liquidity is on. */
  depth(pair: Pair, type: DepthType): Promise<Depth | undefined>
  liquidity: boolean
}

const NO_LEVELS: readonly DepthLevel[] = []

export function spotFeed(market: MarketSource, liquidity: boolean): SpotFeed {
  const { priceAt, depthAt } = market
  const build = (pair: Pair, at: number, last: string, depth: Depth | undefined): Instant => ({
    at,
    last,
    lastTicks: toTicks(last, pair.precision),
    bids: liquidity && depth ? depth.bids : NO_LEVELS,
    asks: liquidity && depth ? depth.asks : NO_LEVELS,
  })
  const instantAt =
    priceAt && depthAt
      ? (pair: Pair, ms: number): Instant => build(pair, ms, priceAt.call(market, pair, ms), liquidity ? depthAt.call(market, pair, ms, DEPTH_SIZE) : undefined)
      : undefined
  return {
    instantAt,
    ticksAt: priceAt ? (pair, second) => toTicks(priceAt.call(market, pair, second * 1000), pair.precision) : undefined,
    async instant(pair, ms) {
      if (instantAt) return instantAt(pair, ms)
      try {
        const [details, depth] = await Promise.all([market.details(pair), liquidity ? market.depth(pair, 'step0', DEPTH_SIZE) : undefined])
        return build(pair, ms, details.tick.close, depth?.tick)
      } catch {
        return undefined
      }
    },
    async depth(pair, type) {
      if (!liquidity) return undefined
      return (await market.depth(pair, type, DEPTH_SIZE)).tick
    },
    liquidity,
  }
}
