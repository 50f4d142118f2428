// The scale-out layout (architecture §6 "Storage and scale-out": instances on one PostgreSQL behind
// nginx) while PostgreSQL goes away under a stream of keyed transfers and keyed spot orders:
// restarted (`pg_ctl restart -m fast`), stopped for 10 s, and every connection of the database killed
// (pg_terminate_backend). Throughout, every call answers: a success, or HTTP 503 with Retry-After
// (≤ 10 s) and the message the app translates — never a 500, never a hang, never a dropped
// connection. The instances stay up and reconnect by themselves, their periodic passes pause and
// go on. Afterwards nothing is lost (every acknowledged call is in the ledger) and nothing is doubled
// (re-sending EVERY key applies each at most once, so each key moved its money exactly once), and
// `admin verify` is clean. PostgreSQL here is the test's own (scripts/postgres-local.mjs), not the
// run's shared one, since it is stopped and restarted; this runs in the server-postgres project.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BigNumber } from 'bignumber.js'
import { Client } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/free-port.mjs'
import { type LocalPostgres, startPostgres } from '../../scripts/postgres-local.mjs'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ORDER_SIDES, ORDER_TYPES, SPOT_PATHS } from '../../src/contract/spot.ts'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { balanceOf, fundedUser } from './assets-support.ts'
import {
  claimedKeys,
  expectAdminVerifyClean,
  keyedTransfer,
  loggedErrors,
  pause,
  postTo,
  ProcessGroup,
  type Proxy,
  type ServerProcess,
  transferEntries,
  viewThrough,
} from './cluster-support.ts'
import type { Answer, TestServer } from './harness.ts'
import type { KeptData } from './seconds-support.ts'
import { bandAt, priceOf } from './spot-support.ts'
import { type DatabaseLocation, openTestDatabase, TEST_ENGINE, withDatabase } from './test-database.ts'

const INSTANCES = 3
const SENDERS = 4
/** Each sender's pause between calls: a steady stream that an outage answers fast. */
const PACE_MS = 100
/** The stream is cut short here whatever happens (bounded). */
const MAX_CALLS = 2000
const STOP_MS = 10_000
/** Every connection of the database is killed this many times, this far apart. */
const KILLS = 5
const KILL_EVERY_MS = 150
/** After each fault the stream goes on until this many calls sent after it was over were acknowledged. */
const ACKS_AFTER = 12
const RECOVERY_TIMEOUT_MS = 20_000
/** No call may take longer than this, outage or not: a database that refuses or closes connections fails calls at once. */
const MAX_CALL_MS = 10_000
const MARKET_BUY = { symbol: 'btcusdt', side: String(ORDER_SIDES.buy), type: String(ORDER_TYPES.market), total: '6' }

type Kind = 'transfer' | 'spot'

interface Sent {
  kind: Kind
  key: string
  amount: string
  startedAt: number
  endedAt?: number
  answer?: Answer
  /** The fetch itself failed: no answer at all (there must be none). */
  failure?: string
}

interface Fault {
  name: string
  /** When it began, and when the database was back (pg_ctl returned). */
  from: number
  to: number
  /** When the next fault began (or the stream ended): the calls of this phase started before it. */
  until: number
}

