// Withdrawals against a real server: every refusal leaves balances, ledger and records as they
// were; a valid request freezes the amount; approval pays it out, rejection gives it back, each
// once; an idempotency key makes a repeated request move money once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { LOGIN_WINDOW_MS } from '../../server/auth/login-limit.ts'
import { approveWithdrawal, rejectWithdrawal, ReviewRefusal } from '../../server/withdrawals/review.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import { reviewContext, setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'

const M = SERVER_MESSAGES
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const ETH = '0xdac17f958d2ee523a2206206994597c13d831ec7'

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startServer()
  user = await fundedUser(server, 'saver@withdraw.test', [{ currency: 'USDT', amount: '1000' }, { currency: 'BTC', amount: '1' }])
  await setFundPassword(server, user.headers['access-token'] ?? '')
  await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON, remark: 'TRC20' }, user.headers)
  await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'ERC20', address: ETH, remark: 'ERC20' }, user.headers)
})
afterAll(() => server.close())

const VALID = { currency: 'USDT', chain: 'TRC20', address: TRON, amount: '100', remark: 'TRC20', tradePassword: '123456' }
const withdraw = (fields: Record<string, string>, who: Funded = user, headers: Record<string, string> = {}) =>
  server.post(ASSET_PATHS.withdraw, fields, { ...who.headers, ...headers })
const review = <T>(work: (ctx: ReturnType<typeof reviewContext>) => Promise<T>): Promise<T> => withDb(server, (db) => work(reviewContext(server, db)))
const usdt = () => balanceOf(server, user.userId, 1, 'USDT')

describe('withdraw config', () => {
  it('states the limits, fee and chains of a currency', async () => {
    const answer = await server.post(ASSET_PATHS.withdrawConfig, { currency: 'usdt' }, user.headers)
    expect(answer.json.data).toEqual({ currency: 'USDT', chains: ['TRC20', 'ERC20'], min: '10', max: '50000', fee: '1' })
    expect((await server.post(ASSET_PATHS.withdrawConfig, { currency: 'BTC' }, user.headers)).json.data).toMatchObject({ min: '0.001', max: '5', fee: '0.0005' })
    expect((await server.post(ASSET_PATHS.withdrawConfig, { currency: 'XYZ' }, user.headers)).json.msg).toBe(M.unknownCurrency)
  })
})

describe('refused withdrawals change nothing', () => {
  it.each([
    ['below the minimum', { amount: '9.99999999' }, M.amountBelowMinimum],
    ['above the maximum', { amount: '50000.00000001' }, M.withdrawAboveMaximum],
    ['above the available balance', { amount: '1000.00000001' }, M.insufficientBalance],
    ['zero', { amount: '0' }, M.amountNotPositive],
    ['too precise', { amount: '10.000000001' }, M.amountTooPrecise],
    ['an address not in the book', { address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW' }, M.addressNotInBook],
    ['a book address of another chain', { chain: 'ERC20' }, M.addressNotInBook],
    ['an address that is no address', { address: 'not-an-address' }, M.addressNotInBook],
    ['a chain of another currency', { chain: 'BTC' }, M.unsupportedChain],
    ['an unknown currency', { currency: 'SHIB' }, M.unknownCurrency],
    ['a wrong fund password', { tradePassword: '654321' }, M.passwordIncorrect],
    ['a too long remark', { remark: 'r'.repeat(65) }, M.remarkTooLong],
  ])('%s', async (_label, change, msg) => {
    const before = await snapshot(server)
    const answer = await withdraw({ ...VALID, ...change })
    expect(answer.json).toEqual({ code: 0, msg, data: null })
    expect(await snapshot(server)).toEqual(before)
  })

  it('asks to set a fund password first', async () => {
    const fresh = await fundedUser(server, 'nopass@withdraw.test', [{ currency: 'USDT', amount: '50' }])
    await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, fresh.headers)
    const before = await snapshot(server)
    expect((await withdraw({ ...VALID, amount: '20' }, fresh)).json).toEqual({ code: 0, msg: M.fundPasswordNotSet, data: null })
    expect(await snapshot(server)).toEqual(before)
  })

  it('is refused while the operator has suspended the currency', async () => {
    await withDb(server, async (db) => await db.run("UPDATE withdraw_config SET enabled = 0 WHERE currency = 'USDT'"))
    try {
      expect((await withdraw(VALID)).json.msg).toBe(M.withdrawSuspended)
      expect((await server.post(ASSET_PATHS.withdrawConfig, { currency: 'USDT' }, user.headers)).json.msg).toBe(M.withdrawSuspended)
    } finally {
      await withDb(server, async (db) => await db.run("UPDATE withdraw_config SET enabled = 1 WHERE currency = 'USDT'"))
    }
  })

  it('limits fund password guesses per account, whatever the address, for the login window', async () => {
    const guesser = await fundedUser(server, 'guesser@withdraw.test', [{ currency: 'USDT', amount: '100' }])
    await setFundPassword(server, guesser.headers['access-token'] ?? '', '246810')
    await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, guesser.headers)
    const attempt = (tradePassword: string, address: string) =>
      withdraw({ ...VALID, amount: '20', tradePassword }, guesser, { 'x-test-client-address': address })
    for (let i = 0; i < 5; i++) expect((await attempt(`00000${i}`, `10.0.0.${i}`)).json.msg).toBe(M.passwordIncorrect)
    const before = await snapshot(server)
    expect((await attempt('246810', '10.0.1.1')).json.msg).toBe(M.tooManyAttempts)
    expect(await snapshot(server)).toEqual(before)
    server.clock.advance(LOGIN_WINDOW_MS / 1000)
    expect((await attempt('246810', '10.0.1.1')).json.code).toBe(1)
  })
})

