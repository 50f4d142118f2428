// Helpers of the adversarial spot tests, beside spot-fixtures.ts (the feed's price and book of any
// instant, a trader's calls): prices as ticks and the band of an instant, the feed pass and the
// engine run by hand on a connection of the test's own at the test's clock, the state a refused
// call must leave alone, and the audits — auditOrders checks every order against the ledger: what
// its placement froze is exactly what its fills spent, plus what it still holds, plus what came back.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../../server/db/database.ts'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES, PRICE_BAND } from '../../src/contract/spot.ts'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config.ts'
import type { AppContext } from '../../server/context.ts'
import { systemTotals } from '../../server/ledger/verify.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { type SpotEngine, createSpotEngine } from '../../server/spot/engine.ts'
import type { PassResult } from '../../server/spot/feed-pass.ts'
import { type SpotFeed, spotFeed } from '../../server/spot/feed.ts'
import { readMailCode } from '../support/outbox.ts'
import { type Snapshot, snapshot, withDb } from './assets-support.ts'
import { answer, type TestServer } from './harness.ts'
import type { KeptServer } from './seconds-support.ts'
import { lastAt, pairOf, sum } from './spot-fixtures.ts'
import { type DatabaseLocation, openTestDatabase, withDatabase } from './test-database.ts'

export type Side = 'buy' | 'sell'
export type Row = Record<string, unknown>

/** A price as whole ticks of the pair, and ticks back to a price at the pair's precision. */
export const ticksOf = (symbol: string, price: BigNumber.Value): number => new BigNumber(price).shiftedBy(pairOf(symbol).precision).toNumber()
export const priceOf = (symbol: string, ticks: number): string => new BigNumber(ticks).shiftedBy(-pairOf(symbol).precision).toFixed(pairOf(symbol).precision)

/** The feed's last price at a second (epoch seconds), in ticks. */
export const lastTicksAt = (symbol: string, second: number): number => ticksOf(symbol, lastAt(symbol, second * 1000))

/** The limit prices accepted at an instant (PRICE_BAND around the last price), in ticks. */
export function bandAt(symbol: string, ms: number): { last: number; low: number; high: number } {
  const last = ticksOf(symbol, lastAt(symbol, ms))
  const reach = new BigNumber(last).times(PRICE_BAND)
  const low = new BigNumber(last).minus(reach).integerValue(BigNumber.ROUND_CEIL).toNumber()
  return { last, low, high: new BigNumber(last).plus(reach).integerValue(BigNumber.ROUND_FLOOR).toNumber() }
}

/** Has the last price reached a resting limit order (a buy at or above it, a sell at or below)? */
export const crosses = (side: Side, limitTicks: number, lastTicks: number): boolean => (side === 'buy' ? lastTicks <= limitTicks : lastTicks >= limitTicks)

/** The first second in (after, until] whose last price (ticks) satisfies `reached`, if any. */
export function secondWithin(symbol: string, after: number, until: number, reached: (ticks: number) => boolean): number | undefined {
  for (let second = after + 1; second <= until; second++) if (reached(lastTicksAt(symbol, second))) return second
  return undefined
}

/** A logger that keeps what the engine reports as errors (the pass logs what it could not do). */
export const collectingLog = (errors: string[]): FastifyBaseLogger =>
  ({ error: (fields: { err?: unknown }) => errors.push(String(fields.err)), info: () => {}, warn: () => {} }) as unknown as FastifyBaseLogger

export interface Direct {
  ctx: AppContext
  feed: SpotFeed
  /** The feed and its walk, as the place and cancel calls take them. */
  spot: SpotEngine
  pass: () => Promise<PassResult>
}

/** The engine on a connection of the caller's own at the caller's clock, as another process runs it. */
export function direct(db: Database, now: () => number, errors: string[] = [], liquidity = true): Direct {
  const ctx = { db, now, log: collectingLog(errors), config: { ...DEFAULT_CONFIG, spotFeedLiquidity: liquidity } } as unknown as AppContext
  const feed = spotFeed(createSimSource(DEFAULT_CONFIG.marketSeed, now), liquidity)
  const spot = createSpotEngine(ctx, feed)
  return { ctx, feed, spot, pass: spot.walk.pass }
}

/**
 * A server on a database the caller keeps (closing the server keeps the data, so the next one
 * built on the same location restarts on it), on the caller's clock.
 */
