// Sessions and devices (issue 22; server/security/account/, server/auth/sign-in.ts): the sessions
// list with device, browser, address and times; ending one or all others, refused at once; the
// caller's own and another user's refused; the sign-in history with its failures, capped; the
// new-device mail once per device. Zero 5xx throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REAUTH_REQUIRED, SECOND_FACTOR_REQUIRED, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { FRESH_PASSWORD_SECONDS, SECURITY_PATHS as P, SIGN_IN_HISTORY_SIZE, type SessionInfo, type SignInAttempt } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { recordSignInAttempt } from '../../server/security/account/sign-in-history.ts'
import { totpCode } from '../../server/security/two-factor/totp.ts'
import { ANDROID_CHROME, bodyOf, call, fromHeaders, IPHONE_SAFARI, newAccount, PASSWORD, type Signed, signIn, subjectOf, WINDOWS_CHROME } from './account-security-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const IPHONE = { userAgent: IPHONE_SAFARI, address: '198.51.100.7' }
const WINDOWS = { userAgent: WINDOWS_CHROME, address: '203.0.113.9' }
const ANDROID = { userAgent: ANDROID_CHROME, address: '192.0.2.33' }

const sessionsOf = async (signed: Signed): Promise<SessionInfo[]> => {
  const answer = await call(server, P.sessions, {}, signed.headers)
  expect(answer.json.code, answer.text).toBe(1)
  return answer.json.data as SessionInfo[]
}
const info = (signed: Signed) => call(server, USER_PATHS.info, { userId: signed.userId }, signed.headers)
const signInsOf = async (signed: Signed): Promise<SignInAttempt[]> => (await call(server, P.signIns, {}, signed.headers)).json.data as SignInAttempt[]
const newDeviceMails = async (email: string) => (await server.mailsTo(email)).filter((mail) => subjectOf(mail) === 'Sign-in from a new device')

describe('the sessions list', () => {
  it('shows each session with device, browser, address, times, and the caller\'s first as current', async () => {
    const email = 'list@sessions.test'
    await newAccount(server, email)
    const opened = server.clock.now
    const phone = await signIn(server, email, IPHONE)
    server.clock.advance(120)
    const desktop = await signIn(server, email, WINDOWS)
    const list = await sessionsOf(desktop)
    // The harness's own sign-in (as `node`), the phone's and the desktop's.
    expect(list).toHaveLength(3)
    expect(list[0]).toMatchObject({ device: 'Windows', browser: 'Chrome 142', address: WINDOWS.address, current: true, createdAt: server.clock.now, lastSeen: server.clock.now })
    const phoneRow = list.find((one) => one.device === 'iPhone')
    expect(phoneRow).toMatchObject({ browser: 'Safari 17', address: IPHONE.address, current: false, createdAt: opened, lastSeen: opened })
    expect(list.find((one) => one.device === '' && one.browser === '')).toBeDefined()
    // Public ids only: never the token, nor its hash.
    for (const one of list) {
      expect(one.id).toMatch(/^[0-9a-f]{32}$/)
      expect(JSON.stringify(one)).not.toContain(phone.token)
    }
    expect(new Set(list.map((one) => one.id)).size).toBe(3)
    // Seen from the phone, the phone's is the current one.
    expect((await sessionsOf(phone))[0]).toMatchObject({ device: 'iPhone', current: true })
  })
})

