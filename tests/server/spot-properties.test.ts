// Property-based: random lives of the spot book — three users placing limit, market and stop-limit
// buys and sells on btcusdt and ethbtc (which share BTC) around the feed's price and at the band's
// edges, cancelling their own and others' orders, being credited, and the clock moving on with the
// feed pass run (twice, as racing schedulers would) — applied by the real engine to a fresh
// database, with the feed's liquidity on or (half the runs) off, users then trading only with each
// other. After every step: the ledger verifies, no balance is negative, every order's money adds
// up (auditOrders), each user's frozen balance is what their waiting orders hold, every currency is
// conserved (only credits bring money in), the fees account never shrinks, and no two users' orders
// rest crossed. A placement is refused exactly when the model says so, and a refusal changes
// nothing; a cancel gives back exactly what its order held; the pass acts on every resting order
// and stop at the first second the price reached it, never later, never earlier.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { MIN_NOTIONAL } from '../../src/contract/spot.ts'
import type { Database } from '../../server/db/database.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { cancelOrder } from '../../server/spot/cancel.ts'
import type { PlaceFields } from '../../server/spot/order-input.ts'
import { placeOrder } from '../../server/spot/place.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { depthAt, lastAt, pairOf } from './spot-fixtures.ts'
import { propertyRuns, TEST_ENGINE } from './test-database.ts'
import { auditOrders, bandAt, crosses, direct, type Direct, frozenProblems, holdings, lastTicksAt, negativeBalances, priceOf, type Row, ticksOf } from './spot-support.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

const M = SERVER_MESSAGES
const T0 = Date.UTC(2026, 4, 4, 12, 0, 0, 500)
const SYMBOLS = ['btcusdt', 'ethbtc'] as const
const CURRENCIES = ['USDT', 'BTC', 'ETH'] as const
/** Base coin per unit of an order's size, and a market buy's total per unit (quote coin). */
const LOT: Record<string, string> = { btcusdt: '0.00005', ethbtc: '0.002' }
const SPEND: Record<string, string> = { btcusdt: '4', ethbtc: '0.00008' }
const CREDIT: Record<string, string> = { USDT: '500', BTC: '0.01', ETH: '0.3' }
/** Both fee rates as migration 009 sets them: a buy holds price × amount × (1 + 0.001), rounded up. */
const HOLD_FACTOR = '1.001'

type Offset = { near: number } | { bp: number } | { edge: 'low' | 'high' | 'below' | 'above' }
// Around the last price in steps of 0.1 bp (the spread is a few), anywhere up to 11.5 % off, or the band's edges.
const offset: fc.Arbitrary<Offset> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -40, max: 40 }).map((near) => ({ near })) },
  { weight: 2, arbitrary: fc.integer({ min: -1150, max: 1150 }).map((bp) => ({ bp })) },
  { weight: 1, arbitrary: fc.constantFrom<'low' | 'high' | 'below' | 'above'>('low', 'high', 'below', 'above').map((edge) => ({ edge })) },
)
const user = fc.integer({ min: 0, max: 2 })
const kind = fc.oneof({ weight: 3, arbitrary: fc.constant('limit' as const) }, fc.constant('market' as const), fc.constant('stop' as const))
const command = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('place' as const), user, symbol: fc.constantFrom(...SYMBOLS), buy: fc.boolean(), kind, price: offset, trigger: offset, size: fc.integer({ min: 1, max: 60 }), postOnly: fc.integer({ min: 0, max: 3 }).map((n) => n === 0) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), user, whose: fc.constantFrom('waiting', 'waiting', 'own', 'other'), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('advance' as const), seconds: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 300 }) }, fc.constant(3600)) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('credit' as const), user, currency: fc.constantFrom(...CURRENCIES) }) },
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never
type Place = Extract<Command, { op: 'place' }>

const STATS = { placed: 0, refused: 0, cancelled: 0, feedFills: 0, userFills: 0, triggered: 0 }
const RUNS = propertyRuns(60)
const big = (value: unknown) => new BigNumber(String(value ?? '0'))
const count = async (db: Database, sql: string, ...params: number[]) => Number((await db.get(sql, ...params))?.n)

