// Two-factor codes (server/security/two-factor/, contract/security.ts): turning them on with the
// first code and getting the recovery codes once, turning them off with a code, sign-in's second
// step with its challenge, each code accepted once (a replay is refused, of two sign-ins with one
// code one wins), wrong codes counted on the guessing limits, and the -4 gate that one confirmed
// code opens for exactly one call. Every answer of this file is below HTTP 500.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BB_FAIL, BB_OK, REAUTH_REQUIRED, SECOND_FACTOR_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { FACTOR_CONFIRMATION_SECONDS, FRESH_PASSWORD_SECONDS, LOGIN_CHALLENGE_SECONDS, RECOVERY_CODE_COUNT, SECURITY_PATHS as P } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/login-limit.ts'
import { hashToken } from '../../server/auth/sessions.ts'
import type { AppContext } from '../../server/context.ts'
import { ApiError, failureBody } from '../../server/http/envelope.ts'
import { requireSecondFactor, requireSecurityProof, secondFactorRequired } from '../../server/security/second-factor.ts'
import { TOTP_SETUP_SECONDS } from '../../server/security/two-factor/calls.ts'
import { twoFactorSummary } from '../../server/security/two-factor/state.ts'
import { totpCode } from '../../server/security/two-factor/totp.ts'
import { admin } from './admin-cli.ts'
import { type Answer, registerAndLogin, startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'

const PASSWORD = 'Secret2026pass'
const FAIL = (msg: string) => ({ code: BB_FAIL, msg, data: null })
const MINUS_4 = { code: SECOND_FACTOR_REQUIRED, msg: M.secondFactorRequired, data: null }

let server: TestServer
const statuses: number[] = []
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())
afterEach(() => {
  // Zero 5xx, whatever a test sent.
  expect(statuses.filter((status) => status >= 500)).toEqual([])
})

interface User {
  email: string
  userId: number
  headers: Record<string, string>
}

async function post(path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await server.post(path, form, headers)
  statuses.push(answer.status)
  return answer
}

let serial = 0
async function newUser(): Promise<User> {
  const email = `two-factor-${++serial}@example.com`
  const session = await registerAndLogin(server, email, PASSWORD)
  return { email, userId: Number(session.userId), headers: { 'access-token': session.token } }
}

/** A code of the next 30-second step: each step's code is accepted once per user. */
function nextCode(secret: string): string {
  server.clock.advance(30)
  return totpCode(secret, server.clock.now)
}

async function enable(user: User): Promise<{ secret: string; codes: string[] }> {
  const started = await post(P.totpStart, {}, user.headers)
  expect(started.json.code).toBe(BB_OK)
  const secret: string = started.json.data.secret
  const enabled = await post(P.totpEnable, { code: totpCode(secret, server.clock.now) }, user.headers)
  expect(enabled.json.code).toBe(BB_OK)
  return { secret, codes: enabled.json.data.codes }
}

const login = (user: User, device?: string) => post(USER_PATHS.login, { account: user.email, password: PASSWORD, ...(device ? { device } : {}) })
const loginCode = (challenge: string, code: string, headers: Record<string, string> = {}) => post(P.loginCode, { challenge, code }, headers)
const info = (userId: number, token: string) => post(USER_PATHS.info, { userId: String(userId) }, { 'access-token': token })
/** 1 when a gate lets the call through, else the code it throws. */
const codeOf = async (gate: Promise<unknown>) => await gate.then(() => 1, (error: unknown) => (error instanceof ApiError ? error.code : error))
const summary = (user: User) => server.withDb((db) => twoFactorSummary(db, user.userId))
const sessionsOf = (user: User) => server.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM sessions WHERE user_id = ?', user.userId))?.n))
const subjects = async (user: User) => (await server.mailsTo(user.email)).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])

