// Step-up (server/auth/step-up.ts): a session reads for as long as it lives, but a call that moves
// money or changes security, made STEP_UP_SECONDS after the login password was last given (or such
// a call last made), answers code -3 and moves nothing, until POST /bb/user/confirmPassword. The
// check comes after the key's lookup, so an acknowledged key is still replayed (Keys first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { BB_OK, IDEMPOTENCY_HEADER, REAUTH_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { FRESH_PASSWORD_SECONDS, SECURITY_PATHS } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { balanceOf, fundedUser, type Funded, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'

const PASSWORD = 'Secret2026pass'
const WINDOW_SECONDS = 15 * 60
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const REAUTH = { code: REAUTH_REQUIRED, msg: M.reauthRequired, data: null }

let server: TestServer
beforeAll(async () => {
  server = await startServer({ stepUpSeconds: WINDOW_SECONDS })
})
afterAll(() => server.close())

let serial = 0
const newUser = () => fundedUser(server, `step-up-${++serial}@example.com`, [{ currency: 'USDT', amount: '1000' }])
const transfer = (user: Funded, key: string, amount = '10') =>
  server.post(ASSET_PATHS.transfer, { amount, currency: 'USDT', type: '1' }, { ...user.headers, [IDEMPOTENCY_HEADER]: key })
const confirm = (user: Funded, password: string) => server.post(USER_PATHS.confirmPassword, { password }, user.headers)
const keysOf = (user: Funded) => withDb(server, async (db) => Number((await db.get('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ?', user.userId))?.n))

describe('a sensitive call after the window', () => {
  it('answers code -3 with HTTP 200 and moves nothing; the password lets the same key through once', async () => {
    const user = await newUser()
    server.clock.advance(WINDOW_SECONDS)
    const before = await snapshot(server)
    const refused = await transfer(user, 'step-up-key-0001')
    expect(refused.status).toBe(200)
    expect(refused.json).toEqual(REAUTH)
    expect(await snapshot(server)).toEqual(before)
    expect(await keysOf(user)).toBe(0)

    expect((await confirm(user, PASSWORD)).json).toEqual({ code: BB_OK, msg: M.ok, data: null })
    const sent = await transfer(user, 'step-up-key-0001')
    expect(sent.json.code).toBe(BB_OK)
    const again = await transfer(user, 'step-up-key-0001')
    expect(again.text).toBe(sent.text)
    expect(await balanceOf(server, user.userId, 1, 'USDT')).toEqual({ available: '990', frozen: '0' })
    expect(await balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: '10', frozen: '0' })
  })

  it('is asked in each group\'s envelope: the seconds group answers { code: -3, msg, result: null }', async () => {
    const user = await newUser()
    server.clock.advance(WINDOW_SECONDS + 1)
    const fields = { openAmount: '10', baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: '60', tradeType: '1' }
    const answer = await server.post(SECONDS_PATHS.createOrder, fields, { ...user.headers, [IDEMPOTENCY_HEADER]: 'step-up-second-1' })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: REAUTH_REQUIRED, msg: M.reauthRequired, result: null })
  })

  it('is asked also without an idempotency key, and for the address book\'s changes', async () => {
    const user = await newUser()
    const added = await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, user.headers)
    expect(added.json.code).toBe(BB_OK)
    server.clock.advance(WINDOW_SECONDS)
    const before = await snapshot(server)
    expect((await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, user.headers)).json).toEqual(REAUTH)
    const id = String(added.json.data.id)
    expect((await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: `${TRON.slice(0, -1)}u` }, user.headers)).json).toEqual(REAUTH)
    expect((await server.post(ASSET_PATHS.updateAddress, { id, remark: 'mine' }, user.headers)).json).toEqual(REAUTH)
    expect((await server.post(ASSET_PATHS.deleteAddress, { id }, user.headers)).json).toEqual(REAUTH)
    expect(await snapshot(server)).toEqual(before)
    const book = await server.post(ASSET_PATHS.addressList, {}, user.headers)
    expect(book.json.data).toEqual([added.json.data])
    expect((await confirm(user, PASSWORD)).json.code).toBe(BB_OK)
    expect((await server.post(ASSET_PATHS.deleteAddress, { id }, user.headers)).json.code).toBe(BB_OK)
  })
})