interface World {
  ledger: LedgerDb
  db: Database
  /** SPOT_FEED_LIQUIDITY: off, users trade only with each other and the pass only triggers stops. */
  liquidity: boolean
  clock: number
  users: number[]
  engines: [Direct, Direct]
  errors: string[]
  credited: Map<string, BigNumber>
  fees: Map<string, BigNumber>
}

async function world(liquidity: boolean): Promise<World> {
  // A fresh migrated database of the run's engine (ledger-db.ts) per run.
  const ledger = await openLedgerDb()
  const { db } = ledger
  const errors: string[] = []
  const w: World = { ledger, db, liquidity, clock: T0, users: [], errors, credited: new Map(), fees: new Map(), engines: [] as unknown as [Direct, Direct] }
  w.engines = [direct(db, () => w.clock, errors, liquidity), direct(db, () => w.clock, errors, liquidity)]
  for (const n of [1, 2, 3]) {
    const id = await ledger.addUser(`${n}@spot.prop`)
    w.users.push(id)
    for (const currency of CURRENCIES) await credit(w, id, currency)
  }
  return w
}

async function credit(w: World, userId: number, currency: string): Promise<void> {
  await creditFromOutside(w.db, { userId, accountType: 1, currency, amount: CREDIT[currency] ?? '1', kind: 'credit', memo: '', now: w.clock })
  w.credited.set(currency, (w.credited.get(currency) ?? big(0)).plus(CREDIT[currency] ?? '1'))
}

const available = async (w: World, userId: number, currency: string): Promise<BigNumber> =>
  big((await w.db.get('SELECT available FROM balances WHERE user_id = ? AND account_type = 1 AND currency = ?', userId, currency))?.available)
/** What a refused call must leave alone. */
const footprint = async (db: Database) => JSON.stringify([await count(db, 'SELECT count(*) AS n FROM ledger_entries'), await db.all('SELECT * FROM balances ORDER BY 1, 2, 3'), await db.all('SELECT * FROM spot_orders')])

/** The model's answer to a placement, checked in the engine's order; the fields it sends. */
async function expectation(w: World, c: Place, userId: number): Promise<{ fields: PlaceFields; want: string }> {
  const pair = pairOf(c.symbol)
  const band = bandAt(c.symbol, w.clock)
  const ticksFor = (o: Offset): number =>
    'near' in o ? band.last + o.near * Math.max(1, Math.round(band.last / 100_000)) : 'bp' in o ? Math.round(band.last * (1 + o.bp / 10_000)) : { low: band.low, high: band.high, below: band.low - 1, above: band.high + 1 }[o.edge]
  const inBand = (ticks: number) => ticks >= band.low && ticks <= band.high
  const below = (value: BigNumber) => value.isLessThan(MIN_NOTIONAL[pair.quote] ?? 0)
  const amount = big(LOT[c.symbol]).times(c.size)
  /** The best price another user's resting order offers this one, and the feed's (with liquidity). */
  const userBest = (await w.db.get(`SELECT ${c.buy ? 'min' : 'max'}(price_ticks) AS best FROM spot_orders WHERE symbol = ? AND side = ? AND status = 2 AND user_id <> ?`, c.symbol, c.buy ? 2 : 1, userId))?.best
  const feedBest = w.liquidity ? ticksOf(c.symbol, (c.buy ? depthAt(c.symbol, w.clock).asks : depthAt(c.symbol, w.clock).bids)[0]?.[0] ?? 'NaN') : undefined
  const reaches = (limit: number) => [feedBest, userBest].some((best) => typeof best === 'number' && crosses(c.buy ? 'buy' : 'sell', limit, best))
  const fields: PlaceFields = { symbol: c.symbol, side: c.buy ? '1' : '2', type: { limit: '1', market: '2', stop: '3' }[c.kind] }
  if (c.kind === 'market') {
    const total = big(SPEND[c.symbol]).times(c.size)
    if (c.buy) fields.total = total.toFixed()
    else fields.amount = amount.toFixed()
    const short = c.buy ? total.isGreaterThan(await available(w, userId, pair.quote)) : amount.isGreaterThan(await available(w, userId, pair.base))
    const none = !reaches(c.buy ? band.high : band.low)
    return { fields, want: below(c.buy ? total : amount.times(lastAt(c.symbol, w.clock))) ? M.amountBelowMinimum : short ? M.insufficientBalance : none ? M.spotNoLiquidity : M.ok }
  }
  const [priceTicks, triggerTicks] = [ticksFor(c.price), ticksFor(c.trigger)]
  const price = priceOf(c.symbol, priceTicks)
  const postOnly = c.postOnly && c.kind === 'limit'
  Object.assign(fields, { price, amount: amount.toFixed() }, c.kind === 'stop' ? { triggerPrice: priceOf(c.symbol, triggerTicks) } : {}, postOnly ? { postOnly: '1' } : {})
  const hold = c.buy ? amount.times(price).times(HOLD_FACTOR).decimalPlaces(8, BigNumber.ROUND_UP) : amount
  const want =
    c.kind === 'stop' && !inBand(triggerTicks) ? M.spotPriceOutOfBand
    : c.kind === 'stop' && triggerTicks === band.last ? M.spotTriggerAtMarket
    : !inBand(priceTicks) ? M.spotPriceOutOfBand
    : below(amount.times(price)) ? M.amountBelowMinimum
    : hold.isGreaterThan(await available(w, userId, c.buy ? pair.quote : pair.base)) ? M.insufficientBalance
    : postOnly && reaches(priceTicks) ? M.spotPostOnlyWouldTake : M.ok
  return { fields, want }
}

