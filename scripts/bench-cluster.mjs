// The server's throughput per storage layout (architecture §6 "Storage", §8 budgets), part of
// `npm run bench` and runnable alone (`node scripts/bench-cluster.mjs`, Node 24): market reads (the
// pair list), transfers (each with its own idempotency key) and spot placement (resting limit
// buys), with autocannon (-c 50, BENCH_CLUSTER_SECONDS each after a 1 s warm-up) against
//   1. the embedded SQLite server alone (one process, direct);
//   2. PostgreSQL with 1 instance, measured direct and through nginx (what nginx itself costs);
//   3. PostgreSQL with 3 instances behind nginx (scripts/cluster-lib.mjs startCluster).
// Each write is measured twice: as the demo account alone ("one account": on PostgreSQL every
// request queues on that user's advisory lock, the hot-row ceiling) and spread over 50 accounts
// registered and funded before the runs, one per connection ("50 accounts": what the layout does
// for many users; spot orders spread over the USDT pairs too, so they do not all meet in one book).
// PostgreSQL runs as startCluster runs it (fsync and synchronous commit on); SQLite as the server
// always does (WAL, synchronous NORMAL). Everything listens on 127.0.0.1 on free ports, and
// everything started is stopped (each process waited for, bounded, then killed) and its temp dir
// removed. A benchmark, not a test: a missed budget is printed, never an exit code.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PAIR_CATALOGUE } from '../src/contract/market.ts'
import { readMailCode } from '../tests/support/outbox.ts'
import { startCluster } from './cluster-lib.mjs'
import { creditThroughAdmin, DEMO, FORM, login, post, spotPlaceTarget, startServerProcess, transferTarget } from './bench-targets.mjs'
import { ensureDependencies, root } from './lib.mjs'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5)
const READ_BUDGET = { requestsPerSecond: 5_000, p99Ms: 20 }
const WRITE_BUDGET = { requestsPerSecond: 1_000, p99Ms: 50 }
const SERVER_ENV = { LOG_LEVEL: 'warn', MARKET_SOURCE: 'sim' }
const STOP_WAIT_MS = 10_000

/** As many accounts as connections: each connection writes as its own user. */
const ACCOUNTS = CONNECTIONS
const ACCOUNT_PASSWORD = 'Bench2026pass'
const accountEmail = (index) => `bench-${index}@exchange.local`
/** Every USDT pair: the books the spread placements rest in (paid in USDT, the coin the accounts are funded in). */
const SPOT_SYMBOLS = PAIR_CATALOGUE.USDT.map((base) => `${base.toLowerCase()}usdt`)
// A few at a time: a login charges its attempt to the client's address before checking the
// password and takes it back after, so 30 logins in flight from one address are refused as
// guessing; and each account costs the server two password hashes.
const REGISTRATIONS_AT_ONCE = 10

/** Registers one account through the API (its email code read from the server's outbox, as its owner would) and logs in; answers the session token. */
async function openAccount(origin, dataDir, email) {
  const sent = await post(origin, '/bb/user/sendEmailCode', new URLSearchParams({ email }).toString())
  if (sent.code !== 1) throw new Error(`sendEmailCode for ${email} failed: ${JSON.stringify(sent)}`)
  const code = readMailCode(dataDir, email)
  const registered = await post(origin, '/bb/user/register', new URLSearchParams({ email, code, password: ACCOUNT_PASSWORD }).toString())
  if (registered.code !== 1) throw new Error(`register of ${email} failed: ${JSON.stringify(registered)}`)
  return await login(origin, email, ACCOUNT_PASSWORD)
}

/** Opens `emails`' accounts, REGISTRATIONS_AT_ONCE at a time; answers their tokens in order. */
async function openAccounts(origin, dataDir, emails) {
  const tokens = []
  for (let first = 0; first < emails.length; first += REGISTRATIONS_AT_ONCE) {
    tokens.push(...await Promise.all(emails.slice(first, first + REGISTRATIONS_AT_ONCE).map((email) => openAccount(origin, dataDir, email))))
  }
  return tokens
}

/**
 * The sessions the writes use: the demo account's and ACCOUNTS fresh ones, all funded through the
 * admin tool (each resting buy freezes about 6 USDT). Sessions are rows, so they hold on every
 * origin of the layout (architecture §6 "Storage").
 */
async function fundedSessions(layout) {
  const [, origin] = layout.origins[0]
  const emails = Array.from({ length: ACCOUNTS }, (_, index) => accountEmail(index))
  const accounts = await openAccounts(origin, layout.adminEnv.DATA_DIR, emails)
  await creditThroughAdmin(layout.adminEnv, [DEMO.email, ...emails].map((email) => ({ email, currency: 'USDT', amount: '1000000' })))
  return { demo: await login(origin, DEMO.email, DEMO.password), accounts }
}

/** The rows of one origin: the read, then each write as one account and spread over ACCOUNTS. */
async function targetsOf(origin, sessions) {
  return [
    pairListTarget(),
    asWrite(transferTarget([sessions.demo])),
    asWrite(transferTarget(sessions.accounts)),
    asWrite(await spotPlaceTarget(origin, [sessions.demo])),
    asWrite(await spotPlaceTarget(origin, sessions.accounts, { symbols: SPOT_SYMBOLS })),
  ]
}

