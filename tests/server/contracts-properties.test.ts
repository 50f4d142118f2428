// Property-based: random lives of leveraged positions — three users opening market and limit, long
// and short positions on btcusdt and dogeusdt at every offered multiple, with stops on either side
// of the entry (valid or not), closing all or part, cancelling, adding margin, editing stops, being
// credited, and the clock moving on with the pass run twice (as racing servers would) — applied by
// the real engine to a fresh database. After every step: the ledger verifies, no balance is
// negative, every user's frozen money is what their positions hold, USDT is conserved (only
// credits bring it in), the fees account never shrinks, no position ever lost more than the margin
// put into it, and a refused call changed nothing. An opening is refused exactly when the model
// says so; after a pass, nothing the path reached is still waiting, and every trigger acted at the
// first second it held.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { AppContext } from '../../server/context.ts'
import { addMargin, cancelPosition, closePosition, editStops } from '../../server/contracts/manage.ts'
import { openPosition } from '../../server/contracts/open.ts'
import type { ContractEngine } from '../../server/contracts/pass.ts'
import type { Database } from '../../server/db/database.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { systemTotals, verifyLedger } from '../../server/ledger/verify.ts'
import { collectingLog, engineOn, heldProblems, lastAt, priceOf, type Row, ticksAt, ticksOf } from './contracts-support.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'
import { propertyRuns } from './test-database.ts'

const M = SERVER_MESSAGES
const T0 = Date.UTC(2026, 8, 9, 9, 0, 0, 500)
const TERMS: Record<string, { leverages: number[]; mmr: string; lot: string; precision: number }> = {
  btcusdt: { leverages: [1, 2, 5, 10, 20, 50, 100], mmr: '0.005', lot: '0.001', precision: 2 },
  dogeusdt: { leverages: [1, 2, 5, 10, 20, 50], mmr: '0.01', lot: '100', precision: 6 },
}
const RATE = '0.0005'
const TEST_MMR = '0.0099'
const STATS = { opened: 0, refused: 0, closed: 0, triggered: 0, entered: 0, cancelled: 0, liquidated: 0 }
const RUNS = propertyRuns(60)
const big = (value: unknown) => new BigNumber(String(value ?? '0'))
const floor8 = (value: BigNumber) => value.decimalPlaces(8, BigNumber.ROUND_FLOOR)

const pick = fc.nat()
/** A stop's distance from the entry in basis points, mostly on its own side (positive), near or far. */
const stop = fc.option(
  fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }) }, { weight: 1, arbitrary: fc.integer({ min: -60, max: 0 }) }),
  { freq: 2 },
)
const command = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('open' as const), user: fc.integer({ min: 0, max: 2 }), symbol: fc.constantFrom('btcusdt', 'dogeusdt'), long: fc.boolean(), leverage: fc.oneof({ weight: 2, arbitrary: fc.constant(-1) }, pick), limit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })), lots: fc.integer({ min: 1, max: 30 }), stopLoss: stop, takeProfit: stop }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), pick, part: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('margin' as const), pick, amount: fc.integer({ min: 1, max: 400 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('stops' as const), pick, stopLoss: stop, takeProfit: stop }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('advance' as const), seconds: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 240 }) }, fc.constant(3600), fc.constant(7200)) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('credit' as const), user: fc.integer({ min: 0, max: 2 }) }) },
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

interface World {
  ledger: LedgerDb
  db: Database
  /** The three users' ids. */
  users: number[]
  clock: number
  ctx: AppContext
  engines: [ContractEngine, ContractEngine]
  errors: string[]
  credited: BigNumber
  fees: BigNumber
  /** Margin put into each position (at opening, and added). */
  putIn: Map<string, BigNumber>
  /** CONTRACT_TEST_MMR of this world, if any: every pair's maintenance margin rate. */
  mmr: string | undefined
}