async function step(w: World, c: Command): Promise<void> {
  const [engine, other] = w.engines
  if (c.op === 'credit') return await credit(w, w.users[c.user] ?? 0, c.currency)
  if (c.op === 'place') {
    const userId = w.users[c.user] ?? 0
    const { fields, want } = await expectation(w, c, userId)
    const before = await footprint(w.db)
    const answer = await placeOrder(engine.ctx, engine.spot, unkeyed(userId), fields)
    expect(answer.msg, JSON.stringify(fields)).toBe(want)
    STATS[want === M.ok ? 'placed' : 'refused'] += 1
    if (want !== M.ok) return expect(await footprint(w.db)).toBe(before)
    expect({ limit: [2, 3], market: [3, 4], stop: [1] }[c.kind]).toContain(answer.data?.status)
    if (fields.postOnly) expect(answer.data).toMatchObject({ status: 2, filled: '0' })
    return
  }
  if (c.op === 'cancel') {
    const userId = w.users[c.user] ?? 0
    const which = { waiting: 'user_id = ?1 AND status IN (1, 2)', own: 'user_id = ?1', other: 'user_id <> ?1' }[c.whose]
    const rows = await w.db.all(`SELECT * FROM spot_orders WHERE ${which} ORDER BY id`, userId)
    const target = rows[c.pick % Math.max(1, rows.length)]
    const currency = String(target?.side === 1 ? target.quote : target?.base)
    const [before, had] = [await footprint(w.db), await available(w, userId, currency)]
    const answer = await cancelOrder(engine.ctx, engine.spot, unkeyed(userId), target ? String(target.id) : '424242')
    if (!target || target.user_id !== userId || (target.status !== 1 && target.status !== 2)) {
      expect(answer).toEqual({ code: 0, msg: target?.user_id === userId ? M.spotNotCancellable : M.spotOrderNotFound, data: null })
      return expect(await footprint(w.db)).toBe(before)
    }
    STATS.cancelled += 1
    expect(answer.data).toMatchObject({ status: 4, filled: target.filled })
    expect((await available(w, userId, currency)).toFixed()).toBe(had.plus(big(target.frozen)).toFixed())
    return
  }
  const from = Math.floor(w.clock / 1000)
  const lastFill = await count(w.db, 'SELECT coalesce(max(id), 0) AS n FROM spot_fills')
  w.clock += c.seconds * 1000
  const [first, second] = [await engine.pass(), await other.pass()]
  expect([first.behind, second.behind, second.acted, w.errors]).toEqual([false, false, 0, []])
  expect(await walkProblems(w, from, Math.floor(w.clock / 1000), lastFill)).toEqual([])
}

/** Does a last price reach an order: its limit (resting), its trigger (waiting)? */
const rests = (o: Row) => (ticks: number) => crosses(o.side === 1 ? 'buy' : 'sell', Number(o.price_ticks), ticks)
const triggers = (o: Row) => (ticks: number) => (o.trigger_direction === 1 ? ticks >= Number(o.trigger_ticks) : ticks <= Number(o.trigger_ticks))