export async function keptServer(location: DatabaseLocation, clock: { now: number }): Promise<KeptServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, dataDir: location.dataDir, databaseUrl: location.databaseUrl, staticDir: join(location.dataDir, 'dist'), stepUpSeconds: 0 }
  const app = await buildServer({ config, now: () => clock.now })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const post: KeptServer['post'] = async (path, form, headers = {}) =>
    await answer(await fetch(url + path, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }))
  return { app, url, post }
}

/** A kept server seen as the harness's TestServer (for fundedUser, withDb, snapshot). */
export const keptAsTestServer = (kept: KeptServer, location: DatabaseLocation): TestServer =>
  ({
    url: kept.url,
    dataDir: location.dataDir,
    database: location,
    openDb: () => openTestDatabase(location),
    withDb: <T>(read: (db: Database) => Promise<T>) => withDatabase(location, read),
    post: kept.post,
    readCode: async (email: string) => readMailCode(location.dataDir, email),
  }) as unknown as TestServer

export interface SpotState extends Snapshot {
  orders: Row[]
  fills: number
}

/** Everything a refused spot call must leave as it was. */
export const spotState = async (server: TestServer): Promise<SpotState> => ({
  ...(await snapshot(server)),
  ...(await withDb(server, async (db) => ({
    orders: (await db.all('SELECT * FROM spot_orders ORDER BY id')).map((row) => ({ ...row })),
    fills: Number((await db.get('SELECT count(*) AS n FROM spot_fills'))?.n),
  }))),
})

const big = (value: unknown): BigNumber => new BigNumber(String(value ?? '0'))
const ENDED: ReadonlySet<unknown> = new Set([ORDER_STATUS.filled, ORDER_STATUS.cancelled])

/**
 * Every order against its fills and the ledger: held (its freeze entry) = spent by its fills
 * (a buy: value + fee; a sell: amount) + frozen + returned (its unfreeze, at most once, only once
 * it ended); never over-filled, never filled beyond its limit, its totals equal to its fills.
 */
