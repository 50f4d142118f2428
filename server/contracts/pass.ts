// The contracts' pass, run on every tick (routes.ts) and at start until caught up: pending limit
// entries whose price was reached enter, and holding positions whose liquidation, stop loss or take
// profit was reached close — each at the FIRST instant the price reached it, at that instant's price
// (stored with the instant), however late the pass runs and also for what crossed while the server
// was down (the walk is market/feed-walk.ts, shared with spot). What a pair's positions wait for is
// two indexed levels per position (positions.ts: down_ticks, up_ticks), so a second that crosses
// nothing costs one comparison against the pair's nearest levels, and a second that crosses some
// finds exactly those with an index range, however many positions are open.
// Exactly once: each position's change is a conditional update in the transaction of its money
// (settle.ts), so a pass on another connection (another server on the same file) that got there
// first leaves nothing to do. A batch of positions shares one transaction, each in its own
// savepoint, so one that fails is logged and rolled back alone; a conflict with another
// transaction (PostgreSQL) is not such a failure: the whole batch runs again, counted once.
import { DatabaseConflictError, DatabaseUnavailableError } from '../db/database.ts'
import type { MarketSource } from '../market/source.ts'
import { num, type Row } from '../db/rows.ts'
import { createFeedWalk, type FeedWalk, type PassContext, priceFeed, type PriceInstant, type WalkFeed } from '../market/feed-walk.ts'
import { PAIRS, type Pair } from '../market/pairs.ts'
import { actOnPosition } from './settle.ts'
import { contractFeeRates } from './terms.ts'

const BATCH = 200
const MAX_ROUNDS = 100
const USDT_SYMBOLS = PAIRS.filter((pair) => pair.quote === 'USDT').map((pair) => pair.symbol)

interface Bounds {
  /** Something acts when the price falls to this or below… */
  down: number | null
  /** …or rises to this or above. */
  up: number | null
}

const orNull = (row: Row | undefined, column: string): number | null => (row && row[column] !== null ? num(row, column) : null)

async function boundsOf(ctx: PassContext, symbol: string): Promise<Bounds | undefined> {
  const row = await ctx.db.get(`SELECT (SELECT max(down_ticks) FROM contract_positions WHERE symbol = ?1 AND down_ticks IS NOT NULL) AS down,
            (SELECT min(up_ticks) FROM contract_positions WHERE symbol = ?1 AND up_ticks IS NOT NULL) AS up`, symbol)
  const bounds = { down: orNull(row, 'down'), up: orNull(row, 'up') }
  return bounds.down === null && bounds.up === null ? undefined : bounds
}

const hits = (b: Bounds, ticks: number): boolean => (b.down !== null && ticks <= b.down) || (b.up !== null && ticks >= b.up)

/** Through the two partial indexes: reads the pair's waiting positions only, never the history. */
async function earliestWatched(ctx: PassContext, symbol: string): Promise<number | undefined> {
  const row = await ctx.db.get(`SELECT (SELECT min(watch_from) FROM contract_positions WHERE symbol = ?1 AND down_ticks IS NOT NULL) AS down,
            (SELECT min(watch_from) FROM contract_positions WHERE symbol = ?1 AND up_ticks IS NOT NULL) AS up`, symbol)
  const found = [orNull(row, 'down'), orNull(row, 'up')].filter((at): at is number => at !== null)
  return found.length > 0 ? Math.min(...found) : undefined
}

/** Ids of the pair's positions the instant's price reached, watched since before it. */
const reached = async (ctx: PassContext, symbol: string, instant: PriceInstant, limit: number): Promise<number[]> =>
  (await ctx.db.all(`SELECT id FROM contract_positions WHERE symbol = ?1 AND down_ticks >= ?2 AND watch_from < ?3
     UNION
     SELECT id FROM contract_positions WHERE symbol = ?1 AND up_ticks <= ?2 AND watch_from < ?3
     ORDER BY id LIMIT ?4`, symbol, instant.lastTicks, instant.at, limit)).map((row) => num(row, 'id'))

/** Everything the instant's price does to the pair's positions; answers how many acted. */
async function actAt(ctx: PassContext, pair: Pair, instant: PriceInstant): Promise<number> {
  let acted = 0
  // Positions that failed, or that another pass changed first, still match; they are not asked again.
  const stuck = new Set<number>()
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const ids = (await reached(ctx, pair.symbol, instant, BATCH + stuck.size)).filter((id) => !stuck.has(id))
    if (ids.length === 0) break
    // What one attempt did: the transaction may run again, and only the committed run counts.
    const batch = await ctx.db.transaction(async () => {
      const now = ctx.now()
      const closeRate = (await contractFeeRates(ctx.db)).close
      const done = { acted: 0, stuck: [] as number[] }
      for (const id of ids) {
        try {
          if (await ctx.db.transaction(async () => await actOnPosition(ctx.db, id, instant, closeRate, now))) done.acted += 1
          else done.stuck.push(id)
        } catch (error) {
          // A conflict runs the batch again; a lost storage ends the pass until the next tick.
          if (error instanceof DatabaseConflictError || error instanceof DatabaseUnavailableError) throw error
          done.stuck.push(id)
          ctx.log.error({ err: error, positionId: id }, 'contracts pass: a position could not be acted on')
        }
      }
      return done
    })
    acted += batch.acted
    for (const id of batch.stuck) stuck.add(id)
    if (ids.length < BATCH) break
  }
  return acted
}

export interface ContractEngine {
  feed: WalkFeed<PriceInstant>
  /** The pass (every tick) and the catch-up of one pair (before a user changes a position). */
  walk: FeedWalk
}

export function createContractEngine(ctx: PassContext, market: MarketSource): ContractEngine {
  const feed = priceFeed(market)
  const walk = createFeedWalk(ctx, feed, {
    cursorTable: 'contract_feed_cursor',
    symbols: async () => {
      const waiting: string[] = []
      for (const symbol of USDT_SYMBOLS) if ((await boundsOf(ctx, symbol)) !== undefined) waiting.push(symbol)
      return waiting
    },
    bounds: async (symbol) => await boundsOf(ctx, symbol),
    hits,
    earliest: async (symbol) => await earliestWatched(ctx, symbol),
    actAt: async (pair, instant) => await actAt(ctx, pair, instant),
  })
  return { feed, walk }
}