describe('turning two-factor codes on', () => {
  it('hands out a key and its otpauth URI, keeps it sealed, and turns on with its first code', async () => {
    const user = await newUser()
    const started = await post(P.totpStart, {}, user.headers)
    expect(started.json.code).toBe(BB_OK)
    const { secret, uri } = started.json.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(`otpauth://totp/Exchange:${encodeURIComponent(user.email)}?issuer=Exchange&secret=${secret}&algorithm=SHA1&digits=6&period=30`)
    const row = await server.withDb((db) => db.get('SELECT * FROM totp_keys WHERE user_id = ?', user.userId))
    expect(row?.secret).toBe('')
    expect(String(row?.secret_sealed)).toMatch(/^v1:[0-9a-f]{12}:/)
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(row?.enabled_at).toBeNull()
    expect(await summary(user)).toEqual({ twoFactor: false, recoveryCodesLeft: 0 })

    const wrong = String((Number(totpCode(secret, server.clock.now)) + 1) % 1_000_000).padStart(6, '0')
    expect((await post(P.totpEnable, { code: wrong }, user.headers)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect(await summary(user)).toEqual({ twoFactor: false, recoveryCodesLeft: 0 })

    const enabled = await post(P.totpEnable, { code: totpCode(secret, server.clock.now) }, user.headers)
    expect(enabled.json.code).toBe(BB_OK)
    const codes: string[] = enabled.json.data.codes
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/)
    expect(await summary(user)).toEqual({ twoFactor: true, recoveryCodesLeft: RECOVERY_CODE_COUNT })
    const stored = await server.withDb((db) => db.all('SELECT code_hash FROM recovery_codes WHERE user_id = ?', user.userId))
    expect(stored.map((r) => String(r.code_hash))).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{64}$/)]))
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''))
    expect(await subjects(user)).toContain('Two-factor authentication was turned on')

    // Once on, neither a new setup nor a second enable; the codes are never shown again.
    expect((await post(P.totpStart, {}, user.headers)).json).toEqual(FAIL(M.twoFactorAlreadyOn))
    expect((await post(P.totpEnable, { code: nextCode(secret) }, user.headers)).json).toEqual(FAIL(M.twoFactorAlreadyOn))
  })

  it('wants the login password given within FRESH_PASSWORD_SECONDS (-3), then the code', async () => {
    const user = await newUser()
    const { secret } = (await post(P.totpStart, {}, user.headers)).json.data
    server.clock.advance(FRESH_PASSWORD_SECONDS)
    const code = totpCode(secret, server.clock.now)
    expect((await post(P.totpEnable, { code }, user.headers)).json).toEqual({ code: REAUTH_REQUIRED, msg: M.reauthRequired, data: null })
    expect(await summary(user)).toEqual({ twoFactor: false, recoveryCodesLeft: 0 })
    expect((await post(USER_PATHS.confirmPassword, { password: PASSWORD }, user.headers)).json.code).toBe(BB_OK)
    expect((await post(P.totpEnable, { code }, user.headers)).json.code).toBe(BB_OK)
  })

  it('refuses a setup left too long, or never started; starting again replaces the key', async () => {
    const user = await newUser()
    expect((await post(P.totpEnable, { code: '123456' }, user.headers)).json).toEqual(FAIL(M.twoFactorSetupExpired))
    const first = (await post(P.totpStart, {}, user.headers)).json.data.secret
    server.clock.advance(TOTP_SETUP_SECONDS)
    expect((await post(P.totpEnable, { code: totpCode(first, server.clock.now) }, user.headers)).json).toEqual(FAIL(M.twoFactorSetupExpired))
    await post(USER_PATHS.confirmPassword, { password: PASSWORD }, user.headers)
    const second = (await post(P.totpStart, {}, user.headers)).json.data.secret
    expect(second).not.toBe(first)
    expect((await post(P.totpEnable, { code: totpCode(first, server.clock.now) }, user.headers)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect((await post(P.totpEnable, { code: totpCode(second, server.clock.now) }, user.headers)).json.code).toBe(BB_OK)
  })
})

