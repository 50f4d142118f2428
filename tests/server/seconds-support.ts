// Helpers of the seconds-contract tests: the simulated feed's price at any instant (the same
// function the server settles with), a search for open instants that give a wanted outcome, order
// placement, waiting for the scheduler, and a server built on data the test keeps (restarts).
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BigNumber } from 'bignumber.js'
import type { FastifyInstance } from 'fastify'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG, type ServerConfig } from '../../server/config.ts'
import { findPair } from '../../server/market/pairs.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { type Answer, type TestServer, startServer } from './harness.ts'
import { type DatabaseLocation, freshDatabase, openTestDatabase, withDatabase } from './test-database.ts'

const sim = createSimSource(DEFAULT_CONFIG.marketSeed, () => 0)

/** The simulated feed's price of a pair (symbol 'btcusdt') at an instant (ms). */
export function priceAt(symbol: string, ms: number): string {
  const pair = findPair(symbol)
  if (!pair || !sim.priceAt) throw new Error(`no price for ${symbol}`)
  return sim.priceAt(pair, ms)
}

export type Move = 'up' | 'down' | 'flat'

export const moveOf = (open: string, settle: string): Move => {
  const compared = new BigNumber(settle).comparedTo(open)
  return compared === 0 ? 'flat' : compared !== null && compared > 0 ? 'up' : 'down'
}

/** The first instant ≥ from (whole seconds + 250 ms) at which an order of `seconds` sees `move`. */
export function findInstant(symbol: string, seconds: number, move: Move, from: number): number {
  const start = Math.ceil(from / 1000) * 1000 + 250
  for (let at = start; at < start + 86_400_000; at += 1000) {
    if (moveOf(priceAt(symbol, at), priceAt(symbol, at + seconds * 1000)) === move) return at
  }
  throw new Error(`no ${move} instant for ${symbol} within a day`)
}

/** A server with the test duration of 5 s on offer. */
export const startSecondsServer = (overrides: Partial<ServerConfig> = {}): Promise<TestServer> =>
  startServer({ secondsExtraDuration: 5, ...overrides })

export interface OrderFields {
  openAmount: string
  baseCoin?: string
  quoteCoin?: string
  positionTime: string
  tradeType: string
}

export const place = (server: TestServer, headers: Record<string, string>, fields: OrderFields, extra: Record<string, string> = {}): Promise<Answer> =>
  server.post(SECONDS_PATHS.createOrder, { baseCoin: 'BTC', quoteCoin: 'USDT', ...fields }, { ...headers, ...extra })

export async function orderById(server: TestServer, headers: Record<string, string>, id: string) {
  const answer = await server.post(SECONDS_PATHS.recordById, { id }, headers)
  if (answer.json?.code !== 200) throw new Error(`getContractRecordById failed: ${answer.text}`)
  return answer.json.result
}

/** Polls until `check` answers a value (not undefined), at most timeoutMs of real time. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('waitFor: timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Waits until the order is settled and answers it. */
export const settled = (server: TestServer, headers: Record<string, string>, id: string, timeoutMs?: number) =>
  waitFor(async () => {
    const order = await orderById(server, headers, id)
    return order.status === 2 ? order : undefined
  }, timeoutMs)

export interface KeptServer {
  app: FastifyInstance
  url: string
  post(path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Answer>
}

/** Data a test keeps across server restarts: a temp DATA_DIR and a fresh database of the run's engine. */
export interface KeptData extends DatabaseLocation {
  /** The data seen as the harness's TestServer, for the helpers that read through it (withDb, snapshot, balanceOf). */
  view: TestServer
  remove(): Promise<void>
}

export async function keepData(prefix: string): Promise<KeptData> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix))
  // Empty, not a copy of the migrated template: some tests make it another application's database.
  const database = await freshDatabase(dataDir)
  const location: DatabaseLocation = { dataDir, databaseUrl: database.databaseUrl }
  const view = { dataDir, database: location, openDb: () => openTestDatabase(location), withDb: (read) => withDatabase(location, read) } as Partial<TestServer>
  return {
    ...location,
    view: view as TestServer,
    async remove() {
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A server on data the caller owns (closing it keeps the data), on the caller's clock: a kept
 * DatabaseLocation, or a bare DATA_DIR (its SQLite file, whatever the run's engine).
 */
export async function buildOn(data: string | DatabaseLocation, clock: { now: number }): Promise<KeptServer> {
  const { dataDir, databaseUrl } = typeof data === 'string' ? { dataDir: data, databaseUrl: undefined } : data
  const config: ServerConfig = { ...DEFAULT_CONFIG, dataDir, databaseUrl, staticDir: `${dataDir}/dist`, secondsExtraDuration: 5, stepUpSeconds: 0 }
  const app = await buildServer({ config, now: () => clock.now })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return {
    app,
    url,
    async post(path, form, headers = {}) {
      const response = await fetch(url + path, {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      })
      const text = await response.text()
      return { status: response.status, headers: response.headers, text, json: JSON.parse(text) }
    },
  }
}