const acknowledged = (sent: Sent): boolean => sent.answer?.status === 200 && sent.answer.json?.code === BB_OK
const refusedForNow = (sent: Sent): boolean => sent.answer?.status === 503
const amountOf = (i: number): string => new BigNumber((i % 50) + 1).div(100).toFixed()
const sum = (amounts: readonly string[]): string => amounts.reduce((total, amount) => total.plus(amount), new BigNumber(0)).toFixed()

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL restarted, stopped and cut off under a stream of keyed calls behind nginx', () => {
  const group = new ProcessGroup()
  const dirs: string[] = []
  let postgres: LocalPostgres | undefined
  let data: KeptData | undefined
  let servers: ServerProcess[] = []
  let proxy: Proxy | undefined

  beforeAll(async () => {
    const pgDir = await mkdtemp(join(tmpdir(), 'exchange-outage-pg-'))
    const dataDir = await mkdtemp(join(tmpdir(), 'exchange-outage-'))
    dirs.push(pgDir, dataDir)
    postgres = startPostgres({ dir: pgDir, port: await freePort(), throwaway: true, log: () => {} })
    const location: DatabaseLocation = { dataDir, databaseUrl: postgres.url }
    const view = { dataDir, database: location, openDb: () => openTestDatabase(location), withDb: (read) => withDatabase(location, read) } as Partial<TestServer>
    data = { ...location, view: view as TestServer, remove: async () => {} }
    servers = await group.startServers(location, INSTANCES, { TRUST_PROXY: '127.0.0.1' })
    proxy = await group.startNginx(servers)
  }, 90_000)

  afterAll(async () => {
    await group.stopAll()
    postgres?.stop()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }, 60_000)

  it('answers 503 with Retry-After while it is gone, never 500 or a hang, reconnects by itself, and loses or doubles nothing', async () => {
    if (!data || !proxy || !postgres) throw new Error('the cluster did not start')
    const pg = postgres
    const address = proxy.url
    const view = viewThrough(data, address)
    const payer = await fundedUser(view, 'payer@outage.test', [{ currency: 'USDT', amount: '1000' }])
    const buyer = await fundedUser(view, 'buyer@outage.test', [{ currency: 'USDT', amount: '10000' }])
    // A resting order far below the price: the spot feed pass has work (a cursor to move) every second.
    const band = bandAt('btcusdt', Date.now())
    const resting = await postTo(address, SPOT_PATHS.place, { symbol: 'btcusdt', side: String(ORDER_SIDES.buy), type: String(ORDER_TYPES.limit), price: priceOf('btcusdt', band.low + 5), amount: '0.001' }, buyer.headers)
    expect(resting.json?.code, resting.text).toBe(BB_OK)

    const send = (entry: Sent): Promise<Answer> =>
      entry.kind === 'transfer'
        ? keyedTransfer(address, payer.headers, entry.key, entry.amount)
        : postTo(address, SPOT_PATHS.place, MARKET_BUY, { ...buyer.headers, [IDEMPOTENCY_HEADER]: entry.key })

    // The stream: SENDERS callers through nginx, transfers and spot orders in turn, each with its own key.
    const sent: Sent[] = []
    const state = { streaming: true }
    const sender = async () => {
      while (state.streaming && sent.length < MAX_CALLS) {
        const i = sent.length
        const entry: Sent = { kind: i % 2 === 0 ? 'transfer' : 'spot', key: `outage-${i}-2026`, amount: amountOf(i), startedAt: Date.now() }
        sent.push(entry)
        try {
          entry.answer = await send(entry)
        } catch (error) {
          entry.failure = String(error)
        }
        entry.endedAt = Date.now()
        await pause(PACE_MS)
      }
    }
    const stream = Promise.all(Array.from({ length: SENDERS }, sender))
    /** Waits (bounded) until `count` calls sent after `since` were acknowledged: the cluster serves again. */
    const served = async (since: number, count = ACKS_AFTER) => {
      const deadline = Date.now() + RECOVERY_TIMEOUT_MS
      while (sent.filter((entry) => acknowledged(entry) && entry.startedAt >= since).length < count) {
        if (Date.now() > deadline) throw new Error(`the cluster did not serve again within ${RECOVERY_TIMEOUT_MS / 1000} s of ${new Date(since).toISOString()}`)
        await pause(50)
      }
    }

    const faults: Fault[] = []
    const fault = async (name: string, act: () => Promise<unknown>) => {
      const from = Date.now()
      const previous = faults.at(-1)
      if (previous) previous.until = from
      await act()
      const to = Date.now()
      faults.push({ name, from, to, until: Number.POSITIVE_INFINITY })
      await served(to)
    }
    let killed = 0
    try {
      await served(0)
      await fault('pg_ctl restart -m fast', () => pg.control('restart'))
      await fault('pg_ctl stop -m fast, 10 s, start', async () => {
        await pg.control('stop')
        await pause(STOP_MS)
        await pg.control('start')
      })
      await fault(`pg_terminate_backend of every connection, ${KILLS} times`, async () => {
        const client = new Client({ connectionString: pg.adminUrl })
        await client.connect()
        try {
          // Again and again, so that some calls are running on the connections killed.
          for (let round = 0; round < KILLS; round++) {
            const { rows } = await client.query("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = 'exchange' AND pid <> pg_backend_pid()")
            killed += Number(rows[0]?.n)
            await pause(KILL_EVERY_MS)
          }
        } finally {
          await client.end()
        }
      })
    } finally {
      state.streaming = false
      await stream
    }
    const last = faults.at(-1)
    if (last) last.until = Date.now()
    expect(killed, 'connections killed').toBeGreaterThan(0)

    // The instances stayed up (said first: a dead one would show below as nginx's 502s).
    for (const server of servers) expect({ exit: server.child.exitCode, signal: server.child.signalCode }, `${server.url}:\n${server.output().slice(-4000)}`).toEqual({ exit: null, signal: null })
    // Every call was answered, in time: acknowledged, or 503 "try again shortly" with Retry-After ≤ 10 s.
    expect(sent.filter((entry) => entry.failure !== undefined).map((entry) => `${entry.key}: ${entry.failure}`)).toEqual([])
    const slowest = Math.max(...sent.map((entry) => (entry.endedAt ?? Number.POSITIVE_INFINITY) - entry.startedAt))
    expect(slowest).toBeLessThan(MAX_CALL_MS)
    for (const entry of sent.filter((candidate) => !acknowledged(candidate))) {
      const { answer } = entry
      expect(answer?.status, `${entry.key}: ${answer?.text}`).toBe(503)
      expect(answer?.json, entry.key).toEqual({ code: 0, msg: SERVER_MESSAGES.storageUnavailable, data: null })
      const retryAfter = Number(answer?.headers.get('retry-after'))
      expect(retryAfter, entry.key).toBeGreaterThan(0)
      expect(retryAfter, entry.key).toBeLessThanOrEqual(10)
    }
    // The stream did meet each fault: while PostgreSQL was stopped, every call got its 503.
    const stop = faults[1]
    if (!stop) throw new Error('the stop did not happen')
    const duringStop = sent.filter((entry) => entry.startedAt >= stop.from + 500 && (entry.endedAt ?? 0) <= stop.to - 500)
    expect(duringStop.length).toBeGreaterThanOrEqual(50)
    expect(duringStop.filter((entry) => !refusedForNow(entry)).map((entry) => entry.key)).toEqual([])
    // A restart refuses calls too; killed connections fail only the calls running on them, if any
    // (an idle connection is dropped from the pool and replaced unseen).
    for (const each of faults.slice(0, 2)) expect(sent.some((entry) => refusedForNow(entry) && entry.startedAt >= each.from && entry.startedAt < each.until), each.name).toBe(true)

    // The instances reconnected by themselves (each answers on its own port), logged no error, and
    // their passes noted the outage instead of failing.
    for (const server of servers) {
      const accounts = await postTo(server.url, ASSET_PATHS.accounts, { accountType: String(ACCOUNT_TYPES.spot) }, payer.headers)
      expect(accounts.json?.code, server.url).toBe(BB_OK)
      expect(loggedErrors(server), server.url).toEqual([])
    }
    expect(servers.some((server) => server.output().includes('paused: the storage is unavailable'))).toBe(true)

    // Nothing lost: every acknowledged call is in the database with what it answered.
    const transfers = sent.filter((entry) => entry.kind === 'transfer')
    const orders = sent.filter((entry) => entry.kind === 'spot')
    const claimedTransfers = await claimedKeys(view, payer.userId)
    const claimedOrders = await claimedKeys(view, buyer.userId)
    for (const entry of transfers.filter(acknowledged)) expect(claimedTransfers.has(entry.key), entry.key).toBe(true)
    for (const entry of orders.filter(acknowledged)) expect(claimedOrders.has(entry.key), entry.key).toBe(true)
    const ordersOf = () => view.withDb(async (db) => (await db.all('SELECT id FROM spot_orders WHERE user_id = ? AND id <> ?', buyer.userId, Number(resting.json.data.id))).map((row) => Number(row.id)))
    const placed = new Set(await ordersOf())
    for (const entry of orders.filter(acknowledged)) expect(placed.has(Number(entry.answer?.json.data.id)), entry.key).toBe(true)
    expect((await transferEntries(view, payer.userId)).size).toBe(claimedTransfers.size)
    expect(placed.size).toBe(claimedOrders.size)

    // Re-send EVERY key: an applied one replays its answer, the others apply now, once.
    const resent = await resendAll(sent, send)
    for (const [i, answer] of resent.entries()) {
      const original = sent[i]
      expect(answer.json?.code, `${original?.key}: ${answer.text}`).toBe(BB_OK)
      if (original && acknowledged(original)) expect(answer.text, original.key).toBe(original.answer?.text)
    }
    // Nothing doubled: one ledger entry per transfer key, one order per order key, the balance moved by exactly the amounts sent.
    const entries = await transferEntries(view, payer.userId)
    expect(entries.size).toBe(transfers.length)
    expect(await balanceOf(view, payer.userId, ACCOUNT_TYPES.contract, 'USDT')).toEqual({ available: sum(transfers.map((entry) => entry.amount)), frozen: '0' })
    const finalOrders = await ordersOf()
    expect(new Set(finalOrders).size).toBe(orders.length)
    expect(new Set(resent.filter((_, i) => sent[i]?.kind === 'spot').map((answer) => Number(answer.json?.data.id)))).toEqual(new Set(finalOrders))
    await expectAdminVerifyClean(view)

    const figures = faults.map((each) => {
      const phase = sent.filter((entry) => entry.startedAt >= each.from && entry.startedAt < each.until)
      return `${each.name}: ${phase.length} calls, ${phase.filter(refusedForNow).length} answered 503, ${phase.filter(acknowledged).length} acknowledged`
    })
    const lost = [...transfers, ...orders].filter((entry) => acknowledged(entry) && !(entry.kind === 'transfer' ? claimedTransfers : claimedOrders).has(entry.key)).length
    console.log(
      [
        `cluster outage: ${sent.length} keyed calls (${transfers.length} transfers, ${orders.length} spot orders), ${sent.filter(refusedForNow).length} answered 503, ${sent.filter(acknowledged).length} acknowledged, slowest ${slowest} ms, ${killed} connections killed`,
        ...figures.map((line) => `  ${line}`),
        `  re-sent all ${sent.length}: lost ${lost}, duplicated ${entries.size - transfers.length + finalOrders.length - orders.length}`,
      ].join('\n'),
    )
  }, 120_000)
})

/** Sends every entry again, SENDERS at a time, and answers the answers in the same order. */
async function resendAll(sent: readonly Sent[], send: (entry: Sent) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = []
  let next = 0
  const sender = async () => {
    while (next < sent.length) {
      const i = next++
      const entry = sent[i]
      if (entry) answers[i] = await send(entry)
    }
  }
  await Promise.all(Array.from({ length: SENDERS * 2 }, sender))
  return answers
}