const pairListTarget = () => ({ name: 'pair list (USDT)', path: '/bb/huobi/getHuobiDetailsByQuoteCoin', body: 'quoteCoin=USDT', headers: FORM, budget: READ_BUDGET })
const asWrite = (target) => ({ ...target, budget: WRITE_BUDGET })

async function measure(autocannon, origin, target) {
  const request = { url: origin + target.path, method: 'POST', headers: target.headers, body: target.body, requests: target.requests, setupClient: target.setupClient }
  await autocannon({ ...request, connections: 10, duration: 1 })
  if (target.refused) target.refused.count = 0
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS })
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts + (target.refused?.count ?? 0) }
}

/** What the admin tool needs to reach a layout's database: its DATA_DIR, and DATABASE_URL on PostgreSQL. */
const adminEnvOf = (dataDir, databaseUrl) => ({ ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })

/** Waits for a child to exit, at most STOP_WAIT_MS, then kills it. */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      resolve()
    }, STOP_WAIT_MS)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** The SQLite server alone on a free port (its start-up banner says which). */
async function startSqliteLayout(dataDir) {
  const { child, origin: started } = startServerProcess(dataDir, SERVER_ENV)
  try {
    const origin = await started
    return { origins: [['SQLite, 1 server, direct', origin]], adminEnv: adminEnvOf(dataDir), stop: () => stopChild(child) }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}

/** startCluster with `instances` behind nginx; with one instance it is measured direct too. */
async function startPostgresLayout(dataDir, instances) {
  // mkdtemp makes it 0700; run as root, PostgreSQL runs as the postgres user, which must reach its data inside.
  chmodSync(dataDir, 0o711)
  const cluster = await startCluster({ root, dataDir, instances, port: 0, pgPort: 0, env: SERVER_ENV, log: () => {} })
  const origins = instances === 1 ? [[`PostgreSQL, 1 instance, direct`, `http://127.0.0.1:${cluster.instances[0].port}`]] : []
  origins.push([`PostgreSQL, ${instances} instance${instances === 1 ? '' : 's'}, nginx`, cluster.url])
  return { origins, adminEnv: adminEnvOf(join(dataDir, 'shared'), cluster.databaseUrl), stop: cluster.stop }
}

const pad = (text, width) => String(text).padEnd(width)
const padStart = (text, width) => String(text).padStart(width)
const row = (layout, name, result, budget) => {
  const within = result.rps >= budget.requestsPerSecond && result.p99 <= budget.p99Ms && result.failures === 0
  return `${pad(layout, 32)}${pad(name, 34)}${padStart(result.rps, 8)}${padStart(result.p99, 8)}${padStart(result.failures, 8)}  ${within ? 'met' : 'MISSED'}`
}

/** Runs the three layouts one after the other, printing each row as it is measured; answers nothing. */
export async function benchStorageLayouts({ print = console.log } = {}) {
  const { default: autocannon } = await import('autocannon')
  print(`Storage layouts: autocannon -c ${CONNECTIONS}, ${SECONDS} s per row after a 1 s warm-up, on ${availableParallelism()} cores (os.availableParallelism()), shared with autocannon`)
  print(`budgets: reads ≥ ${READ_BUDGET.requestsPerSecond} req/s, p99 ≤ ${READ_BUDGET.p99Ms} ms; writes ≥ ${WRITE_BUDGET.requestsPerSecond} req/s, p99 ≤ ${WRITE_BUDGET.p99Ms} ms\n`)
  print(`write rows: "one account" is the demo user on every connection; "${ACCOUNTS} accounts" gives each connection its own user, and spot orders one of the ${SPOT_SYMBOLS.length} USDT pairs each\n`)
  print(`${pad('layout', 32)}${pad('call', 34)}${padStart('req/s', 8)}${padStart('p99 ms', 8)}${padStart('failed', 8)}  budget`)
  const loads = []
  const sampler = setInterval(() => loads.push(loadavg()[0]), 1000)
  const layouts = [(dir) => startSqliteLayout(dir), (dir) => startPostgresLayout(dir, 1), (dir) => startPostgresLayout(dir, 3)]
  // Ctrl-C mid-run: PostgreSQL runs detached (pg_ctl), so it would outlive us without this.
  let current
  const interrupted = async () => {
    await current?.layout?.stop()
    if (current) rmSync(current.dir, { recursive: true, force: true })
    process.exit(130)
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, interrupted)
  try {
    for (const start of layouts) {
      const dir = mkdtempSync(join(tmpdir(), 'exchange-bench-layout-'))
      current = { dir }
      let layout
      try {
        layout = await start(dir)
        current.layout = layout
        const sessions = await fundedSessions(layout)
        for (const [name, origin] of layout.origins) {
          for (const target of await targetsOf(origin, sessions)) {
            print(row(name, target.name, await measure(autocannon, origin, target), target.budget))
          }
        }
      } finally {
        await layout?.stop()
        rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    clearInterval(sampler)
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, interrupted)
  }
  const mean = loads.reduce((sum, load) => sum + load, 0) / Math.max(loads.length, 1)
  print(`\nload average (1 min) while it ran: mean ${mean.toFixed(2)}, min ${Math.min(...loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureDependencies()
  try {
    await benchStorageLayouts()
  } catch (error) {
    console.error(`storage layout bench could not run: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
