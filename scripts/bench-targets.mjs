// What the write benchmarks share (bench.mjs, bench-cluster.mjs, bench-contracts.mjs): the form
// header, a fresh idempotency key per request as the app sends its writes, a session and money for
// an account, the transfer and spot-placement targets — written as one account (the hot row) or
// spread over many, one account per connection — and the target that acts once on each id an
// earlier run collected (cancel each order placed, close each position opened).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { PAIR_PRECISION } from '../src/contract/market.ts'
import { AMOUNT_PRECISION, MIN_NOTIONAL } from '../src/contract/spot.ts'

const ROOT = join(import.meta.dirname, '..')

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

export const DEMO = { email: 'demo@exchange.local', password: 'Demo2026pass' }

let sequence = 0
/** Each request its own idempotency key. */
export const withKey = (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${++sequence}-${Date.now()}` } })

/** A form POST; answers the parsed envelope. */
export const post = (origin, path, body, headers = FORM) => fetch(origin + path, { method: 'POST', headers, body }).then((response) => response.json())

/** Logs in through the API; answers the session token. */
export async function login(origin, account, password) {
  const answer = await post(origin, '/bb/user/login', new URLSearchParams({ account, password }).toString())
  if (answer.code !== 1) throw new Error(`login of ${account} failed: ${JSON.stringify(answer)}`)
  return answer.data.token
}

/**
 * Runs the admin tool's `credit` for each grant ({ email, currency, amount, account? }) in this
 * process on one connection to `env`'s database (DATA_DIR, DATABASE_URL): the same command
 * `npm run admin -- credit` runs, without a process per account.
 */
export async function creditThroughAdmin(env, grants) {
  const { openAdminContext } = await import('../server/admin/context.ts')
  const { runCommand } = await import('../server/admin/commands.ts')
  const ctx = await openAdminContext(env)
  try {
    for (const { email, currency, amount, account = 'spot' } of grants) {
      const outcome = await runCommand(ctx, 'credit', [email, currency, amount, account])
      if (outcome.exitCode !== 0) throw new Error(`admin credit failed: ${outcome.err ?? outcome.out}`)
    }
  } finally {
    await ctx.db.close()
  }
}

/** Counts a response the server refused (not 200, or code ≠ 1) and hands an accepted answer's data to `accepted`. */
function refusalCounter(accepted = () => {}) {
  const refused = { count: 0 }
  const onResponse = (status, body) => {
    const answer = status === 200 ? JSON.parse(body) : undefined
    if (answer?.code === 1) accepted(answer.data)
    else refused.count += 1
  }
  return { refused, onResponse }
}

/** "one account" or "50 accounts", for the targets' names. */
const accountsLabel = (tokens) => (tokens.length === 1 ? 'one account' : `${tokens.length} accounts`)

/**
 * autocannon's setupClient: each new connection writes as the next of `tokens` and sends the next
 * of `bodies`, so that with as many connections as tokens no two connections share an account —
 * and so never queue on each other's funds lock (architecture §6 "Storage").
 */
function accountPerConnection(tokens, bodies) {
  let next = 0
  return (client) => {
    const index = next++
    client.setHeadersAndBody({ 'access-token': tokens[index % tokens.length] }, bodies[index % bodies.length])
  }
}

/** Tiny transfers spot → contract, each with its own idempotency key, as `tokens`' accounts (one per connection). */
export function transferTarget(tokens) {
  const { refused, onResponse } = refusalCounter()
  return {
    name: `transfer, ${accountsLabel(tokens)}`,
    path: '/contract/contract/transfer',
    headers: FORM,
    refused,
    setupClient: accountPerConnection(tokens, ['amount=0.00001&currency=USDT&type=1']),
    requests: [{ setupRequest: withKey, onResponse }],
  }
}

/**
 * A limit buy of `symbol` 8 % under its last price (inside the 10 % band, far from any fill, so it
 * rests in the book and freezes its money), of the smallest amount worth 1.2 × the minimum order
 * value at the base coin's precision.
 */
function restingBuyBody(symbol, last) {
  const price = (Number(last) * 0.92).toFixed(PAIR_PRECISION[symbol])
  const base = symbol.slice(0, -'usdt'.length).toUpperCase()
  const scale = 10 ** AMOUNT_PRECISION[base]
  const amount = (Math.ceil((Number(MIN_NOTIONAL.USDT) * 1.2 / Number(price)) * scale) / scale).toFixed(AMOUNT_PRECISION[base])
  return `symbol=${symbol}&side=1&type=1&price=${price}&amount=${amount}`
}

/**
 * Resting limit buys on the USDT pairs `symbols` (connection i on symbols[i mod n]) as `tokens`'
 * accounts (one per connection); the ids placed go to `ids` when given, for the cancels.
 */
export async function spotPlaceTarget(origin, tokens, { symbols = ['btcusdt'], ids } = {}) {
  const prices = await post(origin, '/bb/huobi/getPriceList', '')
  const bodies = symbols.map((symbol) => restingBuyBody(symbol, prices.data.find((item) => item.symbol === symbol).close))
  const { refused, onResponse } = refusalCounter((order) => ids?.push(order.id))
  const pairs = symbols.length === 1 ? symbols[0] : `${symbols.length} pairs`
  return {
    name: `spot place, ${accountsLabel(tokens)}, ${pairs}`,
    path: '/bb/spot/place',
    headers: FORM,
    refused,
    setupClient: accountPerConnection(tokens, bodies),
    requests: [{ setupRequest: withKey, onResponse }],
  }
}

/** One request per id (taken from the end of `ids`), the first tenth (at most 1,000) as warm-up; refusals counted. */
export function oncePerIdTarget(name, path, token, ids) {
  const { refused, onResponse } = refusalCounter()
  const warmUp = Math.min(1000, Math.floor(ids.length / 10))
  return {
    name,
    path,
    headers: { ...FORM, 'access-token': token },
    refused,
    warmUp: { amount: warmUp },
    run: { amount: ids.length - warmUp },
    requests: [{ setupRequest: (request) => withKey({ ...request, body: `id=${ids.pop()}` }), onResponse }],
  }
}

/**
 * Starts a server process (SQLite under `dataDir`, or whatever `env` names) on port 0 and reads the
 * port it got from its start-up banner; answers the child and a promise of its origin.
 */
export function startServerProcess(dataDir, env = {}) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', MARKET_SOURCE: 'sim', ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
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
