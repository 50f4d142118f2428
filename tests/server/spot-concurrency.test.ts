// Spot orders under pressure: 200 placements at once on one account never overdraw it; one
// idempotency key places (and cancels) once however often it is sent at once; cancels, feed passes
// and takers racing in worker threads on their own connections (as other servers on the same database
// would) end every order exactly once, with what it held equal to what filled plus what came back;
// and a restart keeps the book, fills what the feed crossed while it was down at the crossing
// instant, and what still rests keeps matching.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SPOT_PATHS } from '../../src/contract/spot.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import type { PlaceFields } from '../../server/spot/order-input.ts'
import { balanceOf, fundedUser, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import type { RaceJob, RaceResult } from './spot-race-worker.ts'
import { type DatabaseLocation, freshDatabase } from './test-database.ts'
import { depthAt, detail, extremeAhead, lastAt, place, type SpotFields } from './spot-fixtures.ts'
import { auditOrders, bandAt, frozenProblems, keptAsTestServer, keptServer, lastTicksAt, negativeBalances, priceOf, secondWithin, spotState, ticksOf } from './spot-support.ts'

const T0 = Date.UTC(2026, 5, 1, 14, 0, 0, 250)
const FUNDS = [{ currency: 'USDT', amount: '100000' }, { currency: 'BTC', amount: '10' }, { currency: 'ETH', amount: '100' }]
const buyHold = (price: string, amount: string) => new BigNumber(price).times(amount).times('1.001').decimalPlaces(8, BigNumber.ROUND_UP)
const health = (server: TestServer) =>
  withDb(server, async (db) => ({ audit: await auditOrders(db), frozen: await frozenProblems(db), negative: await negativeBalances(db), differences: await verifyLedger(db) }))
const HEALTHY = { audit: [], frozen: [], negative: [], differences: [] }

let server: TestServer
beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
})
afterAll(() => server.close())

describe('200 concurrent placements on one account', () => {
  it('never overdraw it, and let through exactly what the money covers', async () => {
    const user = await fundedUser(server, 'crowd@spot.test', [{ currency: 'USDT', amount: '1000' }, { currency: 'BTC', amount: '0.01' }])
    const { last } = bandAt('btcusdt', T0)
    // 160 buys 2–6 % below the market (≈ 2,000 USDT asked of 1,000), 40 sells 2–6 % above (0.028 BTC of 0.01): all rest.
    const orders = Array.from({ length: 200 }, (_, i) => {
      const sell = i % 5 === 4
      const price = priceOf('btcusdt', Math.round(last * (sell ? 1.02 + (i % 40) / 1000 : 0.98 - (i % 40) / 1000)))
      const amount = new BigNumber(sell ? 0.0004 + (i % 7) / 10_000 : 0.00013 + (i % 11) / 100_000).decimalPlaces(6).toFixed()
      return { side: sell ? '2' : '1', price, amount, currency: sell ? 'BTC' : 'USDT', hold: sell ? new BigNumber(amount) : buyHold(price, amount) }
    })
    const answers = await Promise.all(orders.map((order) => place(server, user.headers, { type: '1', side: order.side, price: order.price, amount: order.amount } as SpotFields)))
    const taken: Record<string, BigNumber> = { USDT: new BigNumber(0), BTC: new BigNumber(0) }
    const refused: typeof orders = []
    for (const [i, answer] of answers.entries()) {
      const order = orders[i]
      if (!order) throw new Error('no order')
      expect(answer.status).toBe(200)
      if (answer.json.code !== 1) {
        expect(answer.json).toEqual({ code: 0, msg: SERVER_MESSAGES.insufficientBalance, data: null })
        refused.push(order)
        continue
      }
      expect(answer.json.data).toMatchObject({ status: 2, filled: '0', price: order.price, amount: order.amount })
      taken[order.currency] = (taken[order.currency] ?? new BigNumber(0)).plus(order.hold)
    }
    for (const [currency, funded] of [['USDT', '1000'], ['BTC', '0.01']] as const) {
      const balance = await balanceOf(server, user.userId, 1, currency)
      expect(balance.frozen).toBe(taken[currency]?.toFixed())
      expect(new BigNumber(balance.available).plus(balance.frozen).toFixed()).toBe(funded)
      const mine = refused.filter((order) => order.currency === currency)
      expect(mine.length).toBeGreaterThan(0)
      // Each refusal was right: what it asked is more than is left even now (nothing came back since).
      for (const order of mine) expect(order.hold.isGreaterThan(balance.available), `${order.side} ${order.price} × ${order.amount}`).toBe(true)
    }
    expect(refused.length).toBeLessThan(200)
    expect(await health(server)).toEqual(HEALTHY)
  })
})

