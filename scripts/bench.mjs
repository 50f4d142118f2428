// `npm run bench`: the server side of architecture §8. Starts the real server (node server/main.ts,
// simulated market) on a free 127.0.0.1 port with a temporary DATA_DIR, loads each market read
// with autocannon (-c 50, 10 s), then the writes — transfers, and spot orders placed (resting limit
// buys, so each one stays in the book) and cancelled again — prints requests per second and p99
// latency against the budget, and stops the server. A business refusal (code ≠ 1) counts as a
// failed write. A benchmark, not a test: a missed budget is reported, never an exit code.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureChartFirstDraw } from './bench-chart.mjs'
import { benchStorageLayouts } from './bench-cluster.mjs'
import { firstVisitReport } from './bench-first-visit.mjs'
import { loadCompressed } from './bench-wire.mjs'
import { contractCloseTarget, contractOpenTarget, creditContract, measureContractPass } from './bench-contracts.mjs'
import { creditThroughAdmin, DEMO, FORM, login, oncePerIdTarget, spotPlaceTarget, startServerProcess, transferTarget } from './bench-targets.mjs'
import { ensureDependencies } from './lib.mjs'

ensureDependencies()
const { default: autocannon } = await import('autocannon')

const BUDGET = { requestsPerSecond: 5_000, p99Ms: 20 }
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** What a browser sends. */
const BROWSER = { ...FORM, 'accept-encoding': 'gzip, deflate, br' }

// The kline is asked for uncompressed (~210 KB of JSON): the most bytes the server ever writes
// per request. A browser accepts brotli and gets ~47 KB, but autocannon's own HTTP parser is far
// slower on compressed bodies than the server is at sending them, so it would measure itself: the
// compressed kline is measured with the lean client of scripts/bench-wire.mjs (row "as a browser").
const TARGETS = [
  { name: 'getHuobiDetailsByQuoteCoin (USDT)', path: '/bb/huobi/getHuobiDetailsByQuoteCoin', body: 'quoteCoin=USDT', headers: BROWSER },
  { name: 'getKline btcusdt 1min 2000', path: '/bb/huobi/getKline', body: 'symbol=btcusdt&timer=1min&size=2000', headers: FORM },
  { name: 'getHuobiContractDepthV2 btcusdt 20', path: '/bb/huobi/getHuobiContractDepthV2', body: 'symbol=btcusdt&timer=step0&size=20', headers: BROWSER },
]


/**
 * Loads one target: a warm-up, then the measured run. A target may bound either run by a number of
 * requests instead of time (`warmUp`, `run`) and count the answers it refuses (`refused`, reset
 * after the warm-up).
 */
async function measure(origin, target) {
  const request = { url: origin + target.path, method: 'POST', headers: target.headers, body: target.body, requests: target.requests, setupClient: target.setupClient }
  // Warm up: the first answer of a second is computed, the rest are served from the cache.
  await autocannon({ ...request, connections: 10, ...(target.warmUp ?? { duration: 1 }) })
  if (target.refused) target.refused.count = 0
  const result = await autocannon({ ...request, connections: CONNECTIONS, ...(target.run ?? { duration: SECONDS }) })
  return {
    name: target.name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    mbPerSecond: result.throughput.average / 1e6,
    failures: result.non2xx + result.errors + result.timeouts + (target.refused?.count ?? 0),
  }
}

const WRITE_BUDGET = { requestsPerSecond: 1_000, p99Ms: 50 }

/** Cancels the orders placed above, each once: as many requests as there are orders. */
const spotCancelTarget = (token, ids) => oncePerIdTarget('spot cancel', '/bb/spot/cancel', token, ids)

const row = (result, budget) => {
  const within = result.rps >= budget.requestsPerSecond && result.p99 <= budget.p99Ms && result.failures === 0
  return `${pad(result.name, 40)}${padStart(result.rps, 9)}${padStart(result.p99, 9)}${padStart(result.mbPerSecond.toFixed(1), 9)}${padStart(result.failures, 9)}  ${within ? 'met' : 'MISSED'}`
}

