// The trigger pass on the real server against the deterministic feed: a stop loss, a take profit and
// a liquidation, long and short, each closed at the FIRST second the price reached it, at that
// second's price, with exact balances and ledger postings — although the clock jumps an hour past
// it before the pass looks (a late pass, or a server that was down); a limit entry entering at its
// price at its crossing instant; liquidation first when one second reaches both it and the stop;
// and an owner's close that comes after a liquidation was due but before any pass saw it.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_PATHS, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { AppContext } from '../../server/context.ts'
import { closePosition } from '../../server/contracts/manage.ts'
import { balanceOf, fundedUser, openServerDb, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { waitFor } from './seconds-support.ts'
import { detail, engineOn, entriesOf, firstSecond, heldProblems, lastAt, opened, priceOf, quiet, rangeAhead, ticksAt, ticksOf } from './contracts-support.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

const TEST_MMR = '0.0099'
const RATE = '0.0005'
const floor8 = (value: BigNumber.Value) => new BigNumber(value).decimalPlaces(8, BigNumber.ROUND_FLOOR)
const fixed = (postings: Record<string, BigNumber>) =>
  Object.fromEntries(Object.entries(postings).filter(([, amount]) => !amount.isZero()).map(([account, amount]) => [account, amount.toFixed()]))

/** Liquidation ticks as the contract defines them (long rounded up, short down). */
function liquidationTicks(long: boolean, entry: string, quantity: string, margin: BigNumber, mmr: string, precision: number): number {
  const notional = new BigNumber(entry).times(quantity)
  const value = long ? notional.minus(margin).div(new BigNumber(quantity).times(new BigNumber(1).minus(mmr))) : notional.plus(margin).div(new BigNumber(quantity).times(new BigNumber(1).plus(mmr)))
  return value.shiftedBy(precision).integerValue(long ? BigNumber.ROUND_CEIL : BigNumber.ROUND_FLOOR).toNumber()
}

interface Plan {
  at: number
  fields: Record<string, string>
  /** The second whose price closes it, and why. */
  cross: number
  reason: 2 | 3 | 4
}

/** The first instant (whole second + 250 ms, minute by minute from `from`) for which `make` finds a plan. */
function findPlan(from: number, make: (at: number, second: number, entryTicks: number) => Omit<Plan, 'at'> | undefined): Plan {
  for (let at = Math.ceil(from / 60_000) * 60_000 + 250; at < from + 86_400_000; at += 60_000) {
    const second = Math.floor(at / 1000)
    const plan = make(at, second, ticksOf('btcusdt', lastAt('btcusdt', at)))
    if (plan) return { at, ...plan }
  }
  throw new Error('no instant within a day')
}

let server: TestServer
let users = 0
beforeAll(async () => {
  server = await startServer({ contractTestMmr: TEST_MMR })
  server.clock.now = Date.UTC(2026, 6, 1, 8, 0, 0, 250)
})
afterAll(() => server.close())

/** Opens the plan's position for a fresh user with 1000 USDT, jumps an hour past its crossing second, and checks the close to the last 1e-8. */
async function closesAtCrossing(plan: Plan): Promise<void> {
  const user = await fundedUser(server, `trigger-${++users}@contracts.test`, [{ currency: 'USDT', amount: '1000', accountType: 2 }])
  server.clock.now = plan.at
  const position = await opened(server, user.headers, { symbol: 'btcusdt', entryType: '1', ...plan.fields } as never)
  const [E, Q, long] = [lastAt('btcusdt', plan.at), plan.fields.quantity ?? '', plan.fields.direction === '1']
  const margin = floor8(new BigNumber(E).times(Q).div(plan.fields.leverage ?? 'NaN'))
  const openFee = floor8(new BigNumber(E).times(Q).times(RATE))
  expect(position).toMatchObject({ entryPrice: E, margin: margin.toFixed(), openFee: openFee.toFixed() })

  server.clock.now = plan.cross * 1000 + 3_600_000
  const X = lastAt('btcusdt', plan.cross * 1000)
  expect(lastAt('btcusdt', server.clock.now)).not.toBe(X)
  const done = await waitFor(async () => {
    const state = await detail(server, user.headers, position.id)
    return state.status === POSITION_STATUS.holding ? undefined : state
  })
  const liquidated = plan.reason === 4
  const pnl = liquidated ? margin.negated() : new BigNumber(X).minus(E).times(Q).times(long ? 1 : -1)
  const closeFee = liquidated ? new BigNumber(0) : floor8(new BigNumber(X).times(Q).times(RATE))
  const payout = liquidated ? new BigNumber(0) : margin.plus(pnl).minus(closeFee)
  expect(done).toMatchObject({
    status: liquidated ? POSITION_STATUS.liquidated : POSITION_STATUS.finished, closeReason: plan.reason, exitPrice: X, closedAt: plan.cross * 1000,
    realizedPnl: pnl.toFixed(), closeFee: closeFee.toFixed(), result: pnl.minus(openFee).minus(closeFee).isGreaterThan(0) ? 1 : 2, quantity: '0', margin: '0',
  })
  expect(await balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: new BigNumber(1000).minus(margin).minus(openFee).plus(payout).toFixed(), frozen: '0' })
  expect(await withDb(server, (db) => entriesOf(db, position.id))).toEqual([
    { kind: 'contract_open', postings: fixed({ 'user:available': margin.plus(openFee).negated(), 'user:frozen': margin, fees: openFee }) },
    liquidated
      ? { kind: 'contract_liquidation', postings: fixed({ 'user:frozen': margin.negated(), house: margin }) }
      : { kind: 'contract_close', postings: fixed({ 'user:frozen': margin.negated(), 'user:available': payout, fees: closeFee, house: pnl.negated() }) },
  ])
  expect(await withDb(server, heldProblems)).toEqual([])
}