async function world(testMmr: boolean): Promise<World> {
  const ledger = await openLedgerDb()
  const { db } = ledger
  const errors: string[] = []
  const w = { ledger, db, users: [], clock: T0, errors, credited: big(0), fees: big(0), putIn: new Map(), mmr: testMmr ? TEST_MMR : undefined } as unknown as World
  w.ctx = { db, now: () => w.clock, log: collectingLog(errors), config: { ...DEFAULT_CONFIG, contractTestMmr: w.mmr } } as unknown as AppContext
  w.engines = [engineOn(db, () => w.clock, errors), engineOn(db, () => w.clock, errors)]
  for (const n of [1, 2, 3]) {
    const id = await ledger.addUser(`${n}-${ledger.dir.slice(-6)}@contracts.prop`)
    w.users.push(id)
    await credit(w, id)
  }
  return w
}

async function credit(w: World, userId: number): Promise<void> {
  await creditFromOutside(w.db, { userId, accountType: 2, currency: 'USDT', amount: '300', kind: 'credit', memo: '', now: w.clock })
  w.credited = w.credited.plus(300)
}

const available = async (w: World, userId: number) => big((await w.db.get(`SELECT available FROM balances WHERE user_id = ? AND account_type = 2 AND currency = 'USDT'`, userId))?.available)
const footprint = async (db: Database) =>
  JSON.stringify([await db.get('SELECT count(*) AS n FROM ledger_entries'), await db.all('SELECT * FROM balances ORDER BY user_id, account_type, currency'), await db.all('SELECT * FROM contract_positions ORDER BY id')])
const positions = (w: World) => w.db.all('SELECT * FROM contract_positions ORDER BY id')

/** The model's answer to an opening (its inputs are well formed: only money and stops can be wrong). */
async function expectedOpen(w: World, c: Extract<Command, { op: 'open' }>, userId: number): Promise<{ fields: Record<string, string>; want: string; margin: BigNumber; fee: BigNumber }> {
  const table = TERMS[c.symbol] ?? { leverages: [1], mmr: '0', lot: '1', precision: 2 }
  const terms = { ...table, mmr: w.mmr ?? table.mmr }
  // -1: the highest multiple offered (liquidated by the smallest moves).
  const leverage = (c.leverage < 0 ? terms.leverages.at(-1) : terms.leverages[c.leverage % terms.leverages.length]) ?? 1
  const quantity = big(terms.lot).times(c.lots).toFixed()
  const last = ticksOf(c.symbol, lastAt(c.symbol, w.clock))
  const unit = Math.max(1, Math.round(last / 10_000))
  // A long's limit below the market, a short's above (0: market).
  const limitTicks = c.limit === 0 ? undefined : last + (c.long ? -1 : 1) * c.limit * unit
  const entry = limitTicks ?? last
  const price = priceOf(c.symbol, entry)
  const margin = floor8(big(price).times(quantity).div(leverage))
  const fee = floor8(big(price).times(quantity).times(RATE))
  const notional = big(price).times(quantity)
  const liquidation = c.long
    ? notional.minus(margin).isGreaterThan(0) ? notional.minus(margin).div(big(quantity).times(big(1).minus(terms.mmr))).shiftedBy(terms.precision).integerValue(BigNumber.ROUND_CEIL).toNumber() : null
    : notional.plus(margin).div(big(quantity).times(big(1).plus(terms.mmr))).shiftedBy(terms.precision).integerValue(BigNumber.ROUND_FLOOR).toNumber()
  const fields: Record<string, string> = { symbol: c.symbol, direction: c.long ? '1' : '2', leverage: String(leverage), entryType: limitTicks === undefined ? '1' : '2', quantity }
  if (limitTicks !== undefined) fields.price = price
  // A stop loss's own side is against the position, a take profit's with it.
  const sl = c.stopLoss === null ? undefined : entry - (c.long ? 1 : -1) * c.stopLoss * unit
  const tp = c.takeProfit === null ? undefined : entry + (c.long ? 1 : -1) * c.takeProfit * unit
  if (sl !== undefined) fields.stopLoss = priceOf(c.symbol, Math.max(1, sl))
  if (tp !== undefined) fields.takeProfit = priceOf(c.symbol, Math.max(1, tp))
  const slOk = sl === undefined || (c.long ? sl < entry && sl > Math.max(liquidation ?? 0, 0) : sl > entry && liquidation !== null && sl < liquidation)
  const tpOk = tp === undefined || (c.long ? tp > entry : tp < entry && tp > 0)
  const want = !slOk ? M.contractStopLossInvalid : !tpOk ? M.contractTakeProfitInvalid : margin.plus(fee).isGreaterThan(await available(w, userId)) ? M.insufficientBalance : M.ok
  return { fields, want, margin, fee }
}

