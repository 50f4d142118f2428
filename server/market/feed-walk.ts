// The walk both price-driven engines run on every tick (spot's feed pass, the contracts' trigger
// pass): with the simulation it walks each pair's price path second by second from where it last
// looked (a cursor table per engine), so that an engine acts at the FIRST instant a condition held,
// with that instant's price, however late the pass runs — also for what crossed while the server was
// down, on start. A second whose last price reaches none of the pair's waiting levels (the engine's
// bounds: the nearest level on each side) costs one comparison; a pair with nothing waiting costs no
// walk. With a live feed only the price now can be looked at.
// The cursor is only where to look from: exactly-once is each engine's own business (its
// conditional updates), so two passes over the same second change nothing twice.
import type { Database } from '../db/database.ts'
import type { AppContext } from '../context.ts'
import { num } from '../db/rows.ts'
import { findPair, type Pair } from './pairs.ts'
import { toTicks } from './price-ticks.ts'
import type { MarketSource } from './source.ts'

/** Seconds of one pair's path a pass walks at most; a longer catch-up goes on in the next pass. */
export const MAX_SECONDS_PER_PASS = 6 * 3600

export type PassContext = Pick<AppContext, 'db' | 'now' | 'log'>

export interface PassResult {
  acted: number
  /** Some pair's walk stopped short of now (a long catch-up): run another pass. */
  behind: boolean
}

/** The feed's last price of an instant. */
export interface PriceInstant {
  /** ms since epoch. */
  at: number
  last: string
  lastTicks: number
}

/** What a walk needs of a feed: its instants, and (the simulation only) any instant and second synchronously. */
export interface WalkFeed<I extends PriceInstant> {
  /** The instant `ms` where the feed knows any instant; otherwise now. Undefined when the feed cannot answer. */
  instant(pair: Pair, ms: number): Promise<I | undefined>
  instantAt: ((pair: Pair, ms: number) => I) | undefined
  /** The last price at a second (epoch seconds), in ticks. */
  ticksAt: ((pair: Pair, second: number) => number) | undefined
}

/** A feed of last prices only (the contracts engine needs no depth). */
const build = (pair: Pair, at: number, last: string): PriceInstant => ({ at, last, lastTicks: toTicks(last, pair.precision) })

export function priceFeed(market: MarketSource): WalkFeed<PriceInstant> {
  const { priceAt } = market
  const instantAt = priceAt ? (pair: Pair, ms: number) => build(pair, ms, priceAt.call(market, pair, ms)) : undefined
  return {
    instantAt,
    ticksAt: priceAt ? (pair, second) => toTicks(priceAt.call(market, pair, second * 1000), pair.precision) : undefined,
    async instant(pair, ms) {
      if (instantAt) return instantAt(pair, ms)
      try {
        return build(pair, ms, (await market.details(pair)).tick.close)
      } catch {
        return undefined
      }
    },
  }
}

/** What an engine waits for, as the walk asks it. B: its bounds of a pair; I: the instants it acts on. */
export interface Watch<B, I extends PriceInstant> {
  /** The engine's cursor table: (symbol TEXT PRIMARY KEY, second INTEGER NOT NULL). A literal of the code. */
  cursorTable: string
  /** The pairs with something waiting. */
  symbols(): Promise<string[]>
  /** The nearest waiting levels of a pair; undefined when nothing waits there. */
  bounds(symbol: string): Promise<B | undefined>
  hits(bounds: B, ticks: number): boolean
  /** The first instant (ms) anything waiting on the pair is watched from: a walk without a cursor starts there. */
  earliest(symbol: string): Promise<number | undefined>
  /** Everything the instant's price does to what waits on the pair; answers how many things acted. */
  actAt(pair: Pair, instant: I): Promise<number>
}

