// Each order settles exactly once: four worker threads (each its own SQLite connection, as other
// servers on the same file would be), a manual pass and the server's own tick all race over the
// same due orders; and across restarts, orders that came due while the server was down settle
// once, on start, at the price of their due instant, and a further restart changes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { BigNumber } from 'bignumber.js'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'
import { creditWithRecord } from '../../server/ledger/operator-credit.ts'
import { readMailCode } from '../support/outbox.ts'
import { balanceOf, fundedUser, openServerDb, snapshot, withDb } from './assets-support.ts'
import { registerAndLogin, type TestServer } from './harness.ts'
import { buildOn, findInstant, moveOf, place, priceAt, startSecondsServer, waitFor } from './seconds-support.ts'

const quiet = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger
const openCount = (db: { prepare(sql: string): { get(): unknown } }) =>
  Number((db.prepare('SELECT count(*) AS n FROM seconds_orders WHERE status = 1').get() as { n: number }).n)

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
    const file = join(server.dataDir, 'exchange.sqlite')
    const workers = Array.from({ length: 4 }, () => new Worker(new URL('./seconds-pass-worker.ts', import.meta.url), {
      workerData: { file, now: due, seed: DEFAULT_CONFIG.marketSeed, passes: 3 },
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
    manualDb.close()
    await waitFor(() => (withDb(server, openCount) === 0 ? true : undefined))

    expect(workerResults.flatMap((result) => result.errors)).toEqual([])
    // The race really happened: the other connections settled some of the orders themselves.
    expect(manualSettled + workerResults.reduce((sum, result) => sum + result.settled, 0)).toBeGreaterThan(0)
    const entries = withDb(server, (db) =>
      db.prepare(`SELECT o.id, o.settle_entry_id, (SELECT count(*) FROM ledger_entries e WHERE e.memo = 'seconds order #' || o.id) AS settles
        FROM seconds_orders o WHERE o.user_id = ?`).all(user.userId),
    )
    expect(entries.map((row) => String(row.id)).toSorted()).toEqual(ids.toSorted())
    for (const row of entries) expect(row.settles, `order ${String(row.id)}`).toBe(1)
    expect(new Set(entries.map((row) => row.settle_entry_id)).size).toBe(120)
    const expected = fields.reduce((sum, order) => {
      const symbol = `${order.baseCoin}usdt`.toLowerCase()
      return sum + returned(order.tradeType, priceAt(symbol, openAt), priceAt(symbol, due)) - 10
    }, 5000)
    expect(balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: new BigNumber(expected).toFixed(), frozen: '0' })
    expect(snapshot(server).differences).toEqual([])
  })
})

describe('restarts', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'exchange-seconds-restart-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('settle what came due while the server was down once, at the due-instant price', async () => {
    const clock = { now: Date.now() }
    const first = await buildOn(dataDir, clock)
    const session = await registerAndLogin({ post: first.post, readCode: async (email: string) => readMailCode(dataDir, email) } as unknown as TestServer, 'sleeper@seconds.test')
    const userId = Number(session.userId)
    const headers = { 'access-token': session.token }
    withDb({ dataDir } as TestServer, (db) => {
      creditWithRecord(db, { userId, accountType: 2, currency: 'USDT', amount: '500', kind: 'credit', info: 'test', now: clock.now })
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
    await waitFor(() => (withDb({ dataDir } as TestServer, openCount) === 3 ? true : undefined))
    await first.app.close()

    clock.now = openAt + 3_600_000
    const second = await buildOn(dataDir, clock)
    // Settled during start-up, before the server listened: no waiting needed.
    const rows = withDb({ dataDir } as TestServer, (db) => db.prepare('SELECT * FROM seconds_orders ORDER BY id').all())
    for (const [i, row] of rows.entries()) {
      const due = openAt + Number(orders[i]?.positionTime) * 1000
      expect(row).toMatchObject({ status: 2, settle_time: due, settle_price: priceAt('btcusdt', due), settled_at: i === 0 ? openAt + 6000 : clock.now })
    }
    const answer = await second.post(SECONDS_PATHS.records, { entryStatus: '2', pageSize: '10' }, headers)
    expect(answer.json.result.totalRow).toBe(4)
    const before = snapshot({ dataDir } as TestServer)
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
    expect(balanceOf({ dataDir } as TestServer, userId, 2, 'USDT')).toEqual({ available: expected.toFixed(), frozen: '0' })
    await second.app.close()

    // Another restart later: nothing is settled twice.
    clock.now += 3_600_000
    const third = await buildOn(dataDir, clock)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(snapshot({ dataDir } as TestServer)).toEqual(before)
    await third.app.close()
  })
})
