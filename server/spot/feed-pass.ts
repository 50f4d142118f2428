// The pass that lets the market feed act on waiting orders, run on every tick (scheduler.ts) and at
// start until caught up:
//   - a stop-limit whose trigger the last price reached enters the book at that instant (trigger
//     instant and price stored) and takes what it reaches there (match.ts);
//   - a resting limit order the last price reached (a buy at or above it, a sell at or below) fills
//     whole at its own price against the feed, as maker.
// With the simulation the pass walks each pair's price path second by second from where it last
// looked (spot_feed_cursor; the walk is market/feed-walk.ts, shared with the contracts' pass), so it
// acts at the first instant a condition held, with that instant's price and depth, however late it
// runs — also for orders crossed while the server was down. A pair with nothing waiting costs no
// walk. With a live feed it can only look at the price now.
// Exactly once: each action is its own transaction whose conditional updates (fills.ts) change
// nothing if another pass (another process on the same database) got there first.
import { BigNumber } from 'bignumber.js'
import { FILL_ROLES, ORDER_SIDES, ORDER_STATUS } from '../../src/contract/spot.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { num, type Row } from '../db/rows.ts'
import { createFeedWalk, type FeedWalk, type PassContext, type PassResult } from '../market/feed-walk.ts'
import type { Pair } from '../market/pairs.ts'
import type { Instant, SpotFeed } from './feed.ts'
import { bookLock } from './book-lock.ts'
import { executeFill, type Party } from './fills.ts'
import { valueOf } from './logic.ts'
import { takeLiquidity } from './match.ts'
import { findOrder, mustFindOrder, type StoredOrder, toStoredOrder } from './orders.ts'

const BATCH = 200

export { MAX_SECONDS_PER_PASS, type PassResult } from '../market/feed-walk.ts'

interface Bounds {
  maxBuy: number | null
  minSell: number | null
  stopUp: number | null
  stopDown: number | null
}

const orNull = (row: Row | undefined, column: string): number | null => (row && row[column] !== null ? num(row, column) : null)

/** The nearest waiting levels of the pair's orders; undefined when nothing waits on it. */
async function boundsOf(ctx: PassContext, symbol: string, liquidity: boolean): Promise<Bounds | undefined> {
  const row = await ctx.db.get(`SELECT
       (SELECT max(price_ticks) FROM spot_orders WHERE symbol = ?1 AND side = ${ORDER_SIDES.buy} AND status = ${ORDER_STATUS.open}) AS max_buy,
       (SELECT min(price_ticks) FROM spot_orders WHERE symbol = ?1 AND side = ${ORDER_SIDES.sell} AND status = ${ORDER_STATUS.open}) AS min_sell,
       (SELECT min(trigger_ticks) FROM spot_orders WHERE symbol = ?1 AND trigger_direction = 1 AND status = ${ORDER_STATUS.untriggered}) AS stop_up,
       (SELECT max(trigger_ticks) FROM spot_orders WHERE symbol = ?1 AND trigger_direction = -1 AND status = ${ORDER_STATUS.untriggered}) AS stop_down`, symbol)
  const bounds = {
    maxBuy: liquidity ? orNull(row, 'max_buy') : null,
    minSell: liquidity ? orNull(row, 'min_sell') : null,
    stopUp: orNull(row, 'stop_up'),
    stopDown: orNull(row, 'stop_down'),
  }
  const waiting = bounds.maxBuy !== null || bounds.minSell !== null || bounds.stopUp !== null || bounds.stopDown !== null
  return waiting ? bounds : undefined
}

const hits = (b: Bounds, ticks: number): boolean =>
  (b.maxBuy !== null && ticks <= b.maxBuy) ||
  (b.minSell !== null && ticks >= b.minSell) ||
  (b.stopUp !== null && ticks >= b.stopUp) ||
  (b.stopDown !== null && ticks <= b.stopDown)

/** Where a walk without a cursor starts: the earliest waiting order. */
async function earliestOrder(ctx: PassContext, symbol: string): Promise<number | undefined> {
  // One query per status, so that each reads only its partial index (the book's, the stops').
  const earliest = await ctx.db.get(`SELECT min(at) AS at FROM (
       SELECT min(created_at) AS at FROM spot_orders WHERE symbol = ?1 AND status = ${ORDER_STATUS.untriggered}
       UNION ALL SELECT min(created_at) FROM spot_orders WHERE symbol = ?1 AND status = ${ORDER_STATUS.open}) AS firsts`, symbol)
  return orNull(earliest, 'at') ?? undefined
}