describe('ending sessions', () => {
  it('ends one other session, refused at its very next call, and records and mails it', async () => {
    const email = 'revoke@sessions.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    const desktop = await signIn(server, email, WINDOWS)
    const target = (await sessionsOf(desktop)).find((one) => one.device === 'iPhone')
    expect((await info(phone)).json.code).toBe(1)
    const revoked = await call(server, P.revokeSession, { id: target?.id ?? '' }, desktop.headers)
    expect(revoked.json).toMatchObject({ code: 1, data: null })
    expect((await info(phone)).json).toMatchObject({ code: SESSION_EXPIRED })
    expect((await info(desktop)).json.code).toBe(1)
    expect((await sessionsOf(desktop)).some((one) => one.id === target?.id)).toBe(false)
    // Ending it again: already ended.
    expect((await call(server, P.revokeSession, { id: target?.id ?? '' }, desktop.headers)).json.msg).toBe(M.sessionNotFound)
    const history = (await call(server, P.history, {}, desktop.headers)).json.data
    expect(history[0]).toMatchObject({ event: 'session.revoked', address: WINDOWS.address, device: 'Windows', browser: 'Chrome 142', detail: 'iPhone, Safari 17' })
    expect((await server.mailsTo(email)).map(subjectOf)).toContain('A session was signed out')
  })

  it('ends every other session at once, keeping the caller\'s', async () => {
    const email = 'others@sessions.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    const tablet = await signIn(server, email, ANDROID)
    const desktop = await signIn(server, email, WINDOWS)
    const answer = await call(server, P.revokeOtherSessions, {}, desktop.headers)
    expect(answer.json).toMatchObject({ code: 1, data: { revoked: 3 } })
    for (const gone of [phone, tablet]) expect((await info(gone)).json.code).toBe(SESSION_EXPIRED)
    expect((await sessionsOf(desktop)).map((one) => one.current)).toEqual([true])
    const history = (await call(server, P.history, {}, desktop.headers)).json.data
    expect(history[0]).toMatchObject({ event: 'session.revoked', device: 'Windows', detail: expect.stringMatching(/^(?=.*iPhone, Safari 17)(?=.*Android, Chrome 142).*$/) })
    expect((await call(server, P.revokeOtherSessions, {}, desktop.headers)).json.data).toEqual({ revoked: 0 })
  })

  it('refuses the caller\'s own session, another user\'s, and garbage, changing nothing', async () => {
    await newAccount(server, 'mine@sessions.test')
    await newAccount(server, 'theirs@sessions.test')
    const mine = await signIn(server, 'mine@sessions.test', IPHONE)
    const theirs = await signIn(server, 'theirs@sessions.test', WINDOWS)
    const own = (await sessionsOf(mine))[0]
    const foreign = (await sessionsOf(theirs))[0]
    expect((await call(server, P.revokeSession, { id: own?.id ?? '' }, mine.headers)).json).toMatchObject({ code: 0, msg: M.sessionIsCurrent })
    // Another user's id answers exactly like an unknown one: nothing tells that it exists.
    const foreignAnswer = await call(server, P.revokeSession, { id: foreign?.id ?? '' }, mine.headers)
    const unknownAnswer = await call(server, P.revokeSession, { id: 'f'.repeat(32) }, mine.headers)
    expect(foreignAnswer.json).toEqual({ code: 0, msg: M.sessionNotFound, data: null })
    expect(unknownAnswer.json).toEqual(foreignAnswer.json)
    for (const garbage of ['x', '../../', 'F'.repeat(32), '1'.repeat(33), "' OR 1=1 --"]) {
      expect((await call(server, P.revokeSession, { id: garbage }, mine.headers)).json.msg).toBe(M.sessionNotFound)
    }
    expect((await call(server, P.revokeSession, {}, mine.headers)).status).toBe(400)
    expect((await call(server, P.revokeSession, { id: foreign?.id ?? '' })).json.code).toBe(SESSION_EXPIRED)
    for (const alive of [mine, theirs]) expect((await info(alive)).json.code).toBe(1)
    expect((await sessionsOf(theirs))).toHaveLength(2)
  })

  it('asks for the password again when it was given too long ago, and ends nothing until it is', async () => {
    const email = 'proof@sessions.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    const desktop = await signIn(server, email, WINDOWS)
    server.clock.advance(FRESH_PASSWORD_SECONDS)
    const target = (await sessionsOf(desktop)).find((one) => one.device === 'iPhone')
    expect((await call(server, P.revokeSession, { id: target?.id ?? '' }, desktop.headers)).json.code).toBe(REAUTH_REQUIRED)
    expect((await call(server, P.revokeOtherSessions, {}, desktop.headers)).json.code).toBe(REAUTH_REQUIRED)
    expect((await info(phone)).json.code).toBe(1)
    expect((await call(server, USER_PATHS.confirmPassword, { password: PASSWORD }, desktop.headers)).json.code).toBe(1)
    expect((await call(server, P.revokeSession, { id: target?.id ?? '' }, desktop.headers)).json.code).toBe(1)
    expect((await info(phone)).json.code).toBe(SESSION_EXPIRED)
  })
})