/** Stops halfway between the entry and the extreme of the next 15 minutes, at 10×. */
const stopPlan = (long: boolean, kind: 'stopLoss' | 'takeProfit') => (_at: number, second: number, entry: number): Omit<Plan, 'at'> | undefined => {
  const { low, high } = rangeAhead('btcusdt', second, 900)
  const down = (long && kind === 'stopLoss') || (!long && kind === 'takeProfit')
  const extreme = down ? low : high
  if (Math.abs(extreme - entry) < 20) return undefined
  const level = Math.round((entry + extreme) / 2)
  const cross = firstSecond('btcusdt', second, (ticks) => (down ? ticks <= level : ticks >= level), 900)
  if (cross === undefined) return undefined
  const fields = { direction: long ? '1' : '2', leverage: '10', quantity: '0.01', [kind]: priceOf('btcusdt', level) }
  return { fields, cross, reason: kind === 'stopLoss' ? 2 : 3 }
}

/** 100× with the test's maintenance margin rate: liquidated by a move of about 0.01 %. */
const liquidationPlan = (long: boolean) => (at: number, second: number): Omit<Plan, 'at'> | undefined => {
  const E = lastAt('btcusdt', at)
  const margin = floor8(new BigNumber(E).times('0.01').div(100))
  const level = liquidationTicks(long, E, '0.01', margin, TEST_MMR, 2)
  const cross = firstSecond('btcusdt', second, (ticks) => (long ? ticks <= level : ticks >= level), 900)
  return cross === undefined ? undefined : { fields: { direction: long ? '1' : '2', leverage: '100', quantity: '0.01' }, cross, reason: 4 }
}

describe('each trigger, at its first crossing second and that second’s price', () => {
  for (const long of [true, false]) {
    const side = long ? 'long' : 'short'
    it(`a ${side}’s stop loss`, () => closesAtCrossing(findPlan(server.clock.now, stopPlan(long, 'stopLoss'))))
    it(`a ${side}’s take profit`, () => closesAtCrossing(findPlan(server.clock.now, stopPlan(long, 'takeProfit'))))
    it(`a ${side}’s liquidation: the whole margin to the house`, () => closesAtCrossing(findPlan(server.clock.now, liquidationPlan(long))))
  }

  it('liquidation first when one second reaches both it and the stop loss', async () => {
    const plan = findPlan(server.clock.now, (at, second) => {
      const liquidation = liquidationPlan(true)(at, second)
      if (!liquidation) return undefined
      const E = lastAt('btcusdt', at)
      const level = liquidationTicks(true, E, '0.01', floor8(new BigNumber(E).times('0.01').div(100)), TEST_MMR, 2)
      // The stop one tick above the liquidation price, reached first at the liquidation's own second.
      const stop = firstSecond('btcusdt', second, (ticks) => ticks <= level + 1, 900)
      return stop === liquidation.cross ? { ...liquidation, fields: { ...liquidation.fields, stopLoss: priceOf('btcusdt', level + 1) } } : undefined
    })
    await closesAtCrossing(plan)
  })
})