describe('signing in', () => {
  it('takes two steps: the password answers a challenge, the challenge and a code a session', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const sessions = await sessionsOf(user)
    const first = await login(user, 'device-0123456789abcdef')
    expect(first.json).toEqual({ code: BB_OK, msg: M.ok, data: { userId: '', token: '', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } })
    expect(await sessionsOf(user)).toBe(sessions)
    const challenge: string = first.json.data.challenge
    const stored = await server.withDb((db) => db.get('SELECT challenge_hash, device FROM login_challenges WHERE user_id = ?', user.userId))
    expect(stored?.device).toBe('device-0123456789abcdef')
    expect(stored?.challenge_hash).not.toBe(challenge)

    const second = await loginCode(challenge, nextCode(secret))
    expect(second.json.code).toBe(BB_OK)
    expect(second.json.msg).toBe(M.loginSuccess)
    expect(second.json.data.userId).toBe(String(user.userId))
    expect((await info(user.userId, second.json.data.token)).json.code).toBe(BB_OK)
    expect(await sessionsOf(user)).toBe(sessions + 1)
    // The challenge is used up.
    expect((await loginCode(challenge, nextCode(secret))).json).toEqual(FAIL(M.signInExpired))
  })

  it('a wrong password still answers loginFailed and no challenge; a bad device id is ignored', async () => {
    const user = await newUser()
    await enable(user)
    expect((await post(USER_PATHS.login, { account: user.email, password: 'Wrong2026pass' })).json).toEqual(FAIL(M.loginFailed))
    const answer = await login(user, 'bad id!')
    expect(answer.json.data.challenge).toEqual(expect.any(String))
    expect((await server.withDb((db) => db.get('SELECT device FROM login_challenges WHERE user_id = ?', user.userId)))?.device).toBe('')
  })

  it('refuses an expired challenge, and opens no session', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const challenge = (await login(user)).json.data.challenge
    server.clock.advance(LOGIN_CHALLENGE_SECONDS)
    const sessions = await sessionsOf(user)
    expect((await loginCode(challenge, totpCode(secret, server.clock.now))).json).toEqual(FAIL(M.signInExpired))
    expect(await sessionsOf(user)).toBe(sessions)
    // The code was not used by the refusal: a new challenge takes it.
    const fresh = (await login(user)).json.data.challenge
    expect((await loginCode(fresh, totpCode(secret, server.clock.now))).json.code).toBe(BB_OK)
  })

  it('accepts a code once: a replay within its window is refused, so is an older step after a newer one', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const code = nextCode(secret)
    expect((await loginCode((await login(user)).json.data.challenge, code)).json.code).toBe(BB_OK)
    const challenge = (await login(user)).json.data.challenge
    expect((await loginCode(challenge, code)).json).toEqual(FAIL(M.twoFactorCodeUsed))
    server.clock.advance(30)
    // The previous step's code is in the window, but that step is used.
    expect((await loginCode(challenge, code)).json).toEqual(FAIL(M.twoFactorCodeUsed))
    expect((await loginCode(challenge, totpCode(secret, server.clock.now))).json.code).toBe(BB_OK)
  })

  it('of two concurrent sign-ins with one code, exactly one wins', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const [a, b, c] = await Promise.all([login(user), login(user), login(user)])
    const code = nextCode(secret)
    const challenges = [a, b, c].map((answer) => answer.json.data.challenge as string)
    const sessions = await sessionsOf(user)
    // Two challenges, and the same challenge twice.
    const answers = await Promise.all([loginCode(challenges[0]!, code), loginCode(challenges[1]!, code), loginCode(challenges[2]!, code), loginCode(challenges[2]!, code)])
    expect(answers.filter((answer) => answer.json.code === BB_OK)).toHaveLength(1)
    for (const lost of answers.filter((answer) => answer.json.code !== BB_OK)) expect(lost.json).toEqual(FAIL(M.twoFactorCodeUsed))
    expect(await sessionsOf(user)).toBe(sessions + 1)
  })

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const user = await newUser()
    const { codes } = await enable(user)
    const [code, other] = codes as [string, string]
    const typed = code.replace('-', '').toUpperCase()
    expect((await loginCode((await login(user)).json.data.challenge, typed)).json.code).toBe(BB_OK)
    expect(await summary(user)).toEqual({ twoFactor: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 })
    expect(await subjects(user)).toContain('A recovery code was used')
    const challenge = (await login(user)).json.data.challenge
    expect((await loginCode(challenge, code)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect((await loginCode(challenge, other)).json.code).toBe(BB_OK)
    expect(await summary(user)).toEqual({ twoFactor: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 2 })
  })

  it('refuses garbage and foreign challenges clearly and changes nothing', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const a = await enable(alice)
    const b = await enable(bob)
    const challenge = (await login(alice)).json.data.challenge
    for (const code of ['abc', '12345', '1234567', '12 34 5', 'abcd-efgh-ijkl', '１２３４５６', 'null']) {
      expect((await loginCode(challenge, code)).json).toEqual(FAIL(M.twoFactorCodeError))
    }
    // Bob's code and recovery code do not open Alice's challenge.
    const code = nextCode(b.secret)
    expect((await loginCode(challenge, code)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect((await loginCode(challenge, b.codes[0]!)).json).toEqual(FAIL(M.twoFactorCodeError))
    // Challenges never issued, malformed, or taken from the password step's answer and changed.
    for (const forged of ['x'.repeat(43), challenge.slice(1), `${challenge}=`, 'garbage', '../../etc']) {
      expect((await loginCode(forged, totpCode(a.secret, server.clock.now))).json).toEqual(FAIL(M.signInExpired))
    }
    const missing = await post(P.loginCode, { challenge })
    expect(missing.status).toBe(400)
    expect(missing.json).toEqual(FAIL(M.missingField))
    expect((await server.postRaw(P.loginCode, '{"challenge":1,"code":2}', { 'content-type': 'application/json' })).status).toBe(400)
    expect(await summary(bob)).toEqual({ twoFactor: true, recoveryCodesLeft: RECOVERY_CODE_COUNT })
    // Alice's challenge and her code of this step are still good.
    expect((await loginCode(challenge, totpCode(a.secret, server.clock.now))).json.code).toBe(BB_OK)
  })
})