describe('with two-factor codes on', () => {
  it('ends a session only after a code, and records the sign-in steps by method', async () => {
    const email = 'coded@sessions.test'
    await newAccount(server, email)
    const desktop = await signIn(server, email, WINDOWS)
    const started = await call(server, P.totpStart, {}, desktop.headers)
    const secret = String(started.json.data.secret)
    const enabled = await call(server, P.totpEnable, { code: totpCode(secret, server.clock.now) }, desktop.headers)
    expect(enabled.json.code, enabled.text).toBe(1)
    const recovery = String(enabled.json.data.codes[0])
    const codeStep = async (code: string) => {
      const first = await call(server, USER_PATHS.login, { account: email, password: PASSWORD }, fromHeaders(IPHONE))
      return call(server, P.loginCode, { challenge: String(first.json.data.challenge), code }, fromHeaders(IPHONE))
    }
    server.clock.advance(30)
    expect((await codeStep('000000')).json.code).toBe(0)
    const phone = await codeStep(totpCode(secret, server.clock.now))
    expect(phone.json.code, phone.text).toBe(1)
    expect((await codeStep(recovery)).json.code).toBe(1)
    const methods = (await signInsOf(desktop)).slice(0, 3).map((one) => [one.result, one.method, one.device])
    expect(methods).toEqual([['ok', 'recovery', 'iPhone'], ['ok', 'code', 'iPhone'], ['wrongCode', 'code', 'iPhone']])
    // One new-device mail for the phone, whichever step signed it in.
    expect((await newDeviceMails(email)).filter((mail) => mail.includes('Device: iPhone'))).toHaveLength(1)
    const target = (await sessionsOf(desktop)).find((one) => one.device === 'iPhone')
    const revoke = () => call(server, P.revokeSession, { id: target?.id ?? '' }, desktop.headers)
    expect((await revoke()).json.code).toBe(SECOND_FACTOR_REQUIRED)
    expect((await call(server, P.revokeOtherSessions, {}, desktop.headers)).json.code).toBe(SECOND_FACTOR_REQUIRED)
    expect((await sessionsOf(desktop)).filter((one) => one.device === 'iPhone')).toHaveLength(2)
    server.clock.advance(30)
    expect((await call(server, P.confirmFactor, { code: totpCode(secret, server.clock.now) }, desktop.headers)).json.code).toBe(1)
    expect((await revoke()).json.code).toBe(1)
    // The confirmation let one change through, not two.
    expect((await call(server, P.revokeOtherSessions, {}, desktop.headers)).json.code).toBe(SECOND_FACTOR_REQUIRED)
    expect((await sessionsOf(desktop)).filter((one) => one.device === 'iPhone')).toHaveLength(1)
  })
})

