// The periodic passes of two real server processes on ONE database race over the same work, and a
// pass run from the test process on a connection of its own races them too (architecture §6,
// "Engines that move money": every change is a conditional update in the transaction of its
// money). Seconds-contract orders of a 2 s duration settle exactly once, at the prices of their open
// and due instants; leveraged positions opened just before the price path moves (the simulation is
// known ahead) are liquidated, stopped out and taken profit on exactly once, at their first
// crossing second. One ledger entry per settlement or close, the balances as the outcomes say, the
// positions' holds equal to the frozen balances, no error logged, and `admin verify` clean.
import { BigNumber } from 'bignumber.js'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { num, str } from '../../server/db/rows.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { secondsPrices } from '../../server/seconds/prices.ts'
import { createSettlement } from '../../server/seconds/scheduler.ts'
import { balanceOf, fundedUser } from './assets-support.ts'
import { collectingLog, engineOn, heldProblems, lastAt, opened, type OpenFields, priceOf, type Row, ticksAt } from './contracts-support.ts'
import { moveOf, place, priceAt, waitFor } from './seconds-support.ts'
import {
  expectAdminVerifyClean,
  loggedErrors,
  pause,
  racingPasses,
  useSharedServers,
  viewThrough,
} from './cluster-support.ts'

// A 2 s seconds-contract duration, and a maintenance margin rate that puts a 100× position's
// liquidation about 0.001 % from its entry (README's configuration table).
const TEST_MMR = 0.00999
const ENV = { SECONDS_EXTRA_DURATION: '2', CONTRACT_TEST_MMR: String(TEST_MMR) }
/** The pairs with 100× on offer (and a quantity above their minimum): whichever moves first is used. */
const PAIRS = [
  { symbol: 'btcusdt', quantity: '0.002' },
  { symbol: 'ethusdt', quantity: '0.02' },
] as const
/** How far (ticks) the path must move past an entry of `ticks`: beyond a 100× liquidation, with room. */
const moveFor = (ticks: number): number => Math.ceil((ticks * (0.01 - TEST_MMR)) / (1 - TEST_MMR)) + 3

const world = useSharedServers(2, ENV)
const shared = world.data
const through = (i: number) => viewThrough(shared(), world.server(i).url)

const count = async (db: Database, sql: string, ...params: Array<string | number>) => Number((await db.get(sql, ...params))?.n)

