// The security history and the anti-phishing code (issue 22; server/security/events.ts,
// server/security/account/): the owner's own changes land in the history with address, device and
// detail, capped; the anti-phishing code is checked, masked in the overview, and is the first line
// of every mail to a registered account — and of none to an address without one. Zero 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REAUTH_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { FRESH_PASSWORD_SECONDS, SECURITY_HISTORY_SIZE, SECURITY_PATHS as P, type SecurityHistoryEntry } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { recordSecurityHistory } from '../../server/security/account/security-history.ts'
import { ANDROID_CHROME, bodyOf, call, fromHeaders, IPHONE_SAFARI, newAccount, PASSWORD, type Signed, signIn, subjectOf, WINDOWS_CHROME } from './account-security-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const IPHONE = { userAgent: IPHONE_SAFARI, address: '198.51.100.7' }
const WINDOWS = { userAgent: WINDOWS_CHROME, address: '203.0.113.9' }
const historyOf = async (signed: Signed): Promise<SecurityHistoryEntry[]> => (await call(server, P.history, {}, signed.headers)).json.data as SecurityHistoryEntry[]
const setCode = (signed: Signed, code: string) => call(server, P.setAntiPhishing, { code }, signed.headers)
const mailCount = async (email: string) => (await server.mailsTo(email)).length
/** The mails sent to `email` from the `from`-th on. */
const mailsSince = async (email: string, from: number) => (await server.mailsTo(email)).slice(from)

describe('the security history', () => {
  it('records password and fund password changes and a reset, with address, device and browser', async () => {
    const email = 'changes@history.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    expect((await call(server, USER_PATHS.setTransactionPwd, { loginPassword: PASSWORD, tradePassword: '135790' }, phone.headers)).json.code).toBe(1)
    expect((await call(server, USER_PATHS.updatePwd, { oldPassword: PASSWORD, newPassword: 'Changed2026pass' }, phone.headers)).json.code).toBe(1)
    server.clock.advance(61)
    await call(server, USER_PATHS.sendEmailCodeForget, { email })
    const code = await server.readCode(email)
    const reset = await call(server, USER_PATHS.forgetPwd, { email, code, password: PASSWORD }, fromHeaders(WINDOWS))
    expect(reset.json.code, reset.text).toBe(1)
    const desktop = await signIn(server, email, WINDOWS)
    const events = (await historyOf(desktop)).filter((entry) => entry.event !== 'login.newDevice')
    expect(events).toEqual([
      { at: server.clock.now, event: 'password.reset', address: WINDOWS.address, device: 'Windows', browser: 'Chrome 142', detail: '' },
      { at: server.clock.now - 61_000, event: 'password.changed', address: IPHONE.address, device: 'iPhone', browser: 'Safari 17', detail: '' },
      { at: server.clock.now - 61_000, event: 'fundPassword.changed', address: IPHONE.address, device: 'iPhone', browser: 'Safari 17', detail: '' },
    ])
    // Each is still mailed as before.
    const subjects = (await server.mailsTo(email)).map(subjectOf)
    for (const subject of ['Your fund password was changed', 'Your login password was changed', 'Your password was reset']) expect(subjects).toContain(subject)
  })

  it(`keeps the newest ${SECURITY_HISTORY_SIZE} per user, and only the user's own`, async () => {
    await newAccount(server, 'capped@history.test')
    await newAccount(server, 'other@history.test')
    const mine = await signIn(server, 'capped@history.test', IPHONE)
    const other = await signIn(server, 'other@history.test', IPHONE)
    const userId = Number(mine.userId)
    await server.withDb(async (db) => {
      for (let i = 0; i < SECURITY_HISTORY_SIZE + 5; i++) {
        await recordSecurityHistory(db, userId, server.clock.now + i, 'passkey.added', { address: '10.0.0.1', detail: `key ${i}` })
      }
    })
    const history = await historyOf(mine)
    expect(history).toHaveLength(SECURITY_HISTORY_SIZE)
    expect(history[0]?.detail).toBe(`key ${SECURITY_HISTORY_SIZE + 4}`)
    expect(history.at(-1)?.detail).toBe('key 5')
    expect((await historyOf(other)).every((entry) => entry.event === 'login.newDevice')).toBe(true)
  })
})