describe('the sign-in history', () => {
  it('lists attempts newest first with result, method, address and device; unknown emails are kept under nobody', async () => {
    const email = 'history@sessions.test'
    await newAccount(server, email)
    const countAll = () => server.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM sign_in_history'))?.n))
    const before = await countAll()
    await call(server, USER_PATHS.login, { account: 'nobody@sessions.test', password: 'Wrong2026pass' }, fromHeaders(ANDROID))
    expect(await countAll()).toBe(before)
    expect((await call(server, USER_PATHS.login, { account: email, password: 'Wrong2026pass' }, fromHeaders(ANDROID))).json.msg).toBe(M.loginFailed)
    const phone = await signIn(server, email, IPHONE)
    const attempts = await signInsOf(phone)
    expect(attempts.slice(0, 2)).toEqual([
      { at: server.clock.now, result: 'ok', method: 'password', address: IPHONE.address, device: 'iPhone', browser: 'Safari 17' },
      { at: server.clock.now, result: 'wrongPassword', method: 'password', address: ANDROID.address, device: 'Android', browser: 'Chrome 142' },
    ])
    // The harness's first sign-in, from `node`.
    expect(attempts[2]).toMatchObject({ result: 'ok', device: '', browser: '' })
    expect(attempts).toHaveLength(3)
  })

  it('records a sign-in refused by the limit as limited', async () => {
    const email = 'limited@sessions.test'
    await newAccount(server, email)
    const from = fromHeaders({ userAgent: WINDOWS_CHROME, address: '203.0.113.200' })
    for (let i = 0; i < 6; i++) await call(server, USER_PATHS.login, { account: email, password: 'Wrong2026pass' }, from)
    const phone = await signIn(server, email, IPHONE)
    const results = (await signInsOf(phone)).map((one) => one.result)
    expect(results.slice(0, 7)).toEqual(['ok', 'limited', 'wrongPassword', 'wrongPassword', 'wrongPassword', 'wrongPassword', 'wrongPassword'])
  })

  it(`keeps the newest ${SIGN_IN_HISTORY_SIZE} per user`, async () => {
    const email = 'capped@sessions.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    const userId = Number(phone.userId)
    await server.withDb(async (db) => {
      for (let i = 0; i < SIGN_IN_HISTORY_SIZE + 10; i++) {
        await recordSignInAttempt(db, userId, server.clock.now + i, { result: 'wrongPassword', method: 'password', address: `10.0.0.${i}`, userAgent: '' })
      }
    })
    const attempts = await signInsOf(phone)
    expect(attempts).toHaveLength(SIGN_IN_HISTORY_SIZE)
    expect(attempts[0]?.address).toBe(`10.0.0.${SIGN_IN_HISTORY_SIZE + 9}`)
    expect(attempts.at(-1)?.address).toBe('10.0.0.10')
    const stored = await server.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM sign_in_history WHERE user_id = ?', userId))?.n))
    expect(stored).toBe(SIGN_IN_HISTORY_SIZE)
  })
})

describe('the new-device mail', () => {
  it('goes once per device, with time, address, device and the link to the sessions list', async () => {
    const email = 'devices@sessions.test'
    await newAccount(server, email)
    // The harness's own first sign-in was a new device already.
    expect(await newDeviceMails(email)).toHaveLength(1)
    await signIn(server, email, IPHONE)
    const [, mail] = await newDeviceMails(email)
    const body = bodyOf(mail ?? '')
    expect(body).toContain(`When: ${new Date(server.clock.now).toUTCString()}`)
    expect(body).toContain(`From: ${IPHONE.address}`)
    expect(body).toContain('Device: iPhone, Safari 17')
    expect(body).toContain('/mobile/me/safety/sessions')
    // The same browser again, even from another address and after an update, is known.
    await signIn(server, email, { userAgent: IPHONE_SAFARI.replaceAll('17_5', '17_6').replaceAll('17.5', '17.6'), address: '198.51.100.99' })
    expect(await newDeviceMails(email)).toHaveLength(2)
    // The app's device id names the device: a new id is a new device, the same id again is not.
    await signIn(server, email, { ...WINDOWS, device: 'device-id-aaaaaaaaaaaa' })
    await signIn(server, email, { ...WINDOWS, device: 'device-id-aaaaaaaaaaaa' })
    await signIn(server, email, { ...WINDOWS, device: 'device-id-bbbbbbbbbbbb' })
    expect(await newDeviceMails(email)).toHaveLength(4)
    // A known device gets the plain sign-in notice instead.
    expect((await server.mailsTo(email)).map(subjectOf).filter((subject) => subject === 'New sign-in to your account')).toHaveLength(2)
    const history = (await call(server, P.history, {}, (await signIn(server, email, IPHONE)).headers)).json.data as Array<{ event: string }>
    expect(history.filter((entry) => entry.event === 'login.newDevice')).toHaveLength(4)
  })
})