describe('the guessing limits', () => {
  it('count wrong and replayed codes, not right ones, and refuse even a right code once reached', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const address = { [TEST_ADDRESS_HEADER]: '203.0.113.77' }
    const failures = () => server.withDb(async (db) => Number((await db.get('SELECT failures FROM login_failures WHERE key = ?', `pair totp ${user.userId} 203.0.113.77`))?.failures ?? 0))
    const challenge = (await login(user)).json.data.challenge
    const right = nextCode(secret)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    expect((await post(P.confirmFactor, { code: right }, { ...user.headers, ...address })).json.code).toBe(BB_OK)
    expect(await failures()).toBe(0)
    expect((await loginCode(challenge, right, address)).json).toEqual(FAIL(M.twoFactorCodeUsed))
    expect(await failures()).toBe(1)
    for (let i = 1; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) expect((await loginCode(challenge, wrong, address)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect(await failures()).toBe(FAILURES_PER_ACCOUNT_AND_ADDRESS)
    const limited = await loginCode(challenge, nextCode(secret), address)
    expect(limited.json).toEqual(FAIL(M.tooManyAttempts))
    expect((await post(P.confirmFactor, { code: totpCode(secret, server.clock.now) }, { ...user.headers, ...address })).json).toEqual(FAIL(M.tooManyAttempts))
    // Another address still gets its own budget for the same challenge.
    expect((await loginCode(challenge, totpCode(secret, server.clock.now), { [TEST_ADDRESS_HEADER]: '198.51.100.9' })).json.code).toBe(BB_OK)
  })
})

describe('the -4 gate', () => {
  it('refuses a password change until a code is confirmed, then lets exactly one through', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const change = (tradePassword: string) => post(USER_PATHS.setTransactionPwd, { loginPassword: PASSWORD, tradePassword }, user.headers)
    const hashOf = () => server.withDb(async (db) => (await db.get('SELECT trade_password_hash FROM users WHERE id = ?', user.userId))?.trade_password_hash)
    const before = await hashOf()
    const refused = await change('111111')
    expect(refused.status).toBe(200)
    expect(refused.json).toEqual(MINUS_4)
    expect(await hashOf()).toBe(before)
    // The password is still checked first: a wrong one is refused as before.
    expect((await post(USER_PATHS.setTransactionPwd, { loginPassword: 'Wrong2026pass', tradePassword: '111111' }, user.headers)).json).toEqual(FAIL(M.passwordIncorrect))

    expect((await post(P.confirmFactor, { code: nextCode(secret) }, user.headers)).json).toEqual({ code: BB_OK, msg: M.ok, data: null })
    const [one, two] = await Promise.all([change('111111'), change('222222')])
    expect([one.json.code, two.json.code].toSorted()).toEqual([SECOND_FACTOR_REQUIRED, BB_OK].toSorted())
    expect(await hashOf()).not.toBe(before)
    expect((await change('333333')).json).toEqual(MINUS_4)
  })

  it('gates the login password change; a confirmation lasts FACTOR_CONFIRMATION_SECONDS and is per session', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const other = (await loginCode((await login(user)).json.data.challenge, nextCode(secret))).json.data
    const otherHeaders = { 'access-token': other.token }
    const update = (headers: Record<string, string>) => post(USER_PATHS.updatePwd, { oldPassword: PASSWORD, newPassword: PASSWORD }, headers)
    expect((await update(user.headers)).json).toEqual(MINUS_4)
    expect((await post(P.confirmFactor, { code: nextCode(secret) }, user.headers)).json.code).toBe(BB_OK)
    expect((await update(otherHeaders)).json).toEqual(MINUS_4)
    server.clock.advance(FACTOR_CONFIRMATION_SECONDS)
    expect((await update(user.headers)).json).toEqual(MINUS_4)
    expect((await post(P.confirmFactor, { code: nextCode(secret) }, user.headers)).json.code).toBe(BB_OK)
    expect((await update(user.headers)).json.code).toBe(BB_OK)
  })

  it('leaves users without two-factor codes alone, and confirmFactor tells them it is off', async () => {
    const user = await newUser()
    expect((await post(P.confirmFactor, { code: '123456' }, user.headers)).json).toEqual(FAIL(M.twoFactorNotOn))
    expect((await post(USER_PATHS.setTransactionPwd, { loginPassword: PASSWORD, tradePassword: '111111' }, user.headers)).json.code).toBe(BB_OK)
  })

  it('reaches every envelope group like -3', () => {
    const error = secondFactorRequired()
    expect(error.httpStatus).toBe(200)
    expect(failureBody('/bb/user/updatePwd', error.code, error.message, error.httpStatus)).toEqual(MINUS_4)
    expect(failureBody('/contract/app/contract/second/create', error.code, error.message, error.httpStatus)).toEqual({ code: -4, msg: M.secondFactorRequired, result: null })
  })

  it('a request that asks both gates spends one confirmation; without codes, the proof is a fresh password (-3)', async () => {
    const withCodes = await newUser()
    const { secret } = await enable(withCodes)
    const without = await newUser()
    await server.withDb(async (db) => {
      // The gates read only the database and the clock.
      const ctx = { db, now: () => server.clock.now } as unknown as AppContext
      const sessionOf = async (user: User) => {
        const tokenHash = hashToken(user.headers['access-token']!)
        const row = await db.get('SELECT confirmed_at, password_at FROM sessions WHERE token_hash = ?', tokenHash)
        return { userId: user.userId, tokenHash, confirmedAt: Number(row?.confirmed_at), passwordAt: Number(row?.password_at) }
      }
      expect((await post(P.confirmFactor, { code: nextCode(secret) }, withCodes.headers)).json.code).toBe(BB_OK)
      const request = await sessionOf(withCodes)
      expect(await codeOf(requireSecondFactor(ctx, request))).toBe(1)
      expect(await codeOf(requireSecurityProof(ctx, request))).toBe(1)
      // The next request (a Session of its own) finds the confirmation spent.
      expect(await codeOf(requireSecurityProof(ctx, await sessionOf(withCodes)))).toBe(SECOND_FACTOR_REQUIRED)

      expect(await codeOf(requireSecondFactor(ctx, await sessionOf(without)))).toBe(1)
      expect(await codeOf(requireSecurityProof(ctx, await sessionOf(without)))).toBe(1)
      server.clock.advance(FRESH_PASSWORD_SECONDS)
      expect(await codeOf(requireSecurityProof(ctx, await sessionOf(without)))).toBe(REAUTH_REQUIRED)
    })
  })

  it('needs a session', async () => {
    for (const path of [P.totpStart, P.totpEnable, P.totpDisable, P.confirmFactor]) {
      expect((await post(path, { code: '123456' })).json.code).toBe(-2)
    }
  })
})

