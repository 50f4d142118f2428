// The pass that lets the market feed act on waiting orders, run on every tick (scheduler.ts) and at
// start until caught up:
//   - a stop-limit whose trigger the last price reached enters the book at that instant (trigger
//     instant and price stored) and takes what it reaches there (match.ts);
//   - a resting limit order the last price reached (a buy at or above it, a sell at or below) fills
//     whole at its own price against the feed, as maker.
// With the simulation the pass walks each pair's price path second by second from where it last
// looked (spot_feed_cursor), so it acts at the first instant a condition held, with that instant's
// price and depth, however late it runs — also for orders crossed while the server was down. A
// pair with nothing waiting costs no walk. With a live feed it can only look at the price now.
// Exactly once: each action is its own transaction whose conditional updates (fills.ts) change
// nothing if another pass (another process on the same database) got there first.
import { BigNumber } from 'bignumber.js'
import { FILL_ROLES, ORDER_SIDES, ORDER_STATUS } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { num, type Row } from '../db/rows.ts'
import { statement } from '../db/statements.ts'
import { immediate } from '../db/transaction.ts'
import { findPair, type Pair } from '../market/pairs.ts'
import type { Instant, SpotFeed } from './feed.ts'
import { executeFill, type Party } from './fills.ts'
import { valueOf } from './logic.ts'
import { takeLiquidity } from './match.ts'
import { findOrder, mustFindOrder, type StoredOrder, toStoredOrder } from './orders.ts'
import { spotFeeRates } from './rates.ts'

/** Seconds of one pair's path a pass walks at most; a longer catch-up goes on in the next pass. */
export const MAX_SECONDS_PER_PASS = 6 * 3600
const BATCH = 200

type PassContext = Pick<AppContext, 'db' | 'now' | 'log'>

interface Bounds {
  maxBuy: number | null
  minSell: number | null
  stopUp: number | null
  stopDown: number | null
}

const orNull = (row: Row | undefined, column: string): number | null => (row && row[column] !== null ? num(row, column) : null)

function boundsOf(ctx: PassContext, symbol: string, liquidity: boolean): Bounds {
  const row = statement(
    ctx.db,
    `SELECT
       (SELECT max(price_ticks) FROM spot_orders WHERE symbol = ?1 AND side = ${ORDER_SIDES.buy} AND status = ${ORDER_STATUS.open}) AS max_buy,
       (SELECT min(price_ticks) FROM spot_orders WHERE symbol = ?1 AND side = ${ORDER_SIDES.sell} AND status = ${ORDER_STATUS.open}) AS min_sell,
       (SELECT min(trigger_ticks) FROM spot_orders WHERE symbol = ?1 AND trigger_direction = 1 AND status = ${ORDER_STATUS.untriggered}) AS stop_up,
       (SELECT max(trigger_ticks) FROM spot_orders WHERE symbol = ?1 AND trigger_direction = -1 AND status = ${ORDER_STATUS.untriggered}) AS stop_down`,
  ).get(symbol)
  return {
    maxBuy: liquidity ? orNull(row, 'max_buy') : null,
    minSell: liquidity ? orNull(row, 'min_sell') : null,
    stopUp: orNull(row, 'stop_up'),
    stopDown: orNull(row, 'stop_down'),
  }
}

const waiting = (b: Bounds): boolean => b.maxBuy !== null || b.minSell !== null || b.stopUp !== null || b.stopDown !== null

const hits = (b: Bounds, ticks: number): boolean =>
  (b.maxBuy !== null && ticks <= b.maxBuy) ||
  (b.minSell !== null && ticks >= b.minSell) ||
  (b.stopUp !== null && ticks >= b.stopUp) ||
  (b.stopDown !== null && ticks <= b.stopDown)

/** Where the walk of a pair resumes: its cursor, or just before its earliest waiting order. */
function startSecond(ctx: PassContext, symbol: string): number | undefined {
  const cursor = statement(ctx.db, 'SELECT second FROM spot_feed_cursor WHERE symbol = ?').get(symbol)
  if (cursor) return num(cursor, 'second')
  const earliest = statement(ctx.db, `SELECT min(created_at) AS at FROM spot_orders WHERE symbol = ? AND status IN (${ORDER_STATUS.untriggered}, ${ORDER_STATUS.open})`).get(symbol)
  const at = orNull(earliest, 'at')
  return at === null ? undefined : Math.floor(at / 1000) - 1
}

const saveCursor = (ctx: PassContext, symbol: string, second: number): void => {
  statement(ctx.db, 'INSERT INTO spot_feed_cursor (symbol, second) VALUES (?, ?) ON CONFLICT (symbol) DO UPDATE SET second = excluded.second WHERE excluded.second > second').run(symbol, second)
}

/** A stop-limit enters the book at `instant` and takes what it reaches; false if already done. */
function trigger(ctx: PassContext, pair: Pair, id: number, instant: Instant): boolean {
  return immediate(ctx.db, () => {
    const now = ctx.now()
    const changed = statement(
      ctx.db,
      `UPDATE spot_orders SET status = ${ORDER_STATUS.open}, triggered_at = ?, triggered_price = ?, entered_at = ?, updated_at = ?
       WHERE id = ? AND status = ${ORDER_STATUS.untriggered}`,
    ).run(instant.at, instant.last, instant.at, now, id)
    if (changed.changes !== 1) return false
    takeLiquidity(ctx.db, mustFindOrder(ctx.db, id), pair, instant, spotFeeRates(ctx.db), now)
    return true
  })
}