export async function auditOrders(db: Database): Promise<string[]> {
  const problems: string[] = []
  const held = new Map<number, BigNumber>()
  for (const row of await db.all(`SELECT o.id, p.amount FROM spot_orders o JOIN ledger_postings p ON p.entry_id = o.freeze_entry_id AND p.bucket = 'frozen'`)) {
    held.set(Number(row.id), big(row.amount))
  }
  // An unfreeze names its order only in its memo (fills.ts endOrder): "spot order #<id> cancelled|done".
  const returned = new Map<number, BigNumber[]>()
  const unfreezes = await db.all(`SELECT e.memo, p.amount FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
    WHERE e.kind = 'unfreeze' AND p.bucket = 'available' AND e.memo LIKE 'spot order #%'`)
  for (const row of unfreezes) {
    const id = Number(/^spot order #(\d+) /.exec(String(row.memo))?.[1])
    returned.set(id, [...(returned.get(id) ?? []), big(row.amount)])
  }
  const fills = new Map<number, Row[]>()
  for (const row of await db.all('SELECT * FROM spot_fills ORDER BY id')) fills.set(Number(row.order_id), [...(fills.get(Number(row.order_id)) ?? []), row])
  for (const order of await db.all('SELECT * FROM spot_orders ORDER BY id')) {
    const id = Number(order.id)
    const at = `order #${id} (status ${String(order.status)})`
    const own = fills.get(id) ?? []
    const [amount, quote, fee] = ['amount', 'quote_amount', 'fee'].map((column) => sum(own.map((fill) => big(fill[column]))))
    const buy = order.side === ORDER_SIDES.buy
    const spent = buy ? (quote ?? big(0)).plus(fee ?? 0) : (amount ?? big(0))
    const back = returned.get(id) ?? []
    const frozen = big(order.frozen)
    const ended = ENDED.has(order.status)
    const hold = held.get(id)
    if (!hold) problems.push(`${at}: no freeze entry`)
    else if (!hold.isEqualTo(spent.plus(frozen).plus(sum(back)))) problems.push(`${at}: held ${hold.toFixed()} ≠ spent ${spent.toFixed()} + frozen ${frozen.toFixed()} + returned ${sum(back).toFixed()}`)
    if (frozen.isNegative()) problems.push(`${at}: frozen ${frozen.toFixed()}`)
    if (ended && !frozen.isZero()) problems.push(`${at}: ended but still holds ${frozen.toFixed()}`)
    if (back.length > (ended ? 1 : 0)) problems.push(`${at}: unfrozen ${back.length} times`)
    if (order.amount !== null && big(order.filled).isGreaterThan(big(order.amount))) problems.push(`${at}: over-filled ${String(order.filled)} of ${String(order.amount)}`)
    if (order.status === ORDER_STATUS.filled && order.type !== ORDER_TYPES.market && !big(order.filled).isEqualTo(big(order.amount))) problems.push(`${at}: filled at ${String(order.filled)} of ${String(order.amount)}`)
    const totals: Array<[unknown, BigNumber | undefined]> = [[order.filled, amount], [order.filled_quote, quote], [order.fee, fee]]
    if (!totals.every(([stored, fromFills]) => big(stored).isEqualTo(fromFills ?? 0))) {
      problems.push(`${at}: filled/quote/fee ${String(order.filled)}/${String(order.filled_quote)}/${String(order.fee)} ≠ its fills ${amount?.toFixed()}/${quote?.toFixed()}/${fee?.toFixed()}`)
    }
    if (order.total !== null && spent.isGreaterThan(big(order.total))) problems.push(`${at}: spent ${spent.toFixed()} of a total ${String(order.total)}`)
    for (const fill of own) {
      const beyond = order.price !== null && (buy ? big(fill.price).isGreaterThan(big(order.price)) : big(fill.price).isLessThan(big(order.price)))
      if (beyond) problems.push(`${at}: filled at ${String(fill.price)}, beyond its limit ${String(order.price)}`)
    }
  }
  return problems
}

/**
 * Each user's spot frozen balance against what their waiting orders hold. The only other holds in
 * the spot account are the launchpad's (the seed's demo subscription among them): a pending
 * subscription's USDT and an allocation's tokens until they unlock.
 */
export async function frozenProblems(db: Database): Promise<string[]> {
  const expected = new Map<string, BigNumber>()
  const hold = (userId: unknown, currency: unknown, amount: unknown) => {
    const key = `${String(userId)}|${String(currency)}`
    expected.set(key, (expected.get(key) ?? big(0)).plus(big(amount)))
  }
  for (const row of await db.all(`SELECT user_id, side, base, quote, frozen FROM spot_orders WHERE status IN (${ORDER_STATUS.untriggered}, ${ORDER_STATUS.open})`)) {
    hold(row.user_id, row.side === ORDER_SIDES.buy ? row.quote : row.base, row.frozen)
  }
  for (const row of await db.all("SELECT user_id, frozen FROM launch_subscriptions WHERE status = 'pending'")) hold(row.user_id, 'USDT', row.frozen)
  const locked = "SELECT s.user_id, p.symbol, s.allocated FROM launch_subscriptions s JOIN launch_projects p ON p.id = s.project_id WHERE s.status = 'allocated' AND s.unlocked = 0"
  for (const row of await db.all(locked)) hold(row.user_id, row.symbol, row.allocated)
  const problems: string[] = []
  for (const row of await db.all('SELECT user_id, currency, frozen FROM balances WHERE account_type = 1')) {
    const key = `${String(row.user_id)}|${String(row.currency)}`
    const orders = expected.get(key) ?? big(0)
    expected.delete(key)
    if (!orders.isEqualTo(big(row.frozen))) problems.push(`${key}: frozen ${String(row.frozen)}, its orders hold ${orders.toFixed()}`)
  }
  for (const [key, orders] of expected) if (!orders.isZero()) problems.push(`${key}: no balance, its orders hold ${orders.toFixed()}`)
  return problems
}

export const negativeBalances = async (db: Database): Promise<Row[]> =>
  (await db.all('SELECT * FROM balances')).filter((row) => big(row.available).isNegative() || big(row.frozen).isNegative())

const add = (map: Map<string, BigNumber>, currency: string, value: BigNumber) => map.set(currency, (map.get(currency) ?? big(0)).plus(value))

/** Per currency: what users and system accounts hold, 'outside' (money brought in, negative) apart. */
export async function holdings(db: Database): Promise<{ inside: Map<string, BigNumber>; outside: Map<string, BigNumber>; fees: Map<string, BigNumber> }> {
  const inside = new Map<string, BigNumber>()
  const outside = new Map<string, BigNumber>()
  const fees = new Map<string, BigNumber>()
  for (const row of await db.all('SELECT currency, available, frozen FROM balances')) add(inside, String(row.currency), big(row.available).plus(big(row.frozen)))
  for (const [key, value] of await systemTotals(db)) {
    const [system = '', currency = ''] = key.split(':')
    add(system === 'outside' ? outside : inside, currency, big(value))
    if (system === 'fees') add(fees, currency, big(value))
  }
  return { inside, outside, fees }
}
