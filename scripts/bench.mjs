// `npm run bench`: the server side of architecture §8. Starts the real server (node server/main.ts,
// simulated market) on a free 127.0.0.1 port with a temporary DATA_DIR, loads each market read
// with autocannon (-c 50, 10 s), prints requests per second and p99 latency against the budget,
// and stops the server. A benchmark, not a test: a missed budget is reported, never an exit code.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureChartFirstDraw } from './bench-chart.mjs'
import { ensureDependencies, root } from './lib.mjs'

ensureDependencies()
const { default: autocannon } = await import('autocannon')

const BUDGET = { requestsPerSecond: 5_000, p99Ms: 20 }
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
/** What a browser sends. */
const BROWSER = { ...FORM, 'accept-encoding': 'gzip, deflate, br' }

// The kline is asked for uncompressed (~210 KB of JSON): the most bytes the server ever writes
// per request. A browser accepts gzip and gets ~50 KB, but autocannon's own HTTP parser is far
// slower on compressed bodies than the server is at sending them, so it would measure itself.
const TARGETS = [
  { name: 'getHuobiDetailsByQuoteCoin (USDT)', path: '/bb/huobi/getHuobiDetailsByQuoteCoin', body: 'quoteCoin=USDT', headers: BROWSER },
  { name: 'getKline btcusdt 1min 2000', path: '/bb/huobi/getKline', body: 'symbol=btcusdt&timer=1min&size=2000', headers: FORM },
  { name: 'getHuobiContractDepthV2 btcusdt 20', path: '/bb/huobi/getHuobiContractDepthV2', body: 'symbol=btcusdt&timer=step0&size=20', headers: BROWSER },
]

/** Starts the server on port 0 and reads the port it got from its start-up banner. */
function startServer(dataDir) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MARKET_SOURCE: 'sim' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const origin = new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000)
    child.stdout.on('data', (chunk) => {
      seen += chunk
      const match = seen.match(/App: (http:\/\/127\.0\.0\.1:\d+)\//)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.on('exit', (code) => reject(new Error(`the server exited with code ${code}`)))
  })
  return { child, origin }
}

async function measure(origin, target) {
  const request = { url: origin + target.path, method: 'POST', headers: target.headers, body: target.body, requests: target.requests }
  // Warm up: the first answer of a second is computed, the rest are served from the cache.
  await autocannon({ ...request, connections: 10, duration: 1 })
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS })
  return {
    name: target.name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    mbPerSecond: result.throughput.average / 1e6,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

const WRITE_BUDGET = { requestsPerSecond: 1_000, p99Ms: 50 }

/** Tiny transfers of the demo account, each with its own idempotency key, as the app sends them. */
async function transferTarget(origin) {
  const login = await fetch(`${origin}/bb/user/login`, {
    method: 'POST',
    headers: FORM,
    body: 'account=demo%40exchange.local&password=Demo2026pass',
  }).then((response) => response.json())
  let sequence = 0
  return {
    name: 'transfer 0.00001 USDT spot → contract',
    path: '/contract/contract/transfer',
    body: 'amount=0.00001&currency=USDT&type=1',
    headers: { ...FORM, 'access-token': login.data.token },
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${++sequence}-${Date.now()}` } }) }],
  }
}

const pad = (text, width) => String(text).padEnd(width)
const padStart = (text, width) => String(text).padStart(width)

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-bench-'))
const { child, origin: started } = startServer(dataDir)
let exitCode = 0
try {
  const origin = await started
  console.log(`\nMarket reads, autocannon -c ${CONNECTIONS} for ${SECONDS} s each against ${origin} (budget: ≥ ${BUDGET.requestsPerSecond} req/s, p99 ≤ ${BUDGET.p99Ms} ms)\n`)
  console.log(`${pad('call', 40)}${padStart('req/s', 9)}${padStart('p99 ms', 9)}${padStart('MB/s', 9)}${padStart('failed', 9)}  budget`)
  for (const target of TARGETS) {
    const row = await measure(origin, target)
    const within = row.rps >= BUDGET.requestsPerSecond && row.p99 <= BUDGET.p99Ms && row.failures === 0
    console.log(
      `${pad(row.name, 40)}${padStart(row.rps, 9)}${padStart(row.p99, 9)}${padStart(row.mbPerSecond.toFixed(1), 9)}${padStart(row.failures, 9)}  ${within ? 'met' : 'MISSED'}`,
    )
  }
  const write = await measure(origin, await transferTarget(origin))
  const writeWithin = write.rps >= WRITE_BUDGET.requestsPerSecond && write.p99 <= WRITE_BUDGET.p99Ms && write.failures === 0
  console.log(`\nWrites (budget: ≥ ${WRITE_BUDGET.requestsPerSecond} req/s, p99 ≤ ${WRITE_BUDGET.p99Ms} ms)`)
  console.log(
    `${pad(write.name, 40)}${padStart(write.rps, 9)}${padStart(write.p99, 9)}${padStart(write.mbPerSecond.toFixed(1), 9)}${padStart(write.failures, 9)}  ${writeWithin ? 'met' : 'MISSED'}`,
  )
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

// The browser side: the chart's first draw, measured with the server idle again.
try {
  const { samples, medianMs, budgetMs } = await measureChartFirstDraw()
  const verdict = medianMs <= budgetMs ? 'met' : 'MISSED'
  console.log(`\n2000-candle chart, first draw in Chromium: median ${medianMs.toFixed(1)} ms (runs: ${samples.map((ms) => ms.toFixed(1)).join(', ')}; budget ≤ ${budgetMs} ms) ${verdict}`)
} catch (error) {
  console.error(`chart bench could not run: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
}
process.exit(exitCode)