/** A resting order the feed traded through fills whole at its own price; false if no longer open. */
function fillFromFeed(ctx: PassContext, id: number, at: number): boolean {
  return immediate(ctx.db, () => {
    const order = findOrder(ctx.db, id)
    if (!order || order.status !== ORDER_STATUS.open || order.price === null) return false
    const amount = new BigNumber(order.amount ?? '0').minus(order.filled)
    if (!amount.isGreaterThan(0)) return false
    const maker: Party = { order, role: FILL_ROLES.maker }
    const buy = order.side === ORDER_SIDES.buy
    const fill = { buyer: buy ? maker : 'market', seller: buy ? 'market' : maker, price: order.price, amount, value: valueOf(order.price, amount), at, now: ctx.now() } as const
    executeFill(ctx.db, fill, spotFeeRates(ctx.db))
    return true
  })
}

const stopsReached = (ctx: PassContext, symbol: string, before: number, ticks: number): StoredOrder[] =>
  statement(
    ctx.db,
    `SELECT * FROM spot_orders WHERE symbol = ? AND status = ${ORDER_STATUS.untriggered} AND created_at < ?
       AND ((trigger_direction = 1 AND trigger_ticks <= ?3) OR (trigger_direction = -1 AND trigger_ticks >= ?3))
     ORDER BY created_at, id LIMIT ${BATCH}`,
  ).all(symbol, before, ticks).map(toStoredOrder)

const restingReached = (ctx: PassContext, symbol: string, before: number, ticks: number): StoredOrder[] =>
  statement(
    ctx.db,
    `SELECT * FROM spot_orders WHERE symbol = ? AND status = ${ORDER_STATUS.open} AND entered_at < ?
       AND ((side = ${ORDER_SIDES.buy} AND price_ticks >= ?3) OR (side = ${ORDER_SIDES.sell} AND price_ticks <= ?3))
     ORDER BY entered_at, id LIMIT ${BATCH}`,
  ).all(symbol, before, ticks).map(toStoredOrder)

/** Everything the price of `instant` does to the pair's waiting orders placed before it; answers how many acted. */
function actAt(ctx: PassContext, pair: Pair, instant: Instant, liquidity: boolean): number {
  let acted = 0
  const guarded = (id: number, work: () => boolean) => {
    try {
      if (work()) acted += 1
    } catch (error) {
      ctx.log.error({ err: error, orderId: id }, 'spot feed pass: an order could not be acted on')
    }
  }
  for (let round = 0; round < 50; round++) {
    const stops = stopsReached(ctx, pair.symbol, instant.at, instant.lastTicks)
    for (const order of stops) guarded(order.id, () => trigger(ctx, pair, order.id, instant))
    const resting = liquidity ? restingReached(ctx, pair.symbol, instant.at, instant.lastTicks) : []
    for (const order of resting) guarded(order.id, () => fillFromFeed(ctx, order.id, instant.at))
    if (stops.length < BATCH && resting.length < BATCH) break
  }
  return acted
}

export interface PassResult {
  acted: number
  /** Some pair's walk stopped short of now (a long catch-up): run another pass. */
  behind: boolean
}

export function createSpotPass(ctx: PassContext, feed: SpotFeed): () => Promise<PassResult> {
  /** The simulation: walk the pair's path from its cursor to now. */
  function walk(pair: Pair, nowSecond: number, instantAt: (pair: Pair, ms: number) => Instant, ticksAt: (pair: Pair, second: number) => number): PassResult {
    let bounds = boundsOf(ctx, pair.symbol, feed.liquidity)
    const start = startSecond(ctx, pair.symbol)
    if (!waiting(bounds) || start === undefined) {
      statement(ctx.db, 'DELETE FROM spot_feed_cursor WHERE symbol = ?').run(pair.symbol)
      return { acted: 0, behind: false }
    }
    const end = Math.min(nowSecond, start + MAX_SECONDS_PER_PASS)
    let acted = 0
    for (let second = start + 1; second <= end; second++) {
      if (!hits(bounds, ticksAt(pair, second))) continue
      acted += actAt(ctx, pair, instantAt(pair, second * 1000), feed.liquidity)
      bounds = boundsOf(ctx, pair.symbol, feed.liquidity)
      if (!waiting(bounds)) break
    }
    if (end > start) saveCursor(ctx, pair.symbol, end)
    return { acted, behind: end < nowSecond }
  }

  const forgetIdle = (symbols: readonly string[]) =>
    statement(ctx.db, `DELETE FROM spot_feed_cursor WHERE symbol NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(symbols))
  // Pairs that no longer wait for anything forget their cursor, so that a new order starts the walk
  // at itself rather than where the last one ended: at start for all, then as pairs fall idle.
  let walked = new Set<string>()
  let forgotten = false

  return async function pass(): Promise<PassResult> {
    const symbols = statement(ctx.db, `SELECT DISTINCT symbol FROM spot_orders WHERE status IN (${ORDER_STATUS.untriggered}, ${ORDER_STATUS.open})`)
      .all()
      .map((row) => String(row.symbol))
    if (!forgotten || [...walked].some((symbol) => !symbols.includes(symbol))) forgetIdle(symbols)
    forgotten = true
    walked = new Set(symbols)
    const result: PassResult = { acted: 0, behind: false }
    const { instantAt, ticksAt } = feed
    for (const symbol of symbols) {
      const pair = findPair(symbol)
      if (!pair) continue
      if (instantAt && ticksAt) {
        const done = walk(pair, Math.floor(ctx.now() / 1000), instantAt, ticksAt)
        result.acted += done.acted
        result.behind ||= done.behind
        continue
      }
      const now = ctx.now()
      const instant = await feed.instant(pair, now)
      if (instant) result.acted += actAt(ctx, pair, instant, feed.liquidity)
    }
    return result
  }
}
