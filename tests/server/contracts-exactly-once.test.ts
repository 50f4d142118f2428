// Each position is acted on exactly once: four worker threads (each its own connection to the test's
// database, as other servers on the same database would be), a pass on yet another connection and the server's own
// tick all race over 120 positions the price crossed; and across restarts, what crossed while the
// server was down is closed (or entered) on start at its crossing second, and a further restart
// changes nothing. Every outcome is checked against a model walking the same price path.
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { type Funded, fundedUser, openServerDb, snapshot, withDb } from './assets-support.ts'
import { readMailCode } from '../support/outbox.ts'
import { answer, startServer, type TestServer } from './harness.ts'
import { type KeptData, keepData, waitFor } from './seconds-support.ts'
import { engineOn, heldProblems, lastAt, opened, type OpenFields, priceOf, type Row, ticksAt, ticksOf } from './contracts-support.ts'

const TEST_MMR = '0.0099'
const T0 = Date.UTC(2026, 7, 3, 15, 0, 0, 250)
const LOTS: Record<string, string> = { btcusdt: '0.002', ethusdt: '0.02', ltcusdt: '0.2', dogeusdt: '200' }

/** What the path does to a stored position between its watch start and `until` (epoch seconds): its first trigger, liquidation first. */
function expectedEnd(row: Row, until: number): { status: number; reason: number; second: number } | undefined {
  const long = row.direction === 1
  const level = (column: string) => (row[column] === null ? null : Number(row[column]))
  const [liq, sl, tp] = [level('liquidation_ticks'), level('stop_loss_ticks'), level('take_profit_ticks')]
  const adverse = (ticks: number, at: number | null) => at !== null && (long ? ticks <= at : ticks >= at)
  const favourable = (ticks: number, at: number | null) => at !== null && (long ? ticks >= at : ticks <= at)
  for (let second = Math.floor(Number(row.opened_at) / 1000) + 1; second <= until; second++) {
    const ticks = ticksAt(String(row.symbol), second)
    if (adverse(ticks, liq)) return { status: 4, reason: 4, second }
    if (adverse(ticks, sl)) return { status: 3, reason: 2, second }
    if (favourable(ticks, tp)) return { status: 3, reason: 3, second }
  }
  return undefined
}

async function endProblems(db: Database, rows: Row[], until: number): Promise<string[]> {
  const problems: string[] = []
  for (const before of rows) {
    const after = await db.get('SELECT * FROM contract_positions WHERE id = ?', Number(before.id)) ?? {}
    const want = expectedEnd(before, until)
    const got = { status: after.status, reason: after.close_reason, at: after.closed_at, exit: after.exit_price }
    const expected = want
      ? { status: want.status, reason: want.reason, at: want.second * 1000, exit: lastAt(String(before.symbol), want.second * 1000) }
      : { status: 2, reason: null, at: null, exit: null }
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`#${String(before.id)}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`)
    const closes = Number((await db.get(`SELECT count(*) AS n FROM ledger_entries WHERE memo LIKE ? AND kind IN ('contract_close', 'contract_liquidation')`, `contract #${String(before.id)} %`))?.n)
    if (closes !== (want ? 1 : 0)) problems.push(`#${String(before.id)}: ${closes} closing entries`)
  }
  return problems
}

/** Per position: a liquidation close by at 100×/50×, or a stop or take profit a few hundredths of a percent away at 10×. */
function fieldsOf(i: number, symbol: string, at: number): OpenFields {
  const long = i % 2 === 0
  const entry = ticksOf(symbol, lastAt(symbol, at))
  const away = (share: number, up: boolean) => priceOf(symbol, Math.round(entry * (1 + (up ? share : -share))))
  const share = 0.0003 * (1 + (i % 5))
  const base = { symbol, direction: long ? '1' : '2', quantity: LOTS[symbol] ?? '1' } as const
  if (i % 3 === 0) return { ...base, leverage: symbol === 'btcusdt' || symbol === 'ethusdt' ? '100' : '50' }
  if (i % 3 === 1) return { ...base, leverage: '10', stopLoss: away(share, !long) }
  return { ...base, leverage: '10', takeProfit: away(share, long) }
}