/** A stop-limit enters the book at `instant` and takes what it reaches; false if already done. */
async function trigger(ctx: PassContext, pair: Pair, id: number, instant: Instant): Promise<boolean> {
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    const changed = await ctx.db.run(`UPDATE spot_orders SET status = ${ORDER_STATUS.open}, triggered_at = ?, triggered_price = ?, entered_at = ?, updated_at = ?
       WHERE id = ? AND status = ${ORDER_STATUS.untriggered}`, instant.at, instant.last, instant.at, now, id)
    if (changed.changes !== 1) return false
    await takeLiquidity(ctx.db, await mustFindOrder(ctx.db, id), pair, instant, now)
    return true
  }, bookLock(pair.symbol))
}

/** A resting order the feed traded through fills whole at its own price; false if no longer open. */
async function fillFromFeed(ctx: PassContext, pair: Pair, id: number, at: number): Promise<boolean> {
  return await ctx.db.transaction(async () => {
    const order = await findOrder(ctx.db, id)
    if (!order || order.status !== ORDER_STATUS.open || order.price === null) return false
    const amount = new BigNumber(order.amount ?? '0').minus(order.filled)
    if (!amount.isGreaterThan(0)) return false
    const maker: Party = { order, role: FILL_ROLES.maker }
    const buy = order.side === ORDER_SIDES.buy
    const fill = { buyer: buy ? maker : 'market', seller: buy ? 'market' : maker, price: order.price, amount, value: valueOf(order.price, amount), at, now: ctx.now() } as const
    await executeFill(ctx.db, fill)
    return true
  }, bookLock(pair.symbol))
}

const stopsReached = async (ctx: PassContext, symbol: string, before: number, ticks: number): Promise<StoredOrder[]> =>
  (await ctx.db.all(`SELECT * FROM spot_orders WHERE symbol = ? AND status = ${ORDER_STATUS.untriggered} AND created_at < ?
       AND ((trigger_direction = 1 AND trigger_ticks <= ?3) OR (trigger_direction = -1 AND trigger_ticks >= ?3))
     ORDER BY created_at, id LIMIT ${BATCH}`, symbol, before, ticks)).map(toStoredOrder)

const restingReached = async (ctx: PassContext, symbol: string, before: number, ticks: number): Promise<StoredOrder[]> =>
  (await ctx.db.all(`SELECT * FROM spot_orders WHERE symbol = ? AND status = ${ORDER_STATUS.open} AND entered_at < ?
       AND ((side = ${ORDER_SIDES.buy} AND price_ticks >= ?3) OR (side = ${ORDER_SIDES.sell} AND price_ticks <= ?3))
     ORDER BY entered_at, id LIMIT ${BATCH}`, symbol, before, ticks)).map(toStoredOrder)

/** Everything the price of `instant` does to the pair's waiting orders placed before it; answers how many acted. */
async function actAt(ctx: PassContext, pair: Pair, instant: Instant, liquidity: boolean): Promise<number> {
  let acted = 0
  const guarded = async (id: number, work: () => Promise<boolean>) => {
    try {
      if (await work()) acted += 1
    } catch (error) {
      // The storage is gone for every order alike: the pass ends, the next tick walks on from the cursor.
      if (error instanceof DatabaseUnavailableError) throw error
      ctx.log.error({ err: error, orderId: id }, 'spot feed pass: an order could not be acted on')
    }
  }
  for (let round = 0; round < 50; round++) {
    const stops = await stopsReached(ctx, pair.symbol, instant.at, instant.lastTicks)
    for (const order of stops) await guarded(order.id, () => trigger(ctx, pair, order.id, instant))
    const resting = liquidity ? await restingReached(ctx, pair.symbol, instant.at, instant.lastTicks) : []
    for (const order of resting) await guarded(order.id, () => fillFromFeed(ctx, pair, order.id, instant.at))
    if (stops.length < BATCH && resting.length < BATCH) break
  }
  return acted
}

/** The pass, and the catch-up of one pair up to now (market/feed-walk.ts). */
export function createSpotWalk(ctx: PassContext, feed: SpotFeed): FeedWalk {
  return createFeedWalk(ctx, feed, {
    cursorTable: 'spot_feed_cursor',
    // Per status, so that each part reads its partial index and never the whole order history.
    symbols: async () =>
      (await ctx.db.all(`SELECT symbol FROM spot_orders WHERE status = ${ORDER_STATUS.untriggered} GROUP BY symbol
         UNION SELECT symbol FROM spot_orders WHERE status = ${ORDER_STATUS.open} GROUP BY symbol`))
        .map((row) => String(row.symbol)),
    bounds: async (symbol) => await boundsOf(ctx, symbol, feed.liquidity),
    hits,
    earliest: async (symbol) => await earliestOrder(ctx, symbol),
    actAt: async (pair, instant) => await actAt(ctx, pair, instant, feed.liquidity),
  })
}

export const createSpotPass = (ctx: PassContext, feed: SpotFeed): (() => Promise<PassResult>) => createSpotWalk(ctx, feed).pass