describe('the anti-phishing code', () => {
  it('is checked, changes nothing when refused, and is shown masked in the overview', async () => {
    const email = 'rules@phishing.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    for (const bad of ['abc', 'a'.repeat(21), 'with space', 'semi;colon', '<b>ab</b>', '1234\n5678']) {
      expect((await setCode(phone, bad)).json, bad).toEqual({ code: 0, msg: M.antiPhishingRule, data: null })
    }
    expect((await call(server, P.setAntiPhishing, {}, phone.headers)).status).toBe(400)
    expect((await call(server, P.overview, {}, phone.headers)).json.data.antiPhishing).toBe('')
    expect((await setCode(phone, 'Tiger2026')).json.code).toBe(1)
    const overview = (await call(server, P.overview, {}, phone.headers)).json
    expect(overview).toMatchObject({ code: 1, data: { antiPhishing: 'Ti****', twoFactor: false, recoveryCodesLeft: 0, passkeys: 0, allowList: { on: false, offAt: null } } })
    // Any script's letters.
    expect((await setCode(phone, '虎虎生风2026')).json.code).toBe(1)
    expect((await call(server, P.overview, {}, phone.headers)).json.data.antiPhishing).toBe('虎虎****')
    const history = await historyOf(phone)
    // The history names the code masked, never in full.
    expect(history.slice(0, 2).map((entry) => [entry.event, entry.detail])).toEqual([['antiPhishing.changed', '虎虎****'], ['antiPhishing.changed', 'Ti****']])
    expect(JSON.stringify(history)).not.toContain('Tiger2026')
    // '' clears it.
    expect((await setCode(phone, '')).json.code).toBe(1)
    expect((await call(server, P.overview, {}, phone.headers)).json.data.antiPhishing).toBe('')
    expect((await historyOf(phone))[0]).toMatchObject({ event: 'antiPhishing.changed', detail: '' })
  })

  it('needs a fresh password to change', async () => {
    const email = 'proof@phishing.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    server.clock.advance(FRESH_PASSWORD_SECONDS)
    expect((await setCode(phone, 'Lion2026')).json.code).toBe(REAUTH_REQUIRED)
    expect((await call(server, P.overview, {}, phone.headers)).json.data.antiPhishing).toBe('')
  })

  it('starts every kind of mail to the account, the new code from the notice of its change on', async () => {
    const email = 'mails@phishing.test'
    await newAccount(server, email)
    const phone = await signIn(server, email, IPHONE)
    const start = await mailCount(email)
    expect((await setCode(phone, 'Panda2026')).json.code).toBe(1)
    // A registration attempt on the taken address, a reset code, a security notice, the new device.
    server.clock.advance(61)
    await call(server, USER_PATHS.sendEmailCode, { email })
    await call(server, USER_PATHS.sendEmailCodeForget, { email })
    expect((await call(server, USER_PATHS.setTransactionPwd, { loginPassword: PASSWORD, tradePassword: '135790' }, (await signIn(server, email, WINDOWS)).headers)).json.code).toBe(1)
    // Changed again: the notice of the change already carries the new code.
    const changedAt = await mailCount(email)
    expect((await setCode(phone, 'Koala2026')).json.code).toBe(1)
    // Someone hammering the password: the owner's warning.
    const attacker = fromHeaders({ userAgent: ANDROID_CHROME, address: '192.0.2.1' })
    for (let i = 0; i < 10; i++) {
      server.clock.advance(60)
      await call(server, USER_PATHS.login, { account: email, password: 'Guess2026pass' }, { ...attacker, 'x-test-client-address': `192.0.2.${i + 1}` })
    }
    const mails = await mailsSince(email, start)
    const subjects = mails.map(subjectOf)
    for (const subject of ['Your anti-phishing code was changed', 'You already have an account', 'Your password reset code', 'Sign-in from a new device', 'Your fund password was changed', 'Someone is trying to get into your account']) {
      expect(subjects, subject).toContain(subject)
    }
    const firstLines = mails.map((mail) => bodyOf(mail).split('\r\n')[0])
    const cut = changedAt - start
    expect(firstLines.slice(0, cut)).toEqual(Array(cut).fill('Anti-phishing code: Panda2026'))
    expect(firstLines.slice(cut)).toEqual(Array(mails.length - cut).fill('Anti-phishing code: Koala2026'))
    expect(subjects.slice(cut)).toEqual(['Your anti-phishing code was changed', 'Someone is trying to get into your account'])
  })

  it('is in no mail to an address without an account, and mails keep their order', async () => {
    const stranger = 'stranger@phishing.test'
    await call(server, USER_PATHS.sendEmailCode, { email: stranger })
    const [mail] = await server.mailsTo(stranger)
    expect(bodyOf(mail ?? '')).toMatch(/^Your verification code is \d{6}/)
    expect(mail).not.toContain('Anti-phishing')
    // Mails leave in the order they were sent: the reset's notice after its code.
    const email = 'order@phishing.test'
    await newAccount(server, email)
    expect((await setCode(await signIn(server, email, IPHONE), 'Order2026')).json.code).toBe(1)
    server.clock.advance(61)
    await call(server, USER_PATHS.sendEmailCodeForget, { email })
    await call(server, USER_PATHS.forgetPwd, { email, code: await server.readCode(email), password: 'Changed2026pass' })
    const subjects = (await server.mailsTo(email)).map(subjectOf)
    expect(subjects.slice(-2)).toEqual(['Your password reset code', 'Your password was reset'])
  })
})