describe('one idempotency key sent 20 times at once', () => {
  it('places once (a resting and a market order) and cancels once, with 20 identical answers', async () => {
    const user = await fundedUser(server, 'twenty@spot.test', [{ currency: 'USDT', amount: '1000' }])
    const ordersOf = () => withDb(server, async (db) => await db.all('SELECT * FROM spot_orders WHERE user_id = ? ORDER BY id', user.userId))
    const limit = { symbol: 'btcusdt', side: '1', type: '1', price: priceOf('btcusdt', Math.round(bandAt('btcusdt', T0).last * 0.97)), amount: '0.001' }
    const market = { symbol: 'ethusdt', side: '1', type: '2', total: '50' }
    const texts: string[] = []
    for (const [fields, key] of [[limit, 'spot-tap-0001'], [market, 'spot-tap-0002']] as const) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => place(server, user.headers, fields as SpotFields, { [IDEMPOTENCY_HEADER]: key })))
      expect(answers[0]?.json.code).toBe(1)
      for (const answer of answers) expect(answer.text).toBe(answers[0]?.text)
      texts.push(answers[0]?.text ?? '')
    }
    const [resting, bought] = await ordersOf()
    expect(await ordersOf()).toHaveLength(2)
    expect(resting).toMatchObject({ status: 2, frozen: buyHold(limit.price, limit.amount).toFixed() })
    expect([3, 4]).toContain(bought?.status)
    const undo = { [IDEMPOTENCY_HEADER]: 'spot-undo-0001' }
    const cancels = await Promise.all(Array.from({ length: 20 }, () => server.post(SPOT_PATHS.cancel, { id: String(resting?.id) }, { ...user.headers, ...undo })))
    expect(cancels[0]?.json.data).toMatchObject({ id: String(resting?.id), status: 4 })
    for (const answer of cancels) expect(answer.text).toBe(cancels[0]?.text)
    const again = await server.post(SPOT_PATHS.cancel, { id: String(resting?.id) }, user.headers)
    expect(again.json).toEqual({ code: 0, msg: SERVER_MESSAGES.spotNotCancellable, data: null })
    const spent = new BigNumber(bought?.filled_quote as string).plus(bought?.fee as string)
    expect(await balanceOf(server, user.userId, 1, 'USDT')).toEqual({ available: new BigNumber(1000).minus(spent).toFixed(), frozen: '0' })
    // A replay after the order changed still answers what the first request got.
    expect((await place(server, user.headers, limit as SpotFields, { [IDEMPOTENCY_HEADER]: 'spot-tap-0001' })).text).toBe(texts[0])
    expect(await health(server)).toEqual(HEALTHY)
  })
})