async function step(w: World, c: Command): Promise<void> {
  const [engine] = w.engines
  if (c.op === 'credit') return await credit(w, w.users[c.user] ?? 0)
  if (c.op === 'open') {
    const userId = w.users[c.user] ?? 0
    const { fields, want, margin, fee } = await expectedOpen(w, c, userId)
    const [before, had] = [await footprint(w.db), await available(w, userId)]
    const answer = await openPosition(w.ctx, engine, unkeyed(userId), fields as never)
    expect(answer.msg, JSON.stringify(fields)).toBe(want)
    if (want !== M.ok) {
      STATS.refused += 1
      return expect(await footprint(w.db)).toBe(before)
    }
    STATS.opened += 1
    w.putIn.set(answer.data?.id ?? '', margin)
    expect(answer.data).toMatchObject({ margin: margin.toFixed(), openFee: fee.toFixed(), status: fields.entryType === '1' ? 2 : 1 })
    return expect((await available(w, userId)).toFixed()).toBe(had.minus(margin).minus(fee).toFixed())
  }
  if (c.op === 'advance') return advance(w, c.seconds)
  const rows = await positions(w)
  const target = rows[c.pick % Math.max(1, rows.length)]
  if (!target) return
  const [id, userId, before] = [String(target.id), Number(target.user_id), await footprint(w.db)]
  const answer =
    c.op === 'close' ? await closePosition(w.ctx, engine, unkeyed(userId), id, c.part === 0 ? undefined : big(target.quantity).times(c.part).div(5).decimalPlaces(c.part % 2 ? 6 : 2).toFixed())
    : c.op === 'cancel' ? await cancelPosition(w.ctx, engine, unkeyed(userId), id)
    : c.op === 'margin' ? await addMargin(w.ctx, engine, unkeyed(userId), id, String(c.amount))
    : await editStops(w.ctx, engine, unkeyed(userId), id, stopsFor(target, c.stopLoss === null ? null : -c.stopLoss, c.takeProfit))
  // Every pass has run up to this instant, so the catch-up before the change has nothing to do.
  if (answer.code !== 1) return expect(await footprint(w.db), answer.msg).toBe(before)
  if (c.op === 'close') STATS.closed += 1
  if (c.op === 'cancel') STATS.cancelled += 1
  if (c.op === 'margin') w.putIn.set(id, (w.putIn.get(id) ?? big(0)).plus(c.amount))
}

function stopsFor(row: Row, stopLoss: number | null, takeProfit: number | null): { stopLoss?: string; takeProfit?: string } {
  const symbol = String(row.symbol)
  const entry = Number(row.entry_ticks ?? row.limit_ticks)
  const unit = Math.max(1, Math.round(entry / 10_000)) * (row.direction === 1 ? 1 : -1)
  return {
    ...(stopLoss === null ? {} : { stopLoss: priceOf(symbol, Math.max(1, entry + stopLoss * unit)) }),
    ...(takeProfit === null ? {} : { takeProfit: priceOf(symbol, Math.max(1, entry + takeProfit * unit)) }),
  }
}