export interface FeedWalk {
  pass(): Promise<PassResult>
  /**
   * Walks one pair up to now (the simulation; nothing with a live feed): run before a user changes
   * something waiting, so that the change never undoes what already happened.
   */
  catchUp(pair: Pair): Promise<PassResult>
}

async function startSecond(db: Database, table: string, symbol: string, earliest: () => Promise<number | undefined>): Promise<number | undefined> {
  const cursor = await db.get(`SELECT second FROM ${table} WHERE symbol = ?`, symbol)
  if (cursor) return num(cursor, 'second')
  const at = await earliest()
  return at === undefined ? undefined : Math.floor(at / 1000) - 1
}

export function createFeedWalk<B, I extends PriceInstant>(ctx: PassContext, feed: WalkFeed<I>, watch: Watch<B, I>): FeedWalk {
  const table = watch.cursorTable
  const saveCursor = async (symbol: string, second: number): Promise<void> => {
    await ctx.db.run(
      `INSERT INTO ${table} (symbol, second) VALUES (?, ?)
       ON CONFLICT (symbol) DO UPDATE SET second = excluded.second WHERE excluded.second > ${table}.second`,
      symbol,
      second,
    )
  }
  const forget = (symbol: string) => ctx.db.run(`DELETE FROM ${table} WHERE symbol = ?`, symbol)

  /** The simulation: walk the pair's path from its cursor to now. */
  async function walk(
    pair: Pair,
    nowSecond: number,
    instantAt: (pair: Pair, ms: number) => I,
    ticksAt: (pair: Pair, second: number) => number,
  ): Promise<PassResult> {
    let bounds = await watch.bounds(pair.symbol)
    const start = bounds === undefined ? undefined : await startSecond(ctx.db, table, pair.symbol, () => watch.earliest(pair.symbol))
    if (bounds === undefined || start === undefined) {
      await forget(pair.symbol)
      return { acted: 0, behind: false }
    }
    const end = Math.min(nowSecond, start + MAX_SECONDS_PER_PASS)
    let acted = 0
    for (let second = start + 1; second <= end; second++) {
      if (!watch.hits(bounds, ticksAt(pair, second))) continue
      acted += await watch.actAt(pair, instantAt(pair, second * 1000))
      bounds = await watch.bounds(pair.symbol)
      if (bounds === undefined) break
    }
    if (end > start) await saveCursor(pair.symbol, end)
    return { acted, behind: end < nowSecond }
  }

  // Pairs that no longer wait for anything forget their cursor, so that a new order starts the walk
  // at itself rather than where the last one ended: at start for all, then as pairs fall idle.
  let walked = new Set<string>()
  let forgotten = false
  const forgetIdle = (symbols: readonly string[]) =>
    symbols.length === 0
      ? ctx.db.run(`DELETE FROM ${table}`)
      : ctx.db.run(`DELETE FROM ${table} WHERE symbol NOT IN (${symbols.map(() => '?').join(', ')})`, ...symbols)

  return {
    async pass() {
      const symbols = await watch.symbols()
      if (!forgotten || [...walked].some((symbol) => !symbols.includes(symbol))) await forgetIdle(symbols)
      forgotten = true
      walked = new Set(symbols)
      const result: PassResult = { acted: 0, behind: false }
      const { instantAt, ticksAt } = feed
      for (const symbol of symbols) {
        const pair = findPair(symbol)
        if (!pair) continue
        if (instantAt && ticksAt) {
          const done = await walk(pair, Math.floor(ctx.now() / 1000), instantAt, ticksAt)
          result.acted += done.acted
          result.behind ||= done.behind
          continue
        }
        const instant = await feed.instant(pair, ctx.now())
        if (instant) result.acted += await watch.actAt(pair, instant)
      }
      return result
    },
    async catchUp(pair) {
      const { instantAt, ticksAt } = feed
      if (!instantAt || !ticksAt) return { acted: 0, behind: false }
      return walk(pair, Math.floor(ctx.now() / 1000), instantAt, ticksAt)
    },
  }
}
