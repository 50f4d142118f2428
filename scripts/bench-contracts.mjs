// The leveraged contracts' part of `npm run bench` (architecture §8), used by bench.mjs:
//   - contractOpenTarget / contractCloseTarget: autocannon targets that open market positions
//     (0.001 BTC long at 100×, each with its own idempotency key) and close each of them once;
//   - measureContractPass: the trigger pass over 10,000 open positions, in this process on a
//     database of its own — a tick that crosses nothing (the usual one), an hour of catch-up after
//     downtime, and a second that closes all 10,000 at once.
// A benchmark, not a test: figures are printed against the budget, never an exit code.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FORM, oncePerIdTarget, withKey } from './bench-targets.mjs'
import { root } from './lib.mjs'


/** Puts USDT into the demo account's contract account through the admin tool. */
export function creditContract(dataDir, email, amount) {
  const result = spawnSync(process.execPath, ['server/admin/cli.ts', 'credit', email, 'USDT', amount, 'contract'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`admin credit failed: ${result.stderr || result.stdout}`)
}

/** Market longs of 0.001 BTC at 100× (about 0.8 USDT of margin each); the ids are kept for the closes. */
export function contractOpenTarget(token, ids) {
  const refused = { count: 0 }
  return {
    name: 'contract open (market, 100×)',
    path: '/contract/futures/open',
    body: 'symbol=btcusdt&direction=1&leverage=100&entryType=1&quantity=0.001',
    headers: { ...FORM, 'access-token': token },
    refused,
    requests: [{
      setupRequest: withKey,
      onResponse: (status, body) => {
        const answer = status === 200 ? JSON.parse(body) : undefined
        if (answer?.code === 1) ids.push(answer.data.id)
        else refused.count += 1
      },
    }],
  }
}

/** Closes the positions opened above, each once: as many requests as there are positions. */
export const contractCloseTarget = (token, ids) => oncePerIdTarget('contract close (whole)', '/contract/futures/close', token, ids)

const POSITIONS = 10_000
const SYMBOLS = ['btcusdt', 'ethusdt', 'ltcusdt', 'eosusdt', 'adausdt', 'xrpusdt', 'dogeusdt']
const LOT = { btcusdt: '0.001', ethusdt: '0.01', ltcusdt: '0.1', eosusdt: '10', adausdt: '10', xrpusdt: '10', dogeusdt: '100' }

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

/** Opens `count` positions through the engine itself; `fields(i, last)` says which. */
async function openMany(engine, ctx, count, fields) {
  const { openPosition } = await import('../server/contracts/open.ts')
  for (let i = 0; i < count; i++) {
    const answer = await openPosition(ctx, engine, 1, fields(i), undefined)
    if (answer.code !== 1) throw new Error(`could not open position ${i}: ${answer.msg}`)
  }
}

/** The pass over 10,000 open positions; answers the lines to print. */
export async function measureContractPass() {
  const { openSqlite } = await import('../server/db/sqlite.ts')
  const { migrate } = await import('../server/db/migrate.ts')
  const { creditFromOutside } = await import('../server/ledger/operations.ts')
  const { createContractEngine } = await import('../server/contracts/pass.ts')
  const { createSimSource } = await import('../server/market/sim-source.ts')
  const { findPair } = await import('../server/market/pairs.ts')
  const { DEFAULT_CONFIG } = await import('../server/config.ts')
  const dir = mkdtempSync(join(tmpdir(), 'exchange-bench-pass-'))
  // The server's own SQLite opening (WAL, foreign keys) behind the async seam every engine speaks.
  const db = openSqlite(join(dir, 'exchange.sqlite'))
  try {
    await migrate(db)
    let now = Date.UTC(2026, 9, 1, 12, 0, 0, 250)
    const log = { error: (fields) => console.error(String(fields.err)), info: () => {}, warn: () => {} }
    const ctx = { db, now: () => now, log, config: DEFAULT_CONFIG }
    const market = createSimSource(DEFAULT_CONFIG.marketSeed, () => now)
    const engine = createContractEngine(ctx, market)
    await db.run(`INSERT INTO users (id, uid, email, password_hash, invitation_code, created_at) VALUES (1, 'B1', 'bench@contracts', 'h', 'BENCH001', 0)`)
    await creditFromOutside(db, { userId: 1, accountType: 2, currency: 'USDT', amount: '100000000', kind: 'credit', memo: 'bench', now })
    const last = (symbol) => Number(market.priceAt(findPair(symbol), now))
    const decimals = (symbol) => findPair(symbol).precision
    // Take profits 0.5–3.5 % away, stop losses half of that, at 5–20×: an hour of the simulated path
    // reaches some, the rest stay open.
    await openMany(engine, ctx, POSITIONS, (i) => {
      const symbol = SYMBOLS[i % SYMBOLS.length]
      const long = i % 2 === 0
      const away = 0.005 + (i % 7) / 200
      const price = (share) => (last(symbol) * (1 + share)).toFixed(decimals(symbol))
      return {
        symbol, direction: long ? '1' : '2', leverage: String([5, 10, 20][i % 3]), entryType: '1', quantity: LOT[symbol],
        stopLoss: price(long ? -away / 2 : away / 2), takeProfit: price(long ? away : -away),
      }
    })
    await engine.walk.pass()
    const ticks = []
    for (let i = 0; i < 40; i++) {
      now += 250
      const started = performance.now()
      await engine.walk.pass()
      ticks.push(performance.now() - started)
    }
    const open = async () => Number((await db.get('SELECT count(*) AS n FROM contract_positions WHERE status = 2')).n)
    const before = await open()
    now += 3_600_000
    let started = performance.now()
    let acted = 0
    for (let round = 0; round < 10; round++) {
      const result = await engine.walk.pass()
      acted += result.acted
      if (!result.behind) break
    }
    const catchUp = performance.now() - started
    // All at once: 10,000 more BTC longs whose stop loss is one tick under their entry.
    const btc = findPair('btcusdt')
    const massAt = now
    await openMany(engine, ctx, POSITIONS, () => ({
      symbol: 'btcusdt', direction: '1', leverage: '10', entryType: '1', quantity: '0.001',
      stopLoss: (last('btcusdt') - 10 ** -btc.precision).toFixed(btc.precision),
    }))
    let second = Math.floor(massAt / 1000) + 1
    while (Number(market.priceAt(btc, second * 1000)) >= last('btcusdt')) second += 1
    now = second * 1000 + 100
    started = performance.now()
    const mass = await engine.walk.pass()
    const massMs = performance.now() - started
    return [
      `contracts pass, one 250 ms tick over ${before} open positions that crosses nothing: median ${median(ticks).toFixed(2)} ms (max ${Math.max(...ticks).toFixed(2)} ms)`,
      `contracts pass, one hour of catch-up over them: ${catchUp.toFixed(0)} ms, ${acted} stopped or taken profit (${await open()} still open)`,
      `contracts pass, one second that stops ${mass.acted} positions at once: ${massMs.toFixed(0)} ms (${(massMs / Math.max(1, mass.acted) * 1000).toFixed(0)} µs a position)`,
    ]
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
