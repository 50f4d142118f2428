// The inbox hears of each event exactly once, in the event's own transaction: deposits credited and
// rejected, withdrawals paid and rejected (by an operator and by the demo timer), a liquidation
// found by the contract pass; a decision refused a second time adds nothing. Messages carry the
// parameters the app writes its text from.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, RECORD_STATUS } from '../../src/contract/assets.ts'
import { POSITION_STATUS } from '../../src/contract/contracts.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { approveDeposit, rejectDeposit } from '../../server/deposits/review.ts'
import { approveWithdrawal, rejectWithdrawal, ReviewRefusal } from '../../server/withdrawals/review.ts'
import { type Funded, fundedUser, openServerDb, withDb } from './assets-support.ts'
import { detail, firstSecond, lastAt, opened, ticksOf } from './contracts-support.ts'
import { pngImage, postMultipart, reviewContext, setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { waitFor } from './seconds-support.ts'

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const DELAY_SECONDS = 60

const messagesOf = (server: TestServer, userId: number) =>
  withDb(server, async (db) => (await db.all('SELECT kind, params, event_key FROM messages WHERE user_id = ? ORDER BY id', userId)).map((row) => ({ ...row, params: JSON.parse(String(row.params)) })))

async function until(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('deposits and withdrawals', () => {
  let server: TestServer
  let user: Funded
  beforeAll(async () => {
    server = await startServer({ demoAutoApproveSeconds: DELAY_SECONDS })
    user = await fundedUser(server, 'events@messages.test', [{ currency: 'USDT', amount: '500' }])
    await setFundPassword(server, user.headers['access-token'] ?? '')
    await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, user.headers)
  })
  afterAll(() => server.close())

  const deposit = async (amount: string) =>
    String((await postMultipart(server, ASSET_PATHS.deposit, { currency: 'USDT', chain: 'TRC20', amount }, { bytes: pngImage(3, 3) }, user.headers)).json.data.id)
  const withdraw = async (amount: string) =>
    String((await server.post(ASSET_PATHS.withdraw, { currency: 'USDT', chain: 'TRC20', address: TRON, amount, tradePassword: '123456' }, user.headers)).json.data.id)
  const operator = async <T>(work: (ctx: ReturnType<typeof reviewContext>) => Promise<T>): Promise<T> => {
    const db = openServerDb(server)
    try {
      return await work(reviewContext(server, db))
    } finally {
      await db.close()
    }
  }

  it('an operator’s four decisions: one message each, with amount, currency, reason and record', async () => {
    const [d1, d2, w1, w2] = [await deposit('25'), await deposit('30'), await withdraw('20'), await withdraw('40')]
    const before = (await messagesOf(server, user.userId)).length
    await operator(async (ctx) => {
      await approveDeposit(ctx, d1, undefined)
      await rejectDeposit(ctx, d2, 'no such transaction')
      await approveWithdrawal(ctx, w1, undefined)
      await rejectWithdrawal(ctx, w2, 'address   flagged')
      // Each a second time, either way: refused, and the inbox stays as it is.
      for (const again of [() => approveDeposit(ctx, d1, undefined), () => rejectDeposit(ctx, d1, 'x'), () => approveWithdrawal(ctx, w2, undefined), () => rejectWithdrawal(ctx, w1, 'x')]) {
        await expect(again()).rejects.toThrow(ReviewRefusal)
      }
    })
    expect((await messagesOf(server, user.userId)).slice(before)).toEqual([
      { kind: 'depositCredited', params: { amount: '25', currency: 'USDT', recordId: d1 }, event_key: `deposit:${d1}` },
      { kind: 'depositRejected', params: { amount: '30', currency: 'USDT', recordId: d2, reason: 'no such transaction' }, event_key: `deposit:${d2}` },
      // What arrived: 20 minus the 1 USDT fee.
      { kind: 'withdrawalPaid', params: { amount: '19', currency: 'USDT', recordId: w1 }, event_key: `withdrawal:${w1}` },
      { kind: 'withdrawalRejected', params: { amount: '40', currency: 'USDT', recordId: w2, reason: 'address flagged' }, event_key: `withdrawal:${w2}` },
    ])
  })

  it('the demo timer’s approvals send the same messages, once, however many ticks pass', async () => {
    const [d, w] = [await deposit('12'), await withdraw('15')]
    const before = (await messagesOf(server, user.userId)).length
    server.clock.advance(DELAY_SECONDS)
    const status = (id: string) => withDb(server, async (db) => (await db.get('SELECT status FROM asset_records WHERE id = ?', Number(id)))?.status)
    await until(async () => (await status(d)) === RECORD_STATUS.finished && (await status(w)) === RECORD_STATUS.finished)
    // More ticks of the timer: nothing more is written.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect((await messagesOf(server, user.userId)).slice(before)).toEqual([
      { kind: 'depositCredited', params: { amount: '12', currency: 'USDT', recordId: d }, event_key: `deposit:${d}` },
      { kind: 'withdrawalPaid', params: { amount: '14', currency: 'USDT', recordId: w }, event_key: `withdrawal:${w}` },
    ])
  })

  it('the message rides on the decision: if it cannot be written, the decision is undone too', async () => {
    const d = await deposit('9')
    // A message for this event already there (as a bug might leave one): the review fails as a whole.
    await withDb(server, (db) => db.run("INSERT INTO messages (user_id, kind, event_key, created_at) VALUES (?, 'depositCredited', ?, 0)", user.userId, `deposit:${d}`))
    const balance = await withDb(server, async (db) => (await db.get("SELECT available FROM balances WHERE user_id = ? AND account_type = 1 AND currency = 'USDT'", user.userId))?.available)
    await operator((ctx) => expect(approveDeposit(ctx, d, undefined)).rejects.toThrow())
    const after = await withDb(server, async (db) => ({
      status: (await db.get('SELECT status FROM asset_records WHERE id = ?', Number(d)))?.status,
      available: (await db.get("SELECT available FROM balances WHERE user_id = ? AND account_type = 1 AND currency = 'USDT'", user.userId))?.available,
    }))
    expect(after).toEqual({ status: RECORD_STATUS.reviewing, available: balance })
  })
})