describe('a limit entry', () => {
  it('enters at its limit price at the first second the price reached it, from then on', async () => {
    const user = await fundedUser(server, 'limit@contracts.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const plan = findPlan(server.clock.now, (_at, second, entry) => {
      const level = Math.round((entry + rangeAhead('btcusdt', second, 900).low) / 2)
      const cross = level < entry - 10 ? firstSecond('btcusdt', second, (ticks) => ticks <= level, 900) : undefined
      return cross === undefined ? undefined : { fields: { price: priceOf('btcusdt', level) }, cross, reason: 2 }
    })
    server.clock.now = plan.at
    const limit = plan.fields.price ?? ''
    const position = await opened(server, user.headers, { direction: '1', leverage: '5', entryType: '2', price: limit, quantity: '0.002' })
    const margin = floor8(new BigNumber(limit).times('0.002').div(5))
    const fee = floor8(new BigNumber(limit).times('0.002').times(RATE))
    server.clock.now = plan.cross * 1000 + 3_600_000
    const entered = await waitFor(async () => {
      const state = await detail(server, user.headers, position.id)
      return state.status === POSITION_STATUS.pending ? undefined : state
    })
    expect(entered).toMatchObject({ status: POSITION_STATUS.holding, entryPrice: limit, openedAt: plan.cross * 1000, margin: margin.toFixed(), liquidationPrice: expect.stringMatching(/^\d+\.\d{2}$/) })
    expect(ticksAt('btcusdt', plan.cross)).toBeLessThanOrEqual(ticksOf('btcusdt', limit))
    expect(await balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: new BigNumber(1000).minus(margin).minus(fee).toFixed(), frozen: margin.toFixed() })
    expect(await withDb(server, (db) => entriesOf(db, position.id))).toEqual([
      { kind: 'contract_hold', postings: { 'user:available': margin.plus(fee).negated().toFixed(), 'user:frozen': margin.plus(fee).toFixed() } },
      { kind: 'contract_enter', postings: { 'user:frozen': fee.negated().toFixed(), fees: fee.toFixed() } },
    ])
    expect((await server.post(CONTRACT_PATHS.close, { id: position.id }, user.headers)).json.code).toBe(1)
  })
})

describe('an owner’s close after a liquidation was due, before any pass saw it', () => {
  it('is refused: the liquidation happens first, at its own second', async () => {
    const user = await fundedUser(server, 'late@contracts.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const plan = findPlan(server.clock.now, liquidationPlan(false))
    server.clock.now = plan.at
    const position = await opened(server, user.headers, { direction: '2', leverage: '100', quantity: '0.01' })
    // This connection's clock is past the crossing; the server's own tick still stands before it.
    const db = openServerDb(server)
    try {
      const now = () => plan.cross * 1000 + 500
      const ctx = { db, now, log: quiet, config: { ...DEFAULT_CONFIG, contractTestMmr: TEST_MMR } } as unknown as AppContext
      const answer = await closePosition(ctx, engineOn(db, now), unkeyed(user.userId), position.id, undefined)
      expect(answer).toEqual({ code: 0, msg: SERVER_MESSAGES.contractNotHolding, data: null })
    } finally {
      await db.close()
    }
    expect(await detail(server, user.headers, position.id)).toMatchObject({ status: POSITION_STATUS.liquidated, closedAt: plan.cross * 1000, exitPrice: lastAt('btcusdt', plan.cross * 1000) })
  })
})
