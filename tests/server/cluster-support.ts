// Helpers of the cross-process tests (architecture §6 "Storage and scale-out"): real server
// processes (`node server/main.ts`, what `npm start` and `npm run cluster` run) on ONE database of
// the run's engine, nginx in front of them built from scripts/cluster-lib.mjs's own config, and a
// view of the shared data through which the harness's helpers (fundedUser, snapshot, balanceOf,
// admin verify) work as they do against an in-process server. Every child is tracked by its handle
// and killed by `stopAll()`; a test file calls it in afterAll, so nothing outlives a failed run.
import { type ChildProcess, spawn } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { str } from '../../server/db/rows.ts'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { ensureNginx, nginxConfig } from '../../scripts/cluster-lib.mjs'
import { freePort } from '../../scripts/free-port.mjs'
import { readMailCode } from '../support/outbox.ts'
import { admin } from './admin-cli.ts'
import { type Answer, answer, type TestServer } from './harness.ts'
import { type KeptData, keepData } from './seconds-support.ts'
import type { DatabaseLocation } from './test-database.ts'

const ROOT = join(import.meta.dirname, '../..')
const READY = /App: http:\/\/127\.0\.0\.1:(\d+)\//
const START_TIMEOUT_MS = 30_000
/** A call that has not answered in this long has failed (bounded waits everywhere). */
const CALL_TIMEOUT_MS = 20_000
const KEPT_OUTPUT = 1024 * 1024

export interface ServerProcess {
  url: string
  port: number
  child: ChildProcess
  /** What it printed (at least the last MB of stdout and stderr), for failure messages and log checks. */
  output(): string
  /** Resolves once the process has exited (at once if it already had). */
  exited: Promise<void>
}

export interface Proxy {
  url: string
  child: ChildProcess
}

/** A POST as the app sends it (form body), with a bounded wait. */
export async function postTo(url: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url + path, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  })
  return answer(response)
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Every process one test file starts. Servers are killed with SIGKILL (they hold nothing a test
 * needs after it), nginx with SIGTERM and then SIGKILL, since its workers would outlive a killed
 * master. A vitest worker that dies first still takes them down through the 'exit' hook.
 */
export class ProcessGroup {
  readonly #children = new Set<ChildProcess>()
  readonly #proxies = new Set<ChildProcess>()
  readonly #dirs: string[] = []
  readonly #onExit = () => {
    for (const child of this.#children) child.kill('SIGKILL')
  }

