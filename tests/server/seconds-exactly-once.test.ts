// Each order settles exactly once: four worker threads (each its own connection to the test's
// database, as other servers on the same database would be), a manual pass and the server's own tick all race over the
// same due orders; and across restarts, orders that came due while the server was down settle
// once, on start, at the price of their due instant, and a further restart changes nothing.
import { Worker } from 'node:worker_threads'
import { BigNumber } from 'bignumber.js'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'
import { creditWithRecord } from '../../server/ledger/operator-credit.ts'
import { readMailCode } from '../support/outbox.ts'
import { balanceOf, fundedUser, openServerDb, snapshot, withDb } from './assets-support.ts'
import { registerAndLogin, type TestServer } from './harness.ts'
import { buildOn, findInstant, type KeptData, keepData, moveOf, place, priceAt, startSecondsServer, waitFor } from './seconds-support.ts'

const quiet = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger
const openCount = async (db: Database) => Number((await db.get('SELECT count(*) AS n FROM seconds_orders WHERE status = 1'))?.n)

/** What a 10 USDT order at rate 0.8 (no fee) gives back: win 18, draw 10, loss 0. */
const returned = (tradeType: string, open: string, settle: string): number => {
  const move = moveOf(open, settle)
  if (move === 'flat') return 10
  return (move === 'up') === (tradeType === '1') ? 18 : 0
}

describe('concurrent settlement passes', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startSecondsServer()
  })
  afterAll(() => server.close())

  it('pay every one of 120 due orders exactly once', async () => {
    const user = await fundedUser(server, 'racer@seconds.test', [{ currency: 'USDT', amount: '5000', accountType: 2 }])
    const openAt = server.clock.now + 1000
    server.clock.now = openAt
    const bases = ['BTC', 'ETH', 'LTC', 'DOGE']
    const fields = Array.from({ length: 120 }, (_, i) => ({ openAmount: '10', baseCoin: bases[i % 4] ?? 'BTC', positionTime: '5', tradeType: i % 3 === 0 ? '2' : '1' }))
    const ids: string[] = []
    for (let i = 0; i < fields.length; i += 20) {
      const answers = await Promise.all(fields.slice(i, i + 20).map((order) => place(server, user.headers, order)))
      for (const answer of answers) {
        expect(answer.json.code).toBe(200)
        ids.push(answer.json.result.id)
      }
    }
    const due = openAt + 5000
    const workers = Array.from({ length: 4 }, () => new Worker(new URL('./seconds-pass-worker.ts', import.meta.url), {
      workerData: { location: server.database, now: due, seed: DEFAULT_CONFIG.marketSeed, passes: 3 },
    }))
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))))
    const results = workers.map((worker) => new Promise<{ settled: number; errors: string[] }>((resolve) => worker.once('message', resolve)))

    // Go: the workers, the server's own tick and a manual pass on yet another connection.
    const manualDb = openServerDb(server)
    const manual = createSettlement({ db: manualDb, now: () => due, log: quiet }, secondsPrices(createSimSource(DEFAULT_CONFIG.marketSeed, () => due)))
    for (const worker of workers) worker.postMessage({ go: true }, [])
    server.clock.now = due
    const manualSettled = await manual.pass()
    const workerResults = await Promise.all(results)
    await Promise.all(workers.map((worker) => worker.terminate()))
    await manualDb.close()
    await waitFor(async () => ((await withDb(server, openCount)) === 0 ? true : undefined))

    expect(workerResults.flatMap((result) => result.errors)).toEqual([])
    // The race really happened: the other connections settled some of the orders themselves.
    expect(manualSettled + workerResults.reduce((sum, result) => sum + result.settled, 0)).toBeGreaterThan(0)
    const entries = await withDb(server, (db) =>
      db.all(`SELECT o.id, o.settle_entry_id, (SELECT count(*) FROM ledger_entries e WHERE e.memo = 'seconds order #' || o.id) AS settles
        FROM seconds_orders o WHERE o.user_id = ?`, user.userId),
    )
    expect(entries.map((row) => String(row.id)).toSorted()).toEqual(ids.toSorted())
    for (const row of entries) expect(row.settles, `order ${String(row.id)}`).toBe(1)
    expect(new Set(entries.map((row) => row.settle_entry_id)).size).toBe(120)
    const expected = fields.reduce((sum, order) => {
      const symbol = `${order.baseCoin}usdt`.toLowerCase()
      return sum + returned(order.tradeType, priceAt(symbol, openAt), priceAt(symbol, due)) - 10
    }, 5000)
    expect(await balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: new BigNumber(expected).toFixed(), frozen: '0' })
    expect((await snapshot(server)).differences).toEqual([])
    // Room for PostgreSQL, where the racers' transactions on the one user's balance conflict and re-run.
  }, 60_000)
})