describe('seconds-contract orders with every pass racing', () => {
  it('settle each order once, at its open and due instants, whichever pass gets there', async () => {
    const view = through(0)
    const user = await fundedUser(view, 'seconds@cluster.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const orders = Array.from({ length: 10 }, (_, i) => ({ openAmount: '10', baseCoin: i % 2 === 0 ? 'BTC' : 'ETH', positionTime: '2', tradeType: i % 3 === 0 ? '2' : '1' }))
    const errors: string[] = []
    const db = view.openDb()
    const here = createSettlement(
      { db, now: () => Date.now(), log: collectingLog(errors) },
      secondsPrices(createSimSource(DEFAULT_CONFIG.marketSeed, () => Date.now())),
    )
    const racing = racingPasses(() => here.pass())
    let settledHere: number
    let ids: number[]
    try {
      const answers = await Promise.all(orders.map((order, i) => place(through(i), user.headers, order)))
      for (const answer of answers) expect(answer.json.code, answer.text).toBe(200)
      ids = answers.map((answer) => Number(answer.json.result.id))
      await waitFor(async () => ((await count(db, 'SELECT count(*) AS n FROM seconds_orders WHERE user_id = ? AND status = 2', user.userId)) === 10 ? true : undefined), 15_000)
    } finally {
      settledHere = await racing.stop()
      await db.close()
    }
    expect(errors).toEqual([])
    expect(settledHere).toBeLessThanOrEqual(10)

    const rows = await view.withDb((check) => check.all('SELECT * FROM seconds_orders WHERE user_id = ? ORDER BY id', user.userId))
    expect(rows.map((row) => num(row, 'id'))).toEqual(ids.toSorted((a, b) => a - b))
    let expected = new BigNumber(1000)
    for (const row of rows) {
      const symbol = `${str(row, 'base_coin')}usdt`.toLowerCase()
      const [openTime, settleTime] = [num(row, 'open_time'), num(row, 'settle_time')]
      expect(settleTime).toBe(openTime + 2000)
      expect(row).toMatchObject({ status: 2, income_rate: '0.8', open_price: priceAt(symbol, openTime), settle_price: priceAt(symbol, settleTime) })
      const move = moveOf(str(row, 'open_price'), str(row, 'settle_price'))
      const won = move !== 'flat' && (move === 'up') === (row.trade_type === 1)
      const profit = move === 'flat' ? new BigNumber(0) : won ? new BigNumber(10).times('0.8') : new BigNumber(-10)
      expect(new BigNumber(str(row, 'profit')).toFixed(), `order #${String(row.id)}`).toBe(profit.toFixed())
      expected = expected.plus(profit)
    }
    // Exactly one settlement entry per order, each its own.
    await view.withDb(async (check) => {
      for (const row of rows) expect(await count(check, 'SELECT count(*) AS n FROM ledger_entries WHERE memo = ?', `seconds order #${String(row.id)}`), `order #${String(row.id)}`).toBe(1)
    })
    expect(new Set(rows.map((row) => row.settle_entry_id)).size).toBe(10)
    expect(rows.every((row) => row.settle_entry_id !== null)).toBe(true)
    expect(await balanceOf(view, user.userId, 2, 'USDT')).toEqual({ available: expected.toFixed(), frozen: '0' })
    expect(world.servers().flatMap(loggedErrors)).toEqual([])
    await expectAdminVerifyClean(view)
  }, 60_000)
})

interface Plan {
  pair: (typeof PAIRS)[number]
  /** The second the positions are opened in (a request may land up to a second before, three after). */
  openSecond: number
  /** The path falls (longs are hurt) or rises. */
  falls: boolean
  /** The lowest and highest last price (ticks) a position opened in [openSecond − 1, openSecond + 3] enters at. */
  low: number
  high: number
  /** How far (ticks) beyond them the path goes within 8 seconds. */
  move: number
}

/**
 * The first second from `from` (epoch seconds) after which a pair's price path moves beyond every
 * entry a request sent then could get, within 8 seconds: positions opened then are crossed within
 * seconds. The simulation is a pure function of seed and time, so this is known ahead.
 */
function planMove(from: number): Plan {
  for (let second = from; second < from + 600; second++) {
    for (const pair of PAIRS) {
      const window = [-1, 0, 1, 2, 3].map((offset) => ticksAt(pair.symbol, second + offset))
      const [low, high] = [Math.min(...window), Math.max(...window)]
      const move = moveFor(high)
      for (let later = second + 4; later <= second + 11; later++) {
        const ticks = ticksAt(pair.symbol, later)
        if (ticks <= low - move) return { pair, openSecond: second, falls: true, low, high, move }
        if (ticks >= high + move) return { pair, openSecond: second, falls: false, low, high, move }
      }
    }
  }
  throw new Error('the simulated paths do not move enough within 10 minutes')
}

/** A liquidation (the hurt side at 100×), a stop loss (the hurt side at 10×) and a take profit (the other side at 10×), all crossed by the planned move. */
function positionsFor({ pair, falls, low, high, move }: Plan): OpenFields[] {
  const [hurt, helped] = falls ? (['1', '2'] as const) : (['2', '1'] as const)
  // Beyond every entry a late request could get (so valid at any), well within the move.
  const offset = Math.ceil(move / 4)
  const level = priceOf(pair.symbol, falls ? low - offset : high + offset)
  const base = { symbol: pair.symbol, quantity: pair.quantity }
  return [
    { ...base, direction: hurt, leverage: '100' },
    { ...base, direction: hurt, leverage: '10', stopLoss: level },
    { ...base, direction: helped, leverage: '10', takeProfit: level },
  ]
}

/** What the price path does to a stored position after it is watched: its first trigger, liquidation first in one second. */
function firstTrigger(row: Row, within = 120): { status: number; reason: number; second: number } | undefined {
  const long = row.direction === 1
  const level = (column: string) => (row[column] === null ? null : Number(row[column]))
  const [liquidation, stopLoss, takeProfit] = [level('liquidation_ticks'), level('stop_loss_ticks'), level('take_profit_ticks')]
  const adverse = (ticks: number, at: number | null) => at !== null && (long ? ticks <= at : ticks >= at)
  const favourable = (ticks: number, at: number | null) => at !== null && (long ? ticks >= at : ticks <= at)
  const from = Math.floor(Number(row.watch_from) / 1000)
  for (let second = from + 1; second <= from + within; second++) {
    const ticks = ticksAt(String(row.symbol), second)
    if (adverse(ticks, liquidation)) return { status: 4, reason: 4, second }
    if (adverse(ticks, stopLoss)) return { status: 3, reason: 2, second }
    if (favourable(ticks, takeProfit)) return { status: 3, reason: 3, second }
  }
  return undefined
}

describe('leveraged positions with every pass racing', () => {
  it('liquidate, stop and take profit each position once, at its first crossing second', async () => {
    const view = through(1)
    const user = await fundedUser(view, 'contracts@cluster.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const plan = planMove(Math.ceil(Date.now() / 1000) + 2)
    const fields = positionsFor(plan)
    const errors: string[] = []
    const db = view.openDb()
    const engine = engineOn(db, () => Date.now(), errors)
    const racing = racingPasses(async () => (await engine.walk.pass()).acted)
    let watched: Row[] = []
    let expected: Array<NonNullable<ReturnType<typeof firstTrigger>>> = []
    let actedHere: number
    try {
      await pause(plan.openSecond * 1000 - 500 - Date.now())
      const positions = await Promise.all(fields.map((position, i) => opened(through(i), user.headers, position)))
      const ids = positions.map((position: { id: string }) => Number(position.id))
      // Read before the move reaches them: watch_from is cleared when a position ends.
      watched = await Promise.all(ids.map(async (id) => (await db.get('SELECT * FROM contract_positions WHERE id = ?', id)) ?? {}))
      expected = watched.map((row) => {
        const trigger = firstTrigger(row)
        if (!trigger) throw new Error(`position #${String(row.id)} is never crossed: ${JSON.stringify(row)}`)
        return trigger
      })
      expect(expected.map((trigger) => trigger.reason).toSorted()).toEqual([2, 3, 4])
      const lastSecond = Math.max(...expected.map((trigger) => trigger.second))
      await waitFor(async () => ((await count(db, 'SELECT count(*) AS n FROM contract_positions WHERE user_id = ? AND status IN (3, 4)', user.userId)) === 3 ? true : undefined), lastSecond * 1000 - Date.now() + 10_000)
    } finally {
      actedHere = await racing.stop()
      await db.close()
    }
    expect(errors).toEqual([])
    expect(actedHere).toBeLessThanOrEqual(3)

    await view.withDb(async (check) => {
      for (const [i, before] of watched.entries()) {
        const want = expected[i]
        const after = (await check.get('SELECT * FROM contract_positions WHERE id = ?', Number(before.id))) ?? {}
        expect({ status: after.status, reason: after.close_reason, at: after.closed_at, exit: after.exit_price }, `position #${String(before.id)}`).toEqual({
          status: want?.status,
          reason: want?.reason,
          at: (want?.second ?? 0) * 1000,
          exit: lastAt(String(before.symbol), (want?.second ?? 0) * 1000),
        })
        const closes = await count(check, `SELECT count(*) AS n FROM ledger_entries WHERE memo LIKE ? AND kind IN ('contract_close', 'contract_liquidation')`, `contract #${String(before.id)} %`)
        expect(closes, `closing entries of #${String(before.id)}`).toBe(1)
      }
      expect(await heldProblems(check)).toEqual([])
      // What the user has is what came in, less every fee, plus every P/L (a liquidation's is minus the margin).
      const rows = await check.all('SELECT open_fee, close_fee, realized_pnl FROM contract_positions WHERE user_id = ?', user.userId)
      const net = rows.reduce((sum, row) => sum.minus(str(row, 'open_fee')).minus(str(row, 'close_fee')).plus(str(row, 'realized_pnl')), new BigNumber(1000))
      expect(await balanceOf(view, user.userId, 2, 'USDT')).toEqual({ available: net.toFixed(), frozen: '0' })
    })
    expect(world.servers().flatMap(loggedErrors)).toEqual([])
    await expectAdminVerifyClean(view)
  }, 75_000)
})