const pad = (text, width) => String(text).padEnd(width)
const padStart = (text, width) => String(text).padStart(width)

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-bench-'))
const { child, origin: started } = startServerProcess(dataDir)
let exitCode = 0
try {
  const origin = await started
  console.log(`\nMarket reads, autocannon -c ${CONNECTIONS} for ${SECONDS} s each against ${origin} (budget: ≥ ${BUDGET.requestsPerSecond} req/s, p99 ≤ ${BUDGET.p99Ms} ms)\n`)
  console.log(`${pad('call', 40)}${padStart('req/s', 9)}${padStart('p99 ms', 9)}${padStart('MB/s', 9)}${padStart('failed', 9)}  budget`)
  for (const target of TARGETS) console.log(row(await measure(origin, target), BUDGET))
  const kline = TARGETS[1]
  const wire = await loadCompressed({ origin, path: kline.path, body: kline.body, headers: BROWSER, connections: CONNECTIONS, seconds: SECONDS })
  console.log(row({ name: `getKline 2000, br as a browser (${(wire.bytesPerAnswer / 1024).toFixed(0)} KB)`, ...wire }, BUDGET))
  const token = await login(origin, DEMO.email, DEMO.password)
  console.log(`\nWrites of the demo account (budget: ≥ ${WRITE_BUDGET.requestsPerSecond} req/s, p99 ≤ ${WRITE_BUDGET.p99Ms} ms)`)
  console.log(row(await measure(origin, transferTarget([token])), WRITE_BUDGET))
  // Each resting buy holds about 6 USDT: at the rates measured, far more than the demo account's 10,000.
  await creditThroughAdmin({ ...process.env, DATA_DIR: dataDir }, [{ email: DEMO.email, currency: 'USDT', amount: '10000000' }])
  const ids = []
  console.log(row(await measure(origin, await spotPlaceTarget(origin, [token], { ids })), WRITE_BUDGET))
  console.log(row(await measure(origin, spotCancelTarget(token, ids)), WRITE_BUDGET))
  // Leveraged positions: market opens (about 0.8 USDT of margin each) and each one closed again.
  creditContract(dataDir, DEMO.email, '10000000')
  const positions = []
  console.log(row(await measure(origin, contractOpenTarget(token, positions)), WRITE_BUDGET))
  console.log(row(await measure(origin, contractCloseTarget(token, positions)), WRITE_BUDGET))
  console.log('\n(autocannon and the server share this machine’s cores; the budget is for 2 cores.)')
} catch (error) {
  console.error(`bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
} finally {
  child.kill('SIGTERM')
  await new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', resolve)
    setTimeout(() => {
      child.kill('SIGKILL')
      resolve()
    }, 10_000).unref()
  })
  rmSync(dataDir, { recursive: true, force: true })
}

// The same reads and writes per storage layout: SQLite, PostgreSQL with 1 and 3 instances (scripts/bench-cluster.mjs).
try {
  console.log('')
  await benchStorageLayouts()
} catch (error) {
  console.error(`storage layout bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
}

// The contracts' trigger pass over 10,000 open positions, in this process on a database of its own.
try {
  console.log('')
  for (const line of await measureContractPass()) console.log(line)
} catch (error) {
  console.error(`contracts pass bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
}

// The browser side: the chart's first draw, measured with the server idle again.
try {
  const { samples, medianMs, budgetMs } = await measureChartFirstDraw()
  const verdict = medianMs <= budgetMs ? 'met' : 'MISSED'
  console.log(`\n2000-candle chart, first draw in Chromium: median ${medianMs.toFixed(1)} ms (runs: ${samples.map((ms) => ms.toFixed(1)).join(', ')}; budget ≤ ${budgetMs} ms) ${verdict}`)
} catch (error) {
  console.error(`chart bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
}

// A phone's first visit: bytes on the wire, request chain depth, Lighthouse (scripts/bench-first-visit.mjs).
try {
  console.log('')
  for (const line of await firstVisitReport()) console.log(line)
} catch (error) {
  console.error(`first-visit bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
}
process.exit(exitCode)