describe('restarts', () => {
  let kept: KeptData
  beforeAll(async () => {
    kept = await keepData('exchange-seconds-restart-')
  })
  afterAll(() => kept.remove())

  it('settle what came due while the server was down once, at the due-instant price', async () => {
    const clock = { now: Date.now() }
    const first = await buildOn(kept, clock)
    const session = await registerAndLogin({ post: first.post, readCode: async (email: string) => readMailCode(kept.dataDir, email) } as unknown as TestServer, 'sleeper@seconds.test')
    const userId = Number(session.userId)
    const headers = { 'access-token': session.token }
    await withDb(kept.view, async (db) => {
      await creditWithRecord(db, { userId, accountType: 2, currency: 'USDT', amount: '500', kind: 'credit', info: 'test', now: clock.now })
    })
    const openAt = findInstant('btcusdt', 30, 'up', clock.now + 1000)
    clock.now = openAt
    const orders = [
      { positionTime: '5', tradeType: '1' },
      { positionTime: '30', tradeType: '1' },
      { positionTime: '60', tradeType: '2' },
      { positionTime: '120', tradeType: '1' },
    ]
    for (const order of orders) {
      const answer = await first.post(SECONDS_PATHS.createOrder, { openAmount: '50', baseCoin: 'BTC', quoteCoin: 'USDT', ...order }, headers)
      expect(answer.json.code).toBe(200)
    }
    // The 5 s order settles while the first server runs; then it stops before the others are due.
    clock.now = openAt + 6000
    await waitFor(async () => ((await withDb(kept.view, openCount)) === 3 ? true : undefined))
    await first.app.close()

    clock.now = openAt + 3_600_000
    const second = await buildOn(kept, clock)
    // Settled during start-up, before the server listened: no waiting needed.
    const rows = await withDb(kept.view, (db) => db.all('SELECT * FROM seconds_orders ORDER BY id'))
    for (const [i, row] of rows.entries()) {
      const due = openAt + Number(orders[i]?.positionTime) * 1000
      expect(row).toMatchObject({ status: 2, settle_time: due, settle_price: priceAt('btcusdt', due), settled_at: i === 0 ? openAt + 6000 : clock.now })
    }
    const answer = await second.post(SECONDS_PATHS.records, { entryStatus: '2', pageSize: '10' }, headers)
    expect(answer.json.result.totalRow).toBe(4)
    const before = await snapshot(kept.view)
    expect(before.differences).toEqual([])
    // 5 s copies the terms of the shortest configured duration (30 s: 0.8); no fee.
    const RATES: Record<string, string> = { '5': '0.8', '30': '0.8', '60': '0.85', '120': '0.9' }
    const expected = orders.reduce((sum, order) => {
      const due = openAt + Number(order.positionTime) * 1000
      const move = moveOf(priceAt('btcusdt', openAt), priceAt('btcusdt', due))
      if (move === 'flat') return sum
      const won = (move === 'up') === (order.tradeType === '1')
      return won ? sum.plus(new BigNumber(50).times(RATES[order.positionTime] ?? 'NaN')) : sum.minus(50)
    }, new BigNumber(500))
    expect(await balanceOf(kept.view, userId, 2, 'USDT')).toEqual({ available: expected.toFixed(), frozen: '0' })
    await second.app.close()

    // Another restart later: nothing is settled twice.
    clock.now += 3_600_000
    const third = await buildOn(kept, clock)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await snapshot(kept.view)).toEqual(before)
    await third.app.close()
  })
})