/** First second in (from, to] a waiting position's level is reached at: its limit, or its first trigger (liquidation first). */
function firstReach(row: Row, from: number, to: number): { second: number; reason: number | 'enter' } | undefined {
  const long = row.direction === 1
  const level = (column: string) => (row[column] === null ? null : Number(row[column]))
  const start = Math.max(from, Math.floor(Number(row.watch_from) / 1000))
  for (let second = start + 1; second <= to; second++) {
    const t = ticksAt(String(row.symbol), second)
    const adverse = (at: number | null) => at !== null && (long ? t <= at : t >= at)
    const favourable = (at: number | null) => at !== null && (long ? t >= at : t <= at)
    if (row.status === 1) {
      if (long ? t <= Number(row.limit_ticks) : t >= Number(row.limit_ticks)) return { second, reason: 'enter' }
      continue
    }
    if (adverse(level('liquidation_ticks'))) return { second, reason: 4 }
    if (adverse(level('stop_loss_ticks'))) return { second, reason: 2 }
    if (favourable(level('take_profit_ticks'))) return { second, reason: 3 }
  }
  return undefined
}

async function advance(w: World, seconds: number): Promise<void> {
  const from = Math.floor(w.clock / 1000)
  const waiting = (await positions(w)).filter((row) => row.status === 1 || row.status === 2)
  w.clock += seconds * 1000
  const to = Math.floor(w.clock / 1000)
  const [first, second] = [await w.engines[0].walk.pass(), await w.engines[1].walk.pass()]
  expect([first.behind, second.acted, w.errors]).toEqual([false, 0, []])
  for (const before of waiting) {
    const after = await w.db.get('SELECT * FROM contract_positions WHERE id = ?', Number(before.id)) ?? {}
    const reach = firstReach(before, from, to)
    if (!reach) {
      expect(after.revision, `#${String(before.id)} untouched`).toBe(before.revision)
      continue
    }
    if (reach.reason === 'enter') {
      STATS.entered += 1
      expect(after.opened_at, `#${String(before.id)} entered`).toBe(reach.second * 1000)
      continue
    }
    STATS[reach.reason === 4 ? 'liquidated' : 'triggered'] += 1
    expect([after.close_reason, after.closed_at, after.exit_price], `#${String(before.id)}`).toEqual([reach.reason, reach.second * 1000, lastAt(String(before.symbol), reach.second * 1000)])
  }
}

async function expectInvariants(w: World): Promise<void> {
  const { db } = w
  expect(await verifyLedger(db)).toEqual([])
  expect((await db.all('SELECT * FROM balances')).filter((row) => big(row.available).isNegative() || big(row.frozen).isNegative())).toEqual([])
  expect(await heldProblems(db)).toEqual([])
  const systems = await systemTotals(db)
  const users = (await db.all(`SELECT available, frozen FROM balances WHERE currency = 'USDT'`)).reduce((sum, row) => sum.plus(big(row.available)).plus(big(row.frozen)), big(0))
  const inside = users.plus(big(systems.get('fees:USDT'))).plus(big(systems.get('house:USDT')))
  expect([inside.toFixed(), big(systems.get('outside:USDT')).negated().toFixed()]).toEqual([w.credited.toFixed(), w.credited.toFixed()])
  const fees = big(systems.get('fees:USDT'))
  expect(fees.isGreaterThanOrEqualTo(w.fees)).toBe(true)
  w.fees = fees
  for (const row of await positions(w)) {
    const lost = big(row.realized_pnl).negated()
    expect(lost.isLessThanOrEqualTo(w.putIn.get(String(row.id)) ?? 0), `#${String(row.id)} lost ${lost.toFixed()}`).toBe(true)
  }
}

describe('positions, closes, cancels, margin, stops, credits and passes', () => {
  it('keep every balance, position and the journal consistent, and trigger at the first second', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(command, { minLength: 1, maxLength: 40, size: 'max' }), async (testMmr, commands) => {
        const w = await world(testMmr)
        try {
          for (const c of commands) {
            await step(w, c)
            await expectInvariants(w)
          }
        } finally {
          await w.ledger.close()
        }
      }),
      { numRuns: RUNS },
    )
    // The runs really opened, refused, closed, entered, cancelled, triggered stops and liquidated.
    expect(Object.values(STATS).every((n) => n >= RUNS / 20), JSON.stringify(STATS)).toBe(true)
  }, 120_000)
})