describe('a valid withdrawal', () => {
  it('freezes the amount; approval pays it out once', async () => {
    const answer = await withdraw(VALID)
    expect(answer.json.code).toBe(1)
    const record = answer.json.data
    expect(record).toMatchObject({
      tradeType: RECORD_TYPES.withdrawal,
      status: RECORD_STATUS.reviewing,
      currency: 'USDT',
      amount: '-100',
      fee: '1',
      actualArrival: '99',
      remark: 'TRC20',
      info: `TRC20 ${TRON}`,
    })
    expect(await usdt()).toEqual({ available: '900', frozen: '100' })

    const paid = await review((ctx) => approveWithdrawal(ctx, record.id, undefined))
    expect(paid).toMatchObject({ status: RECORD_STATUS.finished, actualArrival: '99', fee: '1' })
    expect(await usdt()).toEqual({ available: '900', frozen: '0' })
    const after = await snapshot(server)
    expect(after.differences).toEqual([])
    await expect(review((ctx) => approveWithdrawal(ctx, record.id, undefined))).rejects.toThrow(ReviewRefusal)
    await expect(review((ctx) => rejectWithdrawal(ctx, record.id, 'no'))).rejects.toThrow(ReviewRefusal)
    expect(await snapshot(server)).toEqual(after)
  })

  it('rejection gives the frozen amount back and charges no fee', async () => {
    const record = (await withdraw({ ...VALID, chain: 'ERC20', address: ETH.toUpperCase().replace('0X', '0x'), amount: '50' })).json.data
    expect(record.info).toBe(`ERC20 ${ETH}`)
    expect(await usdt()).toEqual({ available: '850', frozen: '50' })
    const rejected = await review((ctx) => rejectWithdrawal(ctx, record.id, 'Address flagged by compliance'))
    expect(rejected).toMatchObject({ status: RECORD_STATUS.rejected, fee: '0', actualArrival: '0', info: `ERC20 ${ETH} · Address flagged by compliance` })
    expect(await usdt()).toEqual({ available: '900', frozen: '0' })
    await expect(review((ctx) => approveWithdrawal(ctx, record.id, undefined))).rejects.toThrow(ReviewRefusal)
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('moves once for one idempotency key, and refuses the key for another request', async () => {
    const key = { [IDEMPOTENCY_HEADER]: 'withdraw-key-0001' }
    const first = await withdraw({ ...VALID, amount: '30' }, user, key)
    const entries = (await snapshot(server)).entries
    const again = await withdraw({ ...VALID, amount: '30' }, user, key)
    expect(again.json).toEqual(first.json)
    expect((await snapshot(server)).entries).toBe(entries)
    expect(await usdt()).toEqual({ available: '870', frozen: '30' })
    expect((await withdraw({ ...VALID, amount: '31' }, user, key)).json.msg).toBe(M.idempotencyKeyReused)
    expect((await withdraw(VALID, user, { [IDEMPOTENCY_HEADER]: 'bad key!' })).status).toBe(400)
    expect(await usdt()).toEqual({ available: '870', frozen: '30' })
  })

  it('the review functions refuse unknown ids and deposits', async () => {
    await expect(review((ctx) => approveWithdrawal(ctx, '424242', undefined))).rejects.toThrow(ReviewRefusal)
    await expect(review((ctx) => rejectWithdrawal(ctx, '', undefined))).rejects.toThrow(ReviewRefusal)
  })
})