describe('the window', () => {
  it('slides with every sensitive call let through: fifteen minutes without moving money, not since login', async () => {
    const user = await newUser()
    for (let step = 1; step <= 3; step++) {
      server.clock.advance(WINDOW_SECONDS - 60)
      expect((await transfer(user, `step-up-slide-${step}`, '1')).json.code).toBe(BB_OK)
    }
    server.clock.advance(WINDOW_SECONDS)
    expect((await transfer(user, 'step-up-slide-4', '1')).json).toEqual(REAUTH)
  })

  it('does not limit reading: lists, records and the book answer after hours', async () => {
    const user = await newUser()
    server.clock.advance(6 * 3600)
    expect((await server.post(ASSET_PATHS.accounts, { accountType: '1' }, user.headers)).json.code).toBe(BB_OK)
    expect((await server.post(ASSET_PATHS.records, {}, user.headers)).json.code).toBe(BB_OK)
    expect((await server.post(ASSET_PATHS.addressList, {}, user.headers)).json.code).toBe(BB_OK)
    expect((await server.post(USER_PATHS.info, { userId: String(user.userId) }, user.headers)).json.code).toBe(BB_OK)
  })

  it('is per session: confirming on one device leaves the other one asking', async () => {
    const user = await newUser()
    const email = `step-up-${serial}@example.com`
    const other = (await server.post(USER_PATHS.login, { account: email, password: PASSWORD })).json.data as { token: string }
    const otherHeaders = { 'access-token': other.token }
    server.clock.advance(WINDOW_SECONDS)
    expect((await confirm(user, PASSWORD)).json.code).toBe(BB_OK)
    expect((await transfer(user, 'step-up-device-1', '1')).json.code).toBe(BB_OK)
    expect((await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, otherHeaders)).json).toEqual(REAUTH)
  })

  it('a fund or login password change carries the login password: it is not asked twice, and it confirms', async () => {
    const user = await newUser()
    server.clock.advance(WINDOW_SECONDS)
    const wrong = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: 'Wrong2026pass', tradePassword: '135790' }, user.headers)
    expect(wrong.json.msg).toBe(M.passwordIncorrect)
    const set = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: PASSWORD, tradePassword: '135790' }, user.headers)
    expect(set.json.code).toBe(BB_OK)
    expect((await transfer(user, 'step-up-after-fund', '1')).json.code).toBe(BB_OK)
    server.clock.advance(WINDOW_SECONDS)
    const changed = await server.post(USER_PATHS.updatePwd, { oldPassword: PASSWORD, newPassword: 'Newer2026pass' }, user.headers)
    expect(changed.json.code).toBe(BB_OK)
    expect((await transfer(user, 'step-up-after-change', '1')).json.code).toBe(BB_OK)
  })
})

describe('keys first', () => {
  it('an acknowledged key is replayed when confirmation is due; a new key is asked for the password', async () => {
    const user = await newUser()
    const first = await transfer(user, 'step-up-replay-01')
    expect(first.json.code).toBe(BB_OK)
    server.clock.advance(3 * WINDOW_SECONDS)
    const before = await snapshot(server)
    const replay = await transfer(user, 'step-up-replay-01')
    expect(replay.text).toBe(first.text)
    // The same key for another request is still refused as such, not asked for the password.
    expect((await transfer(user, 'step-up-replay-01', '11')).json).toEqual({ code: 0, msg: M.idempotencyKeyReused, data: null })
    expect((await transfer(user, 'step-up-replay-02')).json).toEqual(REAUTH)
    expect(await snapshot(server)).toEqual(before)
  })
})

describe('confirmPassword', () => {
  it('counts a wrong password on the login limits, and a limited account cannot confirm or log in', async () => {
    const user = await newUser()
    const email = `step-up-${serial}@example.com`
    server.clock.advance(WINDOW_SECONDS)
    for (let guess = 0; guess < 5; guess++) {
      expect((await confirm(user, `Guess${guess}2026pass`)).json).toEqual({ code: 0, msg: M.passwordIncorrect, data: null })
    }
    expect((await confirm(user, PASSWORD)).json).toEqual({ code: 0, msg: M.tooManyAttempts, data: null })
    expect((await server.post(USER_PATHS.login, { account: email, password: PASSWORD })).json.msg).toBe(M.tooManyAttempts)
    expect((await transfer(user, 'step-up-limited-1')).json).toEqual(REAUTH)
    const failures = await withDb(server, async (db) => Number((await db.get('SELECT failures FROM login_failures WHERE key = ?', `acct ${email}`))?.failures))
    expect(failures).toBe(5)
  })

  it('needs a session and a password', async () => {
    expect((await server.post(USER_PATHS.confirmPassword, { password: PASSWORD })).json.code).toBe(-2)
    const user = await newUser()
    expect((await server.post(USER_PATHS.confirmPassword, {}, user.headers)).status).toBe(400)
  })
})

describe('a change of the account\'s security', () => {
  it('wants the password typed within FRESH_PASSWORD_SECONDS, however much the session has traded since', async () => {
    const user = await newUser()
    server.clock.advance(FRESH_PASSWORD_SECONDS - 60)
    // A money call slides the step-up window…
    expect((await transfer(user, 'step-up-fresh-0001')).json.code).toBe(BB_OK)
    server.clock.advance(120)
    // …but the password was typed longer ago than a security change allows.
    expect((await server.post(SECURITY_PATHS.revokeOtherSessions, {}, user.headers)).json).toEqual(REAUTH)
    expect((await confirm(user, PASSWORD)).json.code).toBe(BB_OK)
    expect((await server.post(SECURITY_PATHS.revokeOtherSessions, {}, user.headers)).json.code).toBe(BB_OK)
  })
})

describe('STEP_UP_SECONDS=0', () => {
  it('turns it off: money moves after hours without the password', async () => {
    const off = await startServer({ stepUpSeconds: 0 })
    try {
      const user = await fundedUser(off, 'step-up-off@example.com', [{ currency: 'USDT', amount: '100' }])
      off.clock.advance(24 * 3600)
      const answer = await off.post(ASSET_PATHS.transfer, { amount: '5', currency: 'USDT', type: '1' }, { ...user.headers, [IDEMPOTENCY_HEADER]: 'step-up-off-0001' })
      expect(answer.json.code).toBe(BB_OK)
    } finally {
      await off.close()
    }
  })
})