/** The pass over the seconds (from, to]: nothing reached is left waiting, nothing acted on before its first reach. */
async function walkProblems({ db, liquidity }: World, from: number, to: number, lastFill: number): Promise<string[]> {
  const paths = new Map(SYMBOLS.map((symbol) => [symbol as string, Array.from({ length: to - from }, (_, i) => lastTicksAt(symbol, from + 1 + i))]))
  const first = (o: Row, since: unknown, reached: (ticks: number) => boolean) => {
    const path = paths.get(String(o.symbol)) ?? []
    const start = Math.max(Math.floor(Number(since) / 1000), from)
    return path.findIndex((ticks, i) => from + 1 + i > start && reached(ticks)) + from + 1
  }
  const problems: string[] = []
  for (const o of await db.all('SELECT * FROM spot_orders WHERE status IN (1, 2)')) {
    // Without the feed's liquidity a resting order waits for another user; only stops act on the price.
    const reached = o.status === 2 ? (liquidity ? first(o, o.entered_at, rests(o)) : from) : first(o, o.created_at, triggers(o))
    if (reached > from) problems.push(`#${String(o.id)} (status ${String(o.status)}) reached at ${reached}, still waiting at ${to}`)
  }
  for (const f of await db.all('SELECT f.at, o.* FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id WHERE f.id > ? AND f.role = 1 AND f.counterparty = 2', lastFill)) {
    STATS.feedFills += 1
    if (first(f, f.entered_at, rests(f)) * 1000 !== f.at) problems.push(`#${String(f.id)} filled from the feed at ${String(f.at)}, first reached at ${first(f, f.entered_at, rests(f))}`)
  }
  for (const o of await db.all('SELECT * FROM spot_orders WHERE triggered_at > ?', from * 1000)) {
    STATS.triggered += 1
    const reached = first(o, o.created_at, triggers(o))
    // Compared as numbers: PostgreSQL's NUMERIC answers the price without its trailing zeros.
    if (reached * 1000 !== o.triggered_at || !big(o.triggered_price).isEqualTo(lastAt(String(o.symbol), reached * 1000))) problems.push(`#${String(o.id)} triggered at ${String(o.triggered_at)} (${String(o.triggered_price)}), first reached at ${reached}`)
  }
  return problems
}

async function expectInvariants(w: World): Promise<void> {
  const { db } = w
  expect(await verifyLedger(db)).toEqual([])
  expect(await negativeBalances(db)).toEqual([])
  expect(await auditOrders(db)).toEqual([])
  expect(await frozenProblems(db)).toEqual([])
  const { inside, outside, fees } = await holdings(db)
  for (const currency of CURRENCIES) {
    const credited = w.credited.get(currency) ?? big(0)
    expect([currency, (inside.get(currency) ?? big(0)).toFixed(), (outside.get(currency) ?? big(0)).toFixed()]).toEqual([currency, credited.toFixed(), credited.negated().toFixed()])
    expect((fees.get(currency) ?? big(0)).isGreaterThanOrEqualTo(w.fees.get(currency) ?? 0), `fees ${currency}`).toBe(true)
  }
  w.fees = fees
  const crossed = await db.all(`SELECT b.id AS buy, s.id AS sell FROM spot_orders b JOIN spot_orders s ON s.symbol = b.symbol AND s.side = 2 AND s.status = 2
    AND s.user_id <> b.user_id AND s.price_ticks <= b.price_ticks WHERE b.side = 1 AND b.status = 2`)
  expect(crossed).toEqual([])
}

describe('spot orders, cancels, credits and feed passes', () => {
  it('keep every order, balance and the journal consistent, and act on the feed at the first instant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(command, { minLength: 1, maxLength: 60, size: 'max' }), async (liquidity, commands) => {
        const w = await world(liquidity)
        try {
          for (const c of commands) {
            await step(w, c)
            await expectInvariants(w)
          }
          STATS.userFills += await count(w.db, 'SELECT count(*) AS n FROM spot_fills WHERE counterparty = 1')
        } finally {
          await w.ledger.close()
        }
      }),
      { numRuns: RUNS },
    )
    // The runs really placed, refused, cancelled, filled from the feed and between users, and triggered stops.
    expect(Object.values(STATS).every((n) => n >= RUNS / 5), JSON.stringify(STATS)).toBe(true)
    // PostgreSQL: a fresh database per run and a round trip per statement make a run ~4× slower.
  }, TEST_ENGINE === 'postgres' ? 300_000 : 120_000)
})