const TEST_MMR = '0.0099'
const floor8 = (value: BigNumber.Value) => new BigNumber(value).decimalPlaces(8, BigNumber.ROUND_FLOOR)

/** The liquidation price's ticks, as the contract defines it (a long's rounded up). */
function longLiquidationTicks(entry: string, quantity: string, margin: BigNumber): number {
  const value = new BigNumber(entry).times(quantity).minus(margin).div(new BigNumber(quantity).times(new BigNumber(1).minus(TEST_MMR)))
  return value.shiftedBy(2).integerValue(BigNumber.ROUND_CEIL).toNumber()
}

describe('a liquidation', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ contractTestMmr: TEST_MMR })
    server.clock.now = Date.UTC(2026, 6, 1, 8, 0, 0, 250)
  })
  afterAll(() => server.close())

  it('sends one message when the pass liquidates a 100× long, however often the pass runs after', async () => {
    const user = await fundedUser(server, 'liquidated@messages.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    // The first minute from now whose next 15 minutes reach a 100× long's liquidation price.
    let at = Math.ceil(server.clock.now / 60_000) * 60_000 + 250
    let cross: number | undefined
    for (; at < server.clock.now + 86_400_000 && cross === undefined; at += 60_000) {
      const entry = lastAt('btcusdt', at)
      const level = longLiquidationTicks(entry, '0.01', floor8(new BigNumber(entry).times('0.01').div(100)))
      cross = firstSecond('btcusdt', Math.floor(at / 1000), (ticks) => ticks <= level, 900)
      if (cross !== undefined) break
    }
    if (cross === undefined) throw new Error('no liquidation within a day')
    expect(ticksOf('btcusdt', lastAt('btcusdt', at))).toBeGreaterThan(0)
    server.clock.now = at
    const position = await opened(server, user.headers, { symbol: 'btcusdt', entryType: '1', direction: '1', leverage: '100', quantity: '0.01' })
    server.clock.now = cross * 1000 + 3_600_000
    const done = await waitFor(async () => {
      const state = await detail(server, user.headers, position.id)
      return state.status === POSITION_STATUS.holding ? undefined : state
    })
    expect(done.status).toBe(POSITION_STATUS.liquidated)
    // Further passes (the clock moves on) find nothing more to say.
    server.clock.advance(120)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await messagesOf(server, user.userId)).toEqual([
      { kind: 'kycApproved', params: {}, event_key: expect.stringMatching(/^kyc:\d+$/) },
      {
        kind: 'liquidation',
        params: { symbol: 'BTC/USDT', direction: '1', quantity: '0.01', margin: position.margin, price: done.exitPrice, positionId: String(position.id) },
        event_key: `liquidation:${position.id}`,
      },
    ])
    const page = (await server.post(PROFILE_PATHS.messages, {}, user.headers)).json.data
    expect(page.list[0]).toMatchObject({ kind: 'liquidation', read: 0, createdAt: expect.any(Number) })
  })
})