describe('turning two-factor codes off', () => {
  it('needs a right code; then sign-in takes the password alone again', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const pending = (await login(user)).json.data.challenge
    expect((await post(P.totpDisable, { code: 'nonsense' }, user.headers)).json).toEqual(FAIL(M.twoFactorCodeError))
    const wrong = String((Number(nextCode(secret)) + 1) % 1_000_000).padStart(6, '0')
    expect((await post(P.totpDisable, { code: wrong }, user.headers)).json).toEqual(FAIL(M.twoFactorCodeError))
    expect((await summary(user)).twoFactor).toBe(true)
    expect((await post(P.totpDisable, { code: totpCode(secret, server.clock.now) }, user.headers)).json).toEqual({ code: BB_OK, msg: M.ok, data: null })
    expect(await summary(user)).toEqual({ twoFactor: false, recoveryCodesLeft: 0 })
    expect(await server.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM recovery_codes WHERE user_id = ?', user.userId))?.n))).toBe(0)
    expect(await subjects(user)).toContain('Two-factor authentication was turned off')
    // The pending second step is gone; the password alone signs in.
    expect((await loginCode(pending, nextCode(secret))).json).toEqual(FAIL(M.signInExpired))
    const plain = await login(user)
    expect(plain.json.data.token).toEqual(expect.any(String))
    expect(plain.json.data.challenge).toBeUndefined()
    expect((await post(P.totpDisable, { code: nextCode(secret) }, user.headers)).json).toEqual(FAIL(M.twoFactorNotOn))
  })

  it('takes a recovery code', async () => {
    const user = await newUser()
    const { codes } = await enable(user)
    expect((await post(P.totpDisable, { code: codes[3]! }, user.headers)).json.code).toBe(BB_OK)
    expect((await summary(user)).twoFactor).toBe(false)
  })
})

describe('the data key', () => {
  it('keys rotate re-seals two-factor keys, keys prune drops the old key, and codes keep working', async () => {
    const user = await newUser()
    const { secret } = await enable(user)
    const sealedKey = () => server.withDb(async (db) => String((await db.get('SELECT secret_sealed FROM totp_keys WHERE user_id = ?', user.userId))?.secret_sealed))
    const before = await sealedKey()
    const rotated = await admin(server, 'keys', 'rotate')
    expect(rotated.code, rotated.stderr).toBe(0)
    expect(rotated.stdout).toMatch(/re-sealed under it: .*\b[1-9]\d* two-factor keys/)
    const newId = /new data key ([0-9a-f]{12})/.exec(rotated.stdout)?.[1] ?? ''
    expect((await sealedKey()).slice(3, 15)).toBe(newId)
    expect(await sealedKey()).not.toBe(before)
    const pruned = await admin(server, 'keys', 'prune')
    expect(pruned.code, pruned.stderr).toBe(0)
    expect(pruned.stdout).toContain('removed')
    expect(rotated.stdout + pruned.stdout).not.toContain(secret)
    expect((await post(P.confirmFactor, { code: nextCode(secret) }, user.headers)).json.code).toBe(BB_OK)
  })
})