describe('cancels racing fills on other connections', () => {
  it('end every order once: what it held is what filled plus what came back, never over-filled', async () => {
    const t0 = T0 + 3_600_000
    const t1 = t0 + 600_000
    server.clock.now = t0
    const makers = await Promise.all(['a', 'b', 'c'].map((name) => fundedUser(server, `maker-${name}@spot.test`, FUNDS)))
    const taker = await fundedUser(server, 'taker@spot.test', FUNDS)
    // Resting orders and stops spread over the path of the next ten minutes and half as far again
    // beyond it: the passes fill many while the cancels run; only a cancel ends the far ones.
    const [s0, s1] = [Math.floor(t0 / 1000), Math.floor(t1 / 1000)]
    const orders = (['btcusdt', 'ethusdt'] as const).flatMap((symbol) => {
      const now = lastTicksAt(symbol, s0)
      const [min, max] = (['low', 'high'] as const).map((kind) => ticksOf(symbol, extremeAhead(symbol, t0, s1 - s0, kind).price)) as [number, number]
      const amount = symbol === 'btcusdt' ? '0.006' : '0.15'
      return Array.from({ length: 60 }, (_, i) => {
        const buy = i % 2 === 0
        const reach = ((i >> 1) / 30) * 1.5
        const ticks = buy ? Math.round(now - 1 - reach * (now - min)) : Math.round(now + 1 + reach * (max - now))
        const stop = i % 6 >= 4
        const fields = stop
          ? { symbol, side: buy ? '2' : '1', type: '3', triggerPrice: priceOf(symbol, ticks), price: priceOf(symbol, buy ? ticks - 20 : ticks + 20), amount }
          : { symbol, side: buy ? '1' : '2', type: '1', price: priceOf(symbol, ticks), amount }
        // When the path first reaches it (a limit or a stop below the market by a fall, above by a rise): the order the passes act in.
        const reached = secondWithin(symbol, s0, s1, (last) => (buy ? last <= ticks : last >= ticks)) ?? Infinity
        return { fields, maker: makers[i % 3] ?? taker, reached }
      })
    })
    const placed: Array<[number, string, number]> = []
    for (let i = 0; i < orders.length; i += 20) {
      const answers = await Promise.all(orders.slice(i, i + 20).map(({ fields, maker }) => place(server, maker.headers, fields as SpotFields)))
      for (const [j, answer] of answers.entries()) {
        expect([1, 2], answer.text).toContain(answer.json.data?.status)
        placed.push([orders[i + j]?.maker.userId ?? 0, answer.json.data.id, orders[i + j]?.reached ?? Infinity])
      }
    }
    // The best order of each side of each pair (1 tick from the last price, before the feed's) enters the race partly filled.
    const bites = ['btcusdt', 'ethusdt'].flatMap((symbol) => [{ symbol, side: '1', type: '2', total: '300' }, { symbol, side: '2', type: '2', amount: symbol === 'btcusdt' ? '0.004' : '0.1' }])
    for (const fields of bites) expect((await place(server, taker.headers, fields as SpotFields)).json.code).toBe(1)
    const partly = await withDb(server, async (db) => (await db.get(`SELECT count(*) AS n FROM spot_orders WHERE user_id <> ? AND filled <> '0' AND status = 2 AND created_at = ?`, taker.userId, t0))?.n)
    expect(partly).toBe(4)
    const takes = ['btcusdt', 'ethusdt'].flatMap((symbol) =>
      Array.from({ length: 10 }, (_, i): [number, PlaceFields] => [taker.userId, i % 2 ? { symbol, side: '2', type: '2', amount: symbol === 'btcusdt' ? '0.004' : '0.1' } : { symbol, side: '1', type: '2', total: '300' }]))
    const { database } = server
    // One canceller sweeps the orders in the order the passes fill them, the other from the far end.
    const sweep = placed.toSorted((a, b) => a[2] - b[2]).map(([userId, id]): [number, string] => [userId, id])
    const jobs: RaceJob[] = [
      { database, now: t1, passes: 3 }, { database, now: t1, passes: 3 }, { database, now: t1, cancels: sweep, pauseMs: 2 }, { database, now: t1, cancels: sweep.toReversed(), pauseMs: 2 },
      { database, now: t1, places: takes },
    ]
    const workers = jobs.map((job) => new Worker(new URL('./spot-race-worker.ts', import.meta.url), { workerData: job }))
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))))
    const results = workers.map((worker) => new Promise<RaceResult>((resolve) => worker.once('message', resolve)))
    // Go: the workers, and the server's own tick now that its clock stands at t1 too.
    server.clock.now = t1
    for (const worker of workers) worker.postMessage({ go: true }, [])
    const done = await Promise.all(results)
    await Promise.all(workers.map((worker) => worker.terminate()))

    expect(done.flatMap((result) => result.errors)).toEqual([])
    const [byOne, byOther] = [done[2]?.cancelled ?? {}, done[3]?.cancelled ?? {}]
    expect(Object.keys(byOne).filter((id) => id in byOther)).toEqual([])
    expect(done.slice(2, 4).flatMap((result) => result.refused).filter((line) => !line.endsWith(SERVER_MESSAGES.spotNotCancellable))).toEqual([])
    expect(done[4]?.placed).toHaveLength(20)
    const cancelled = { ...byOne, ...byOther }
    const rows = await withDb(server, async (db) => await db.all(`SELECT * FROM spot_orders WHERE id IN (${placed.map(([, id]) => Number(id)).join(', ')})`))
    for (const row of rows) {
      const id = String(row.id)
      // Ended, and cancelled exactly when a cancel succeeded — with nothing filled after it.
      expect([3, 4], id).toContain(row.status)
      expect(row.status === 4, id).toBe(id in cancelled)
      if (id in cancelled) expect(row.filled, id).toBe(cancelled[id])
    }
    const feedFills = await withDb(server, async (db) => Number((await db.get('SELECT count(*) AS n FROM spot_fills WHERE role = 1 AND counterparty = 2 AND at > ?', t0))?.n))
    // The race really happened: the passes filled some orders, the cancels ended others.
    expect(feedFills).toBeGreaterThan(0)
    expect(Object.keys(cancelled).length).toBeGreaterThan(0)
    expect(await health(server)).toEqual(HEALTHY)
  })
})