  constructor() {
    process.once('exit', this.#onExit)
  }

  #track(child: ChildProcess): ChildProcess {
    this.#children.add(child)
    child.once('exit', () => this.#children.delete(child))
    return child
  }

  /** One server process on `data`'s database; resolves once it listens. */
  async startServer(data: DatabaseLocation, env: Record<string, string> = {}): Promise<ServerProcess> {
    // Only what the server reads: the test runner's own NODE_OPTIONS would slow every start.
    const child = this.#track(
      spawn(process.execPath, ['server/main.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: data.dataDir,
          STATIC_DIR: join(data.dataDir, 'dist'),
          ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
          // The tests predict prices with the simulation of this seed.
          MARKET_SEED: DEFAULT_CONFIG.marketSeed,
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
      // Trimmed now and then, not on every chunk: a busy server's log must not cost the test time.
      if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    const exited = exitOf(child)
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS)
      const look = () => {
        const found = READY.exec(output)
        if (!found) return
        clearTimeout(timer)
        child.stdout?.off('data', look)
        resolve(Number(found[1]))
      }
      child.stdout?.on('data', look)
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`a server exited (${child.exitCode ?? child.signalCode}) before it listened:\n${output}`))
      })
    })
    return { url: `http://127.0.0.1:${port}`, port, child, output: () => output, exited }
  }

  /** `count` servers on one database: the first migrates and seeds alone, the others start together (as cluster-lib does). */
  async startServers(data: DatabaseLocation, count: number, env: Record<string, string> = {}): Promise<ServerProcess[]> {
    const first = await this.startServer(data, env)
    const others = await Promise.all(Array.from({ length: count - 1 }, () => this.startServer(data, env)))
    return [first, ...others]
  }

  /** nginx on a free port in front of `upstreams`, with the cluster's own config (scripts/cluster-lib.mjs). */
  async startNginx(upstreams: ServerProcess[]): Promise<Proxy> {
    const nginx = ensureNginx()
    const dir = await mkdtemp(join(tmpdir(), 'exchange-cluster-nginx-'))
    this.#dirs.push(dir)
    // As root nginx's workers run as www-data, which must reach the temp folders inside.
    await chmod(dir, 0o755)
    const port = await freePort()
    const configFile = join(dir, 'nginx.conf')
    await writeFile(configFile, nginxConfig({ dir, port, upstreams: upstreams.map((server) => `127.0.0.1:${server.port}`) }))
    const child = this.#track(spawn(nginx, ['-c', configFile, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] }))
    this.#proxies.add(child)
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    const url = `http://127.0.0.1:${port}`
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errors}`)
      try {
        await fetch(`${url}/`, { redirect: 'manual', signal: AbortSignal.timeout(2000) })
        return { url, child }
      } catch {
        if (Date.now() > deadline) throw new Error(`nginx did not answer on port ${port}:\n${errors}`)
        await pause(100)
      }
    }
  }

  async stopAll(): Promise<void> {
    const children = [...this.#children]
    for (const child of children) child.kill(this.#proxies.has(child) ? 'SIGTERM' : 'SIGKILL')
    await Promise.all(
      children.map(async (child) => {
        const exited = exitOf(child)
        if (await Promise.race([exited.then(() => true), pause(5000).then(() => false)])) return
        child.kill('SIGKILL')
        await exited
      }),
    )
    process.off('exit', this.#onExit)
    await Promise.all(this.#dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }
}

/** What a server logged at level error or fatal (pino's 50 and 60): there must be nothing. */
export const loggedErrors = (server: ServerProcess): string[] =>
  server.output().split('\n').filter((line) => /"level":(50|60)\b/.test(line))

/** A fresh database of the run's engine with a DATA_DIR, shared by every process of one test file. */
export const sharedData = (): Promise<KeptData> => keepData('exchange-cluster-')

export interface SharedServers {
  group: ProcessGroup
  /** The shared database (throws before beforeAll ran). */
  data(): KeptData
  servers(): ServerProcess[]
  /** The i-th server, round robin: spreads callers over the processes. */
  server(i: number): ServerProcess
}

/** Registers the file's beforeAll/afterAll: `count` server processes on one fresh shared database. */
export function useSharedServers(count: number, env: Record<string, string> = {}): SharedServers {
  const group = new ProcessGroup()
  let data: KeptData | undefined
  let servers: ServerProcess[] = []
  beforeAll(async () => {
    data = await sharedData()
    servers = await group.startServers(data, count, env)
  }, 60_000)
  afterAll(async () => {
    await group.stopAll()
    await data?.remove()
  }, 30_000)
  return {
    group,
    data() {
      if (!data) throw new Error('the shared database was not created')
      return data
    },
    servers: () => servers,
    server(i) {
      const found = servers[i % servers.length]
      if (!found) throw new Error('the servers did not start')
      return found
    },
  }
}

/**
 * The shared data seen as the harness's TestServer, calling the server at `url` (a process or
 * nginx): fundedUser, snapshot, balanceOf and admin() then work as they do in-process.
 */
export function viewThrough(data: KeptData, url: string): TestServer {
  return {
    ...data.view,
    url,
    post: (path, form = {}, headers = {}) => postTo(url, path, form, headers),
    readCode: async (email) => readMailCode(data.dataDir, email),
  }
}

/** A keyed spot → contract transfer of USDT. */
export const keyedTransfer = (url: string, headers: Record<string, string>, key: string, amount: string): Promise<Answer> =>
  postTo(url, ASSET_PATHS.transfer, { amount, currency: 'USDT', type: '1' }, { ...headers, [IDEMPOTENCY_HEADER]: key })

/** The ledger's transfers of one user, by entry id: what each moved into the contract account. */
export async function transferEntries(view: TestServer, userId: number): Promise<Map<number, string>> {
  const rows = await view.withDb((db) =>
    db.all(
      `SELECT e.id AS id, p.amount AS amount FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
       WHERE e.kind = 'transfer' AND p.user_id = ? AND p.account_type = 2 AND p.bucket = 'available' ORDER BY e.id`,
      userId,
    ),
  )
  return new Map(rows.map((row) => [Number(row.id), str(row, 'amount')]))
}

/** The ledger entry an answered transfer's record points at (undefined: no such record). */
export async function entryOfRecord(view: TestServer, recordId: string): Promise<number | undefined> {
  const row = await view.withDb((db) => db.get('SELECT entry_id FROM asset_records WHERE id = ?', Number(recordId)))
  return row === undefined || row.entry_id === null ? undefined : Number(row.entry_id)
}

/** The keys a user has claimed so far (each claimed in the transaction of its money move). */
export async function claimedKeys(view: TestServer, userId: number): Promise<Set<string>> {
  const rows = await view.withDb((db) => db.all('SELECT key FROM idempotency_keys WHERE user_id = ?', userId))
  return new Set(rows.map((row) => str(row, 'key')))
}

/** `npm run admin -- verify` as an operator runs it beside the servers: exit 0 and "consistent". */
export async function expectAdminVerifyClean(view: TestServer): Promise<void> {
  const run = await admin(view, 'verify')
  expect(run.stderr).toBe('')
  expect(run.stdout).toMatch(/^ledger consistent: \d+ entries/)
  expect(run.code).toBe(0)
}

/** A user's balances that are below zero (there must be none). */
export const negativeBalancesOf = (view: TestServer, userId: number) =>
  view.withDb(async (db) =>
    (await db.all('SELECT account_type, currency, available, frozen FROM balances WHERE user_id = ?', userId)).filter(
      (row) => str(row, 'available').startsWith('-') || str(row, 'frozen').startsWith('-'),
    ),
  )

/**
 * A pass run over and over from the test process itself, on its own connection, racing the
 * servers' ticks. stop() ends it and answers what its passes did; a pass that throws fails it.
 */
export function racingPasses(pass: () => Promise<number>, maxMs = 60_000): { stop(): Promise<number> } {
  const state = { running: true }
  const loop = (async () => {
    let done = 0
    const deadline = Date.now() + maxMs
    while (state.running && Date.now() < deadline) {
      done += await pass()
      await pause(40)
    }
    return done
  })()
  // Seen by stop(); until then a rejection must not count as unhandled.
  loop.catch(() => {})
  return {
    stop() {
      state.running = false
      return loop
    },
  }
}
