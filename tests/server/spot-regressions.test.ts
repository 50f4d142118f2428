// Spot engine bugs the adversarial tests found, reproduced deterministically on a database of
// their own with the engine run by hand (spot-support.ts direct). They fail until the engine is
// fixed, and then keep the bugs from coming back:
//   - a resting buy holds price × amount × (1 + the higher fee rate at placement); after an
//     operator raises a rate it must still be fillable, by the feed pass and by a taker;
//   - a placement reads its clock before it waits for the database's write lock; a pass another server
//     ran meanwhile (saving its cursor past that instant) must not skip the order;
//   - what the price already did happens first: a cancel that arrives after the price reached a
//     resting order, before the next pass, finds it filled at that instant (as a contract's close
//     never beats its liquidation: contracts/manage.ts catches the walk up first);
//   - the pass runs every 250 ms on the server's one thread, so what it reads must not grow with
//     the order history: no query of it reads all of spot_orders (at 400,000 ended orders a pass
//     took 75 ms, above the 50 ms p99 budget of every request queued behind it).
import { afterEach, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import type { PlaceFields } from '../../server/spot/order-input.ts'
import { cancelOrder } from '../../server/spot/cancel.ts'
import { placeOrder } from '../../server/spot/place.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { fullScans, notingPrepared } from './query-plans.ts'
import { depthAt } from './spot-fixtures.ts'
import { auditOrders, bandAt, direct, frozenProblems, lastTicksAt, priceOf, secondWithin, ticksOf } from './spot-support.ts'
import { openTestDatabase } from './test-database.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

const symbol = 'btcusdt'
const T0 = Date.UTC(2026, 6, 1, 10, 0, 0, 250)
let ledger: LedgerDb
afterEach(() => ledger.close())

/** A fresh exchange with two users holding 100,000 USDT and 10 BTC each, the engine at `clock`. */
async function exchange(clock: { now: number }) {
  ledger = await openLedgerDb()
  const users: number[] = []
  for (const name of ['maker', 'taker']) users.push(await ledger.addUser(`${name}-${ledger.dir.slice(-6)}@spot.test`))
  for (const userId of users) {
    for (const [currency, amount] of [['USDT', '100000'], ['BTC', '10']]) {
      await creditFromOutside(ledger.db, { userId, accountType: 1, currency: currency ?? '', amount: amount ?? '', kind: 'credit', memo: '', now: T0 })
    }
  }
  const errors: string[] = []
  return { users, errors, engine: direct(ledger.db, () => clock.now, errors) }
}

const order = async (id: string | undefined) => await ledger.db.get('SELECT status, filled FROM spot_orders WHERE id = ?', Number(id))
const healthy = async () => expect([await verifyLedger(ledger.db), await auditOrders(ledger.db), await frozenProblems(ledger.db)]).toEqual([[], [], []])

/**
 * A buy 1 tick under the last price (above the feed's best bid: the best bid of the book) and one far
 * below (so the maker's frozen balance covers more than the first holds), then a rate raise.
 */
async function restingBuyThenRaise() {
  const clock = { now: T0 }
  const world = await exchange(clock)
  const price = priceOf(symbol, bandAt(symbol, T0).last - 1)
  const placed = await placeOrder(world.engine.ctx, world.engine.spot, unkeyed(world.users[0] ?? 0), { symbol, side: '1', type: '1', price, amount: '0.005' })
  expect(placed.data?.status).toBe(2)
  const far: PlaceFields = { symbol, side: '1', type: '1', price: priceOf(symbol, Math.round(bandAt(symbol, T0).last * 0.91)), amount: '0.01' }
  expect((await placeOrder(world.engine.ctx, world.engine.spot, unkeyed(world.users[0] ?? 0), far)).data?.status).toBe(2)
  await ledger.db.run("UPDATE params SET value = '0.002' WHERE name = 'spot_maker_fee_rate'")
  return { ...world, clock, id: placed.data?.id, price }
}

describe('an operator raising the maker fee after a buy rests', () => {
  it('leaves it to the feed pass to fill when the price reaches it', async () => {
    const { clock, engine, errors, id, price } = await restingBuyThenRaise()
    const reached = secondWithin(symbol, Math.floor(T0 / 1000), Math.floor(T0 / 1000) + 86_400, (ticks) => ticks <= ticksOf(symbol, price)) ?? 0
    clock.now = reached * 1000 + 500
    await engine.pass()
    expect(errors).toEqual([])
    expect(await order(id)).toEqual({ status: 3, filled: '0.005' })
    await healthy()
  })

  it('answers a taker that reaches it, and fills it', async () => {
    const { engine, users, id } = await restingBuyThenRaise()
    const sell = await placeOrder(engine.ctx, engine.spot, unkeyed(users[1] ?? 0), { symbol, side: '2', type: '2', amount: '0.006' })
    expect(sell).toMatchObject({ code: 1, data: { status: 3 } })
    expect(await order(id)).toEqual({ status: 3, filled: '0.005' })
    await healthy()
  })
})

describe('a placement that waited for the write lock', () => {
  it('is not skipped by the pass another connection ran meanwhile', async () => {
    // A second s whose very next second is the only one within a minute at which the price
    // reaches a buy resting below the bid.
    let s = Math.floor(T0 / 1000)
    const lone = (second: number, ticks: number) => ticks < ticksOf(symbol, depthAt(symbol, second * 1000).bids[0]?.[0] ?? 0) && secondWithin(symbol, second + 1, second + 60, (t) => t <= ticks) === undefined
    while (!lone(s, lastTicksAt(symbol, s + 1))) s += 1
    const [placing, passing] = [{ now: s * 1000 - 10_000 }, { now: 0 }]
    const { users, engine: placer } = await exchange(placing)
    const other = openTestDatabase(ledger.location)
    const passer = direct(other, () => passing.now)
    // Someone's order far below keeps the pair waiting, so the pass keeps its cursor.
    const far: PlaceFields = { symbol, side: '1', type: '1', price: priceOf(symbol, Math.round(lastTicksAt(symbol, s) * 0.95)), amount: '0.001' }
    expect((await placeOrder(placer.ctx, placer.spot, unkeyed(users[0] ?? 0), far)).code).toBe(1)
    // The placement reads s.950 and waits for the lock; meanwhile the other pass runs at s+1.100;
    // the lock is the placement's at s+1.150 (an engine that reads the clock again then sees that).
    let reads = 0
    placer.ctx.now = () => (reads++ === 0 ? s * 1000 + 950 : (s + 1) * 1000 + 150)
    passing.now = (s + 1) * 1000 + 100
    await passer.pass()
    const buy: PlaceFields = { symbol, side: '1', type: '1', price: priceOf(symbol, lastTicksAt(symbol, s + 1)), amount: '0.001' }
    const placed = await placeOrder(placer.ctx, placer.spot, unkeyed(users[1] ?? 0), buy)
    expect(placed.data?.status).toBe(2)
    passing.now = (s + 60) * 1000
    await passer.pass()
    // Whatever instant the order says it was placed at, the pass acts at the first second after it that reached it.
    const row = await ledger.db.get('SELECT created_at, status FROM spot_orders WHERE id = ?', Number(placed.data?.id))
    const reached = secondWithin(symbol, Math.floor(Number(row?.created_at) / 1000), s + 60, (t) => t <= ticksOf(symbol, buy.price ?? ''))
    const fills = await ledger.db.all('SELECT at FROM spot_fills WHERE order_id = ?', Number(placed.data?.id))
    expect({ status: row?.status, fills }).toEqual(reached === undefined ? { status: 2, fills: [] } : { status: 3, fills: [{ at: reached * 1000 }] })
    await other.close()
    await healthy()
  })
})

describe('a cancel after the price reached a resting order, before the next pass', () => {
  it('finds the order filled at the instant the price reached it', async () => {
    const clock = { now: T0 }
    const { users, engine } = await exchange(clock)
    const buy: PlaceFields = { symbol, side: '1', type: '1', price: priceOf(symbol, bandAt(symbol, T0).last - 1), amount: '0.002' }
    const placed = await placeOrder(engine.ctx, engine.spot, unkeyed(users[0] ?? 0), buy)
    expect(placed.data?.status).toBe(2)
    await engine.pass()
    const reached = secondWithin(symbol, Math.floor(T0 / 1000), Math.floor(T0 / 1000) + 86_400, (ticks) => ticks <= ticksOf(symbol, buy.price ?? '')) ?? 0
    clock.now = reached * 1000 + 100
    const cancel = await cancelOrder(engine.ctx, engine.spot, unkeyed(users[0] ?? 0), placed.data?.id ?? '')
    expect(cancel.msg).toBe(SERVER_MESSAGES.spotNotCancellable)
    expect(await ledger.db.all('SELECT at FROM spot_fills WHERE order_id = ?', Number(placed.data?.id))).toEqual([{ at: reached * 1000 }])
    await healthy()
  })
})

describe('the feed pass', () => {
  it('reads no more than the orders waiting: no query of it scans the whole order history', async () => {
    const clock = { now: T0 }
    const { users, engine } = await exchange(clock)
    const buy: PlaceFields = { symbol, side: '1', type: '1', price: priceOf(symbol, Math.round(bandAt(symbol, T0).last * 0.95)), amount: '0.001' }
    expect((await placeOrder(engine.ctx, engine.spot, unkeyed(users[0] ?? 0), buy)).code).toBe(1)
    // The pass on a connection that notes every statement it prepares.
    const { db: noting, seen } = notingPrepared(ledger.db)
    const pass = direct(noting, () => clock.now).pass
    for (const step of [1, 60, 3600]) {
      clock.now += step * 1000
      await pass()
    }
    const scans = await fullScans(ledger.db, seen, 'spot_orders')
    expect(seen.size).toBeGreaterThan(0)
    expect(scans).toEqual([])
  })
})