describe('a restart', () => {
  // One database for the three servers in turn, as one installation restarted.
  let kept: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    kept = await freshDatabase(await mkdtemp(join(tmpdir(), 'exchange-spot-restart-')))
  })
  afterAll(async () => {
    await kept.drop()
    await rm(kept.dataDir, { recursive: true, force: true })
  })

  it('keeps resting orders: those crossed while down fill at the crossing instant, the rest still match', async () => {
    const symbol = 'btcusdt'
    const clock = { now: T0 }
    const [s0, s1] = [Math.floor(T0 / 1000), Math.floor(T0 / 1000) + 1800]
    const location: DatabaseLocation = { dataDir: kept.dataDir, databaseUrl: kept.databaseUrl }
    const first = await keptServer(location, clock)
    const maker = await fundedUser(keptAsTestServer(first, location), 'sleeper@spot.test', FUNDS)
    const now = lastTicksAt(symbol, s0)
    const [min, max] = (['low', 'high'] as const).map((kind) => ticksOf(symbol, extremeAhead(symbol, T0, s1 - s0, kind).price)) as [number, number]
    expect(min < now - 10 && max > now + 10).toBe(true)
    const ticks = { crossedBuy: Math.round((now + min) / 2), crossedSell: Math.round((now + max) / 2), farBuy: Math.round(min * 0.99), stop: Math.round((now + max) / 2) }
    const fields = [
      { symbol, side: '1', type: '1', price: priceOf(symbol, ticks.crossedBuy), amount: '0.01' },
      { symbol, side: '2', type: '1', price: priceOf(symbol, ticks.crossedSell), amount: '0.01' },
      { symbol, side: '1', type: '1', price: priceOf(symbol, ticks.farBuy), amount: '0.02' },
      { symbol, side: '1', type: '3', triggerPrice: priceOf(symbol, ticks.stop), price: priceOf(symbol, ticks.stop + 1000), amount: '0.01' },
    ]
    const ids: string[] = []
    for (const order of fields) ids.push((await place(first, maker.headers, order as SpotFields)).json.data.id)
    await first.app.close()

    clock.now = s1 * 1000 + 250
    const second = await keptServer(location, clock)
    const view = keptAsTestServer(second, location)
    const orderOf = (id: string | undefined) => detail(second, maker.headers, String(id))
    // Acted on during start-up, before the server listened: no waiting.
    for (const [i, reached] of [[0, (t: number) => t <= ticks.crossedBuy], [1, (t: number) => t >= ticks.crossedSell]] as const) {
      const at = (secondWithin(symbol, s0, s1, reached) ?? 0) * 1000
      expect(await orderOf(ids[i])).toMatchObject({ status: 3, fills: [{ price: fields[i]?.price, amount: '0.01', role: 1, counterparty: 2, at }] })
    }
    const triggered = (secondWithin(symbol, s0, s1, (t) => t >= ticks.stop) ?? 0) * 1000
    expect(await orderOf(ids[3])).toMatchObject({ status: 3, triggeredAt: triggered, triggeredPrice: lastAt(symbol, triggered) })
    const open = await second.post(SPOT_PATHS.openOrders, {}, maker.headers)
    expect(open.json.data).toMatchObject({ sum: 1, list: [{ id: ids[2], status: 2, filled: '0', price: fields[2]?.price }] })

    // Still in the book: a seller who takes all the feed's bids above it reaches it next.
    const seller = await fundedUser(view, 'early@spot.test', FUNDS)
    const above = depthAt(symbol, clock.now).bids.filter(([price]) => ticksOf(symbol, price) > ticks.farBuy)
    const amount = above.reduce((total, [, size]) => total.plus(size), new BigNumber('0.02')).toFixed()
    const sold = await place(second, seller.headers, { symbol, side: '2', type: '1', price: fields[2]?.price ?? '', amount })
    expect(sold.json.data).toMatchObject({ status: 3, filled: amount })
    expect(await orderOf(ids[2])).toMatchObject({ status: 3, fills: [{ amount: '0.02', role: 1, counterparty: 1, at: clock.now }] })
    expect(await health(view)).toEqual(HEALTHY)
    const before = await spotState(view)
    await second.app.close()

    // Another restart later: nothing is acted on twice.
    clock.now += 3_600_000
    const third = await keptServer(location, clock)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await spotState(view)).toEqual(before)
    await third.app.close()
  })
})