describe('racing passes', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ contractTestMmr: TEST_MMR })
    server.clock.now = T0
  })
  afterAll(() => server.close())

  it('act on every one of 120 crossed positions exactly once, at its first crossing second', async () => {
    const user: Funded = await fundedUser(server, 'racer@contracts.test', [{ currency: 'USDT', amount: '100000', accountType: 2 }])
    const symbols = Object.keys(LOTS)
    for (let i = 0; i < 120; i += 20) {
      const batch = Array.from({ length: 20 }, (_, j) => fieldsOf(i + j, symbols[(i + j) % symbols.length] ?? 'btcusdt', T0))
      await Promise.all(batch.map((fields) => opened(server, user.headers, fields)))
    }
    const before = await withDb(server, (db) => db.all('SELECT * FROM contract_positions ORDER BY id'))
    const due = T0 + 600_000
    const workers = Array.from({ length: 4 }, () => new Worker(new URL('./contracts-pass-worker.ts', import.meta.url), { workerData: { location: server.database, now: due, passes: 2 } }))
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))))
    const results = workers.map((worker) => new Promise<{ acted: number; errors: string[] }>((resolve) => worker.once('message', resolve)))

    // Go: the workers, the server's own tick, and a pass on yet another connection.
    const errors: string[] = []
    const db = openServerDb(server)
    for (const worker of workers) worker.postMessage({ go: true }, [])
    server.clock.now = due
    const manual = (await engineOn(db, () => due, errors).walk.pass()).acted
    const done = await Promise.all(results)
    await Promise.all(workers.map((worker) => worker.terminate()))
    await db.close()
    // Let the server's own tick finish walking up to `due`.
    await waitFor(async () => ((await withDb(server, (check) => endProblems(check, before, Math.floor(due / 1000)))).length === 0 ? true : undefined), 5000).catch(() => undefined)

    expect([...errors, ...done.flatMap((result) => result.errors)]).toEqual([])
    const problems = await withDb(server, (check) => endProblems(check, before, Math.floor(due / 1000)))
    expect(problems).toEqual([])
    const ended = await withDb(server, async (check) => Number((await check.get('SELECT count(*) AS n FROM contract_positions WHERE status IN (3, 4)'))?.n))
    // Most crossed, some did not; the other connections really took part.
    expect(ended).toBeGreaterThan(60)
    expect(ended).toBeLessThan(120)
    expect(manual + done.reduce((sum, result) => sum + result.acted, 0)).toBeGreaterThan(0)
    expect(manual + done.reduce((sum, result) => sum + result.acted, 0)).toBeLessThanOrEqual(ended)
    // The money adds up: what the user has is what came in, less every fee, plus every P/L.
    await withDb(server, async (check) => {
      expect(await verifyLedger(check)).toEqual([])
      expect(await heldProblems(check)).toEqual([])
      const rows = await check.all('SELECT open_fee, close_fee, realized_pnl FROM contract_positions WHERE user_id = ?', user.userId)
      const net = rows.reduce((sum, row) => sum.minus(String(row.open_fee)).minus(String(row.close_fee)).plus(String(row.realized_pnl)), new BigNumber(100000))
      const balance = await check.get(`SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = 2 AND currency = 'USDT'`, user.userId)
      expect(new BigNumber(String(balance?.available)).plus(String(balance?.frozen)).toFixed()).toBe(net.toFixed())
    })
  }, 60_000)
})

describe('restarts', () => {
  let kept: KeptData
  beforeAll(async () => {
    kept = await keepData('exchange-contracts-restart-')
  })
  afterAll(() => kept.remove())

  const clock = { now: T0 + 7_200_000 }
  async function start() {
    const { dataDir, databaseUrl } = kept
    const app = await buildServer({ config: { ...DEFAULT_CONFIG, dataDir, databaseUrl, staticDir: join(dataDir, 'dist'), contractTestMmr: TEST_MMR, stepUpSeconds: 0 }, now: () => clock.now })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const post = async (path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      answer(await fetch(url + path, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }))
    const view: TestServer = { ...kept.view, url, post, readCode: async (email: string) => readMailCode(dataDir, email) }
    return { app, view }
  }

  it('close what crossed while the server was down on start, at its crossing second, once', async () => {
    const first = await start()
    const user = await fundedUser(first.view, 'sleeper@contracts.test', [{ currency: 'USDT', amount: '10000', accountType: 2 }])
    const at = clock.now
    const entry = ticksAt('ethusdt', Math.floor(at / 1000))
    const fields: OpenFields[] = [
      ...Array.from({ length: 9 }, (_, i) => fieldsOf(i, i % 2 ? 'ethusdt' : 'btcusdt', at)),
      { symbol: 'ethusdt', direction: '1', leverage: '1', quantity: '0.05' },
      { symbol: 'ethusdt', direction: '1', leverage: '2', entryType: '2', price: priceOf('ethusdt', Math.round(entry * 0.999)), quantity: '0.05' },
    ]
    for (const f of fields) await opened(first.view, user.headers, f)
    const before = await withDb(first.view, (db) => db.all('SELECT * FROM contract_positions WHERE status = 2 ORDER BY id'))
    await first.app.close()

    clock.now = at + 3_600_000
    const second = await start()
    // Acted on during start-up, before the server listened: no waiting.
    expect(await withDb(second.view, (db) => endProblems(db, before, Math.floor(clock.now / 1000)))).toEqual([])
    const pending = await withDb(second.view, (db) => db.get('SELECT * FROM contract_positions WHERE entry_type = 2'))
    const reached = Array.from({ length: 3600 }, (_, i) => Math.floor(at / 1000) + 1 + i).find((s) => ticksAt('ethusdt', s) <= Number(pending?.limit_ticks))
    expect(pending).toMatchObject(reached === undefined ? { status: 1 } : { status: 2, opened_at: reached * 1000, entry_price: pending?.limit_price })
    expect(await withDb(second.view, (db) => Promise.all([verifyLedger(db), heldProblems(db)]))).toEqual([[], []])
    const state = await snapshot(second.view)
    await second.app.close()

    // Another start at the same instant finds nothing to do; one an hour later closes what the
    // second hour crossed, once, and nothing of the first hour twice.
    const again = await start()
    expect(await snapshot(again.view)).toEqual(state)
    await again.app.close()
    clock.now += 3_600_000
    const third = await start()
    expect(await withDb(third.view, (db) => Promise.all([endProblems(db, before, Math.floor(clock.now / 1000)), verifyLedger(db), heldProblems(db)]))).toEqual([[], [], []])
    await third.app.close()
  }, 60_000)
})
