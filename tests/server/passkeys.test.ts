// Passkeys (server/security/passkeys/, contract/security.ts) with a real software authenticator
// (passkey-authenticator.ts: P-256 keys, attestation 'none', assertions signed per the WebAuthn
// spec): add one, sign in with it without an email (discoverable), list and remove. Refused, with a
// clear message, nothing changed and no session: a wrong origin or RP id, a foreign credential, a
// replayed or expired challenge, a registration's challenge used to sign in, a sign count that
// does not grow (a cloned key), another account's user handle, garbage. Every answer is below 500.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BB_FAIL, BB_OK, REAUTH_REQUIRED, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES as M } from '../../src/contract/messages.ts'
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, SECURITY_PATHS as P } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/login-limit.ts'
import { MAX_LIVE_CHALLENGES } from '../../server/security/passkeys/challenges.ts'
import { relyingPartyOf } from '../../server/security/passkeys/relying-party.ts'
import { RESPONSE_MAX_LENGTH } from '../../server/security/passkeys/response-json.ts'
import { countPasskeys } from '../../server/security/passkeys/store.ts'
import { totpCode } from '../../server/security/two-factor/totp.ts'
import { type Answer, registerAndLogin, startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'
import { type CeremonyOverrides, SoftwareAuthenticator } from './passkey-authenticator.ts'

const PASSWORD = 'Secret2026pass'
const FAIL = (msg: string) => ({ code: BB_FAIL, msg, data: null })

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

/** The page's origin: the server as the test reaches it (the Host header fetch sends). */
const origin = () => server.url
/** What a browser sends with a POST of the app: its Origin (and, here, the address it pretends to be). */
const browser = (address = '10.9.0.1'): Record<string, string> => ({ origin: origin(), [TEST_ADDRESS_HEADER]: address })

async function post(path: string, form: Record<string, string> = {}, headers: Record<string, string> = browser()): Promise<Answer> {
  const answer = await server.post(path, form, headers)
  statuses.push(answer.status)
  return answer
}

let serial = 0
async function newUser(): Promise<User> {
  const email = `passkey-${++serial}@example.com`
  const session = await registerAndLogin(server, email, PASSWORD)
  return { email, userId: Number(session.userId), headers: { ...browser(), 'access-token': session.token } }
}

async function registrationOptions(user: User): Promise<{ challengeId: string; options: string }> {
  const answer = await post(P.passkeyRegisterOptions, {}, user.headers)
  expect(answer.json.code, answer.text).toBe(BB_OK)
  return answer.json.data
}

/** The whole registration: options, the authenticator, the verification. */
async function addPasskey(user: User, authenticator: SoftwareAuthenticator, name?: string, overrides: CeremonyOverrides = {}): Promise<Answer> {
  const { challengeId, options } = await registrationOptions(user)
  const response = authenticator.register(options, origin(), overrides)
  return await post(P.passkeyRegister, { challengeId, response, ...(name === undefined ? {} : { name }) }, user.headers)
}

async function loginOptions(address?: string): Promise<{ challengeId: string; options: string }> {
  const answer = await post(P.passkeyLoginOptions, {}, browser(address))
  expect(answer.json.code, answer.text).toBe(BB_OK)
  return answer.json.data
}

/** The whole sign-in: options without a session, the authenticator's assertion, the verification. */
async function signIn(authenticator: SoftwareAuthenticator, overrides: CeremonyOverrides = {}, address?: string): Promise<Answer> {
  const { challengeId, options } = await loginOptions(address)
  const response = authenticator.authenticate(options, origin(), overrides)
  return await post(P.passkeyLogin, { challengeId, response, device: 'device-passkey-test-01' }, browser(address))
}

/** What a refused attempt must leave as it was: the passkeys (counts, last use) and the sessions. */
const stateOf = () =>
  server.withDb(async (db) => ({
    passkeys: await db.all('SELECT id, user_id, counter, last_used_at, name FROM passkeys ORDER BY id'),
    sessions: Number((await db.get('SELECT count(*) AS n FROM sessions'))?.n),
  }))

/** The sign count stored for the user's (first) passkey. */
const storedCounter = (user: User) => server.withDb(async (db) => Number((await db.get('SELECT counter FROM passkeys WHERE user_id = ? ORDER BY id', user.userId))?.counter))

/** The answer is the refusal `msg`, and the passkeys and sessions are as they were. */
async function expectRefused(send: () => Promise<Answer>, msg: string): Promise<void> {
  const before = await stateOf()
  expect((await send()).json).toEqual(FAIL(msg))
  expect(await stateOf()).toEqual(before)
}

describe('adding a passkey and signing in with it', () => {
  it('registers a discoverable credential under a random user handle, then signs in without an email', async () => {
    const user = await newUser()
    const { options } = await registrationOptions(user)
    const parsed = JSON.parse(options)
    expect(parsed.rp.id).toBe('127.0.0.1')
    expect(parsed.user.name).toBe(user.email)
    // The user handle is opaque and random: not the email, not the row id.
    expect(parsed.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(parsed.user.id, 'base64url').toString('utf8')).not.toContain(user.email)
    expect(parsed.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' })
    expect(parsed.excludeCredentials).toEqual([])
    expect(parsed.attestation).toBe('none')

    const mailsBefore = (await server.mailsTo(user.email)).length
    const authenticator = new SoftwareAuthenticator()
    const added = await addPasskey(user, authenticator)
    expect(added.json).toEqual({ code: BB_OK, msg: M.ok, data: { id: expect.any(String), name: 'Passkey 1', createdAt: server.clock.now, lastUsedAt: null } })
    const mails = await server.mailsTo(user.email)
    expect(mails.length).toBe(mailsBefore + 1)
    expect(mails.at(-1)).toMatch(/^Subject: A passkey was added/m)
    expect(mails.at(-1)).toContain('Passkey 1')
    expect((await post(P.passkeyList, {}, user.headers)).json.data).toEqual([added.json.data])
    expect(await server.withDb((db) => countPasskeys(db, user.userId))).toBe(1)

    // A second one: the first is excluded, the handle is the one the account's passkeys carry.
    const second = await registrationOptions(user)
    const secondOptions = JSON.parse(second.options)
    expect(secondOptions.user.id).toBe(authenticator.credentials[0]?.userHandle)
    expect(secondOptions.excludeCredentials).toEqual([{ id: authenticator.credentials[0]?.id.toString('base64url'), type: 'public-key', transports: ['internal', 'hybrid'] }])

    const login = await loginOptions()
    const loginParsed = JSON.parse(login.options)
    expect(loginParsed.rpId).toBe('127.0.0.1')
    expect(loginParsed.allowCredentials ?? []).toEqual([])
    expect(loginParsed.userVerification).toBe('required')
    server.clock.advance(60)
    const signedIn = await post(P.passkeyLogin, { challengeId: login.challengeId, response: authenticator.authenticate(login.options, origin()) }, browser())
    expect(signedIn.json).toEqual({ code: BB_OK, msg: M.loginSuccess, data: { userId: String(user.userId), token: expect.any(String) } })
    const info = await post(USER_PATHS.info, { userId: String(user.userId) }, { 'access-token': signedIn.json.data.token })
    expect(info.json.data.email).toBe(user.email)
    const [listed] = (await post(P.passkeyList, {}, user.headers)).json.data
    expect(listed.lastUsedAt).toBe(server.clock.now)
  })

  it('satisfies the second factor: an account with two-factor codes on signs in with no code', async () => {
    const user = await newUser()
    const authenticator = new SoftwareAuthenticator()
    expect((await addPasskey(user, authenticator)).json.code).toBe(BB_OK)
    const started = await post(P.totpStart, {}, user.headers)
    expect((await post(P.totpEnable, { code: totpCode(started.json.data.secret, server.clock.now) }, user.headers)).json.code).toBe(BB_OK)
    // The password alone now gets a challenge; the passkey gets a session.
    expect((await post(USER_PATHS.login, { account: user.email, password: PASSWORD })).json.data.challenge).toEqual(expect.any(String))
    const signedIn = await signIn(authenticator)
    expect(signedIn.json.code, signedIn.text).toBe(BB_OK)
    expect(signedIn.json.data.token).not.toBe('')
    expect(signedIn.json.data.challenge).toBeUndefined()
  })

  it('names passkeys as asked (at most PASSKEY_NAME_MAX characters), else Passkey and the first free number', async () => {
    const user = await newUser()
    const authenticator = new SoftwareAuthenticator()
    expect((await addPasskey(user, authenticator, '  My phone  ')).json.data.name).toBe('My phone')
    expect((await addPasskey(user, authenticator, '鍵'.repeat(PASSKEY_NAME_MAX))).json.data.name).toBe('鍵'.repeat(PASSKEY_NAME_MAX))
    expect((await addPasskey(user, authenticator)).json.data.name).toBe('Passkey 1')
    expect((await addPasskey(user, authenticator, '')).json.data.name).toBe('Passkey 2')
    const before = await stateOf()
    for (const name of ['x'.repeat(PASSKEY_NAME_MAX + 1), 'two\nlines', 'tab\there']) {
      const { challengeId, options } = await registrationOptions(user)
      const answer = await post(P.passkeyRegister, { challengeId, response: authenticator.register(options, origin()), name }, user.headers)
      expect(answer.json, name).toEqual(FAIL(M.passkeyNameInvalid))
    }
    expect(await stateOf()).toEqual(before)
  })

  it('asks for the password again (-3) on a stale session, and the same challenge and response then pass', async () => {
    const user = await newUser()
    const authenticator = new SoftwareAuthenticator()
    const { challengeId, options } = await registrationOptions(user)
    const response = authenticator.register(options, origin())
    // The login password was given 5 minutes ago: this change of security wants it again.
    server.clock.advance(5 * 60 + 1)
    expect((await post(P.passkeyRegister, { challengeId, response }, user.headers)).json).toEqual({ code: REAUTH_REQUIRED, msg: M.reauthRequired, data: null })
    expect(await server.withDb((db) => countPasskeys(db, user.userId))).toBe(0)
    // …but the challenge has expired meanwhile (5 minutes): a refused gate does not extend it.
    expect((await post(USER_PATHS.confirmPassword, { password: PASSWORD }, user.headers)).json.code).toBe(BB_OK)
    expect((await post(P.passkeyRegister, { challengeId, response }, user.headers)).json).toEqual(FAIL(M.passkeyExpired))

    // Within the challenge's life, the dialog's answer lets the very same request through.
    server.clock.advance(4 * 60)
    const fresh = await registrationOptions(user)
    const freshResponse = authenticator.register(fresh.options, origin())
    server.clock.advance(60)
    expect((await post(P.passkeyRegister, { challengeId: fresh.challengeId, response: freshResponse }, user.headers)).json.code).toBe(REAUTH_REQUIRED)
    expect((await post(USER_PATHS.confirmPassword, { password: PASSWORD }, user.headers)).json.code).toBe(BB_OK)
    expect((await post(P.passkeyRegister, { challengeId: fresh.challengeId, response: freshResponse }, user.headers)).json.code).toBe(BB_OK)
  })
})

describe('refusals: a clear message, nothing changed, no session', () => {
  let user: User
  let authenticator: SoftwareAuthenticator
  beforeAll(async () => {
    user = await newUser()
    authenticator = new SoftwareAuthenticator()
    expect((await addPasskey(user, authenticator)).json.code).toBe(BB_OK)
  })

  // Each refusal from an address of its own, and each test in an hour of its own, so that the
  // guessing limits (tested below) stay out of the way; the password given again for the changes.
  let addresses = 0
  const fresh = () => `10.20.0.${++addresses}`
  beforeEach(async () => {
    server.clock.advance(60 * 60)
    expect((await post(USER_PATHS.confirmPassword, { password: PASSWORD }, user.headers)).json.code).toBe(BB_OK)
  })

  it('refuses an assertion made for another origin (a phishing page), and an Origin not on the Host', async () => {
    await expectRefused(() => signIn(authenticator, { origin: 'https://evil.example' }, fresh()), M.passkeyFailed)
    // A relay that left the phishing page's Origin header: no origin is expected at all.
    const address = fresh()
    const { challengeId, options } = await loginOptions(address)
    const response = authenticator.authenticate(options, 'https://evil.example')
    await expectRefused(() => post(P.passkeyLogin, { challengeId, response }, { ...browser(address), origin: 'https://evil.example' }), M.passkeyFailed)
    // Registration alike.
    const before = await stateOf()
    expect((await addPasskey(user, new SoftwareAuthenticator(), undefined, { origin: 'https://evil.example' })).json).toEqual(FAIL(M.passkeyFailed))
    expect(await stateOf()).toEqual(before)
  })

  it('refuses an assertion for another RP id, and a registration for one', async () => {
    await expectRefused(() => signIn(authenticator, { rpId: 'evil.example' }, fresh()), M.passkeyFailed)
    const before = await stateOf()
    expect((await addPasskey(user, new SoftwareAuthenticator(), undefined, { rpId: 'evil.example' })).json).toEqual(FAIL(M.passkeyFailed))
    expect(await stateOf()).toEqual(before)
  })

  it('refuses a credential no account registered', async () => {
    const stranger = new SoftwareAuthenticator()
    stranger.register(JSON.stringify({ challenge: 'x', rp: { id: '127.0.0.1' }, user: { id: 'c29tZW9uZQ' } }), origin())
    await expectRefused(() => signIn(stranger, {}, fresh()), M.passkeyUnknown)
  })

  it('refuses another account\'s user handle, and an assertion without user verification', async () => {
    await expectRefused(() => signIn(authenticator, { userHandle: Buffer.alloc(32, 7).toString('base64url') }, fresh()), M.passkeyFailed)
    await expectRefused(() => signIn(authenticator, { noUserVerification: true }, fresh()), M.passkeyFailed)
  })

  it('refuses a replayed challenge and an expired one', async () => {
    const address = fresh()
    const { challengeId, options } = await loginOptions(address)
    const response = authenticator.authenticate(options, origin())
    expect((await post(P.passkeyLogin, { challengeId, response }, browser(address))).json.code).toBe(BB_OK)
    await expectRefused(() => post(P.passkeyLogin, { challengeId, response }, browser(address)), M.passkeyExpired)

    const late = await loginOptions(address)
    const lateResponse = authenticator.authenticate(late.options, origin())
    server.clock.advance(5 * 60)
    await expectRefused(() => post(P.passkeyLogin, { challengeId: late.challengeId, response: lateResponse }, browser(address)), M.passkeyExpired)
  })

  it('refuses a registration\'s challenge used to sign in, and a sign-in\'s used to register', async () => {
    const address = fresh()
    const registration = await registrationOptions(user)
    const asLogin = authenticator.authenticate(JSON.stringify({ challenge: JSON.parse(registration.options).challenge, rpId: '127.0.0.1' }), origin())
    await expectRefused(() => post(P.passkeyLogin, { challengeId: registration.challengeId, response: asLogin }, browser(address)), M.passkeyExpired)

    const login = await loginOptions(address)
    const asRegistration = new SoftwareAuthenticator().register(JSON.stringify({ ...JSON.parse(login.options), rp: { id: '127.0.0.1' }, user: { id: 'eA' } }), origin())
    const before = await stateOf()
    expect((await post(P.passkeyRegister, { challengeId: login.challengeId, response: asRegistration }, user.headers)).json).toEqual(FAIL(M.passkeyExpired))
    expect(await stateOf()).toEqual(before)
    // A registration's challenge belongs to its user.
    const other = await newUser()
    const mine = await registrationOptions(user)
    const response = new SoftwareAuthenticator().register(mine.options, origin())
    expect((await post(P.passkeyRegister, { challengeId: mine.challengeId, response }, other.headers)).json).toEqual(FAIL(M.passkeyExpired))
    expect(await server.withDb((db) => countPasskeys(db, other.userId))).toBe(0)
  })

  it('refuses a sign count that does not grow (a cloned key); one that never counts signs in each time', async () => {
    const address = fresh()
    expect((await signIn(authenticator, {}, address)).json.code).toBe(BB_OK)
    const counter = authenticator.credentials[0]?.counter ?? 0
    expect(counter).toBeGreaterThan(0)
    await expectRefused(() => signIn(authenticator, { counter }, address), M.passkeyFailed)
    await expectRefused(() => signIn(authenticator, { counter: counter - 1 }, address), M.passkeyFailed)
    await expectRefused(() => signIn(authenticator, { counter: 0 }, address), M.passkeyFailed)
    // A count that jumped ahead is fine (the key signed elsewhere meanwhile); the key goes on from there.
    expect((await signIn(authenticator, { counter: counter + 5 }, address)).json.code).toBe(BB_OK)
    if (authenticator.credentials[0]) authenticator.credentials[0].counter = counter + 5

    const other = await newUser()
    const uncounted = new SoftwareAuthenticator(false)
    expect((await addPasskey(other, uncounted)).json.code).toBe(BB_OK)
    for (let time = 0; time < 2; time += 1) expect((await signIn(uncounted, {}, fresh())).json.code).toBe(BB_OK)
  })

  it('lets one of two sign-ins at once through: with one challenge, and with one sign count (a clone racing)', async () => {
    const address = fresh()
    const { challengeId, options } = await loginOptions(address)
    const response = authenticator.authenticate(options, origin())
    const sameChallenge = await Promise.all([0, 1].map(() => post(P.passkeyLogin, { challengeId, response }, browser(address))))
    expect(sameChallenge.map((answer) => answer.json.code).toSorted()).toEqual([BB_FAIL, BB_OK])

    const [first, second] = [await loginOptions(address), await loginOptions(address)]
    const counter = (await storedCounter(user)) + 1
    const answers = await Promise.all(
      [first, second].map((login) => post(P.passkeyLogin, { challengeId: login.challengeId, response: authenticator.authenticate(login.options, origin(), { counter }) }, browser(address))),
    )
    expect(answers.map((answer) => answer.json.code).toSorted()).toEqual([BB_FAIL, BB_OK])
    expect(await storedCounter(user)).toBe(counter)
  })

  it('refuses garbage with a clear message and no 5xx', async () => {
    const address = fresh()
    const valid = JSON.parse(authenticator.authenticate((await loginOptions(address)).options, origin()))
    const garbage = [
      'not json',
      '[]',
      'null',
      '{}',
      JSON.stringify({ ...valid, id: 1 }),
      JSON.stringify({ ...valid, rawId: 'other' }),
      JSON.stringify({ ...valid, type: 'password' }),
      JSON.stringify({ ...valid, response: 'x' }),
      JSON.stringify({ ...valid, response: { ...valid.response, signature: 'not base64url!' } }),
      JSON.stringify({ ...valid, response: { ...valid.response, authenticatorData: 'AAAA' } }),
      JSON.stringify({ ...valid, response: { ...valid.response, clientDataJSON: Buffer.from('{').toString('base64url') } }),
      JSON.stringify({ ...valid, response: { ...valid.response, userHandle: undefined } }),
      JSON.stringify({ ...valid, clientExtensionResults: [] }),
    ]
    for (const response of garbage) {
      // Failures count on the guessing limit: an address for each keeps it out of the way here.
      const where = fresh()
      const { challengeId } = await loginOptions(where)
      const before = await stateOf()
      const answer = await post(P.passkeyLogin, { challengeId, response }, browser(where))
      expect(answer.json.code, response).toBe(BB_FAIL)
      expect([M.passkeyFailed, M.passkeyUnknown], response).toContain(answer.json.msg)
      expect(answer.json.data).toBeNull()
      expect(await stateOf()).toEqual(before)
    }
    // Malformed requests: HTTP 400 in the envelope.
    expect((await post(P.passkeyLogin, { response: '{}' }, browser(address))).json).toEqual(FAIL(M.missingField))
    expect((await post(P.passkeyLogin, { challengeId: 'x' }, browser(address))).json).toEqual(FAIL(M.missingField))
    const tooLong = await post(P.passkeyLogin, { challengeId: 'x', response: 'x'.repeat(RESPONSE_MAX_LENGTH + 1) }, browser(address))
    expect([tooLong.status, tooLong.json]).toEqual([400, FAIL(M.invalidRequest)])
    const json = await server.postRaw(P.passkeyLogin, JSON.stringify({ challengeId: 'x', response: { id: 'x' } }), { 'content-type': 'application/json', ...browser(address) })
    statuses.push(json.status)
    expect([json.status, json.json]).toEqual([400, FAIL(M.invalidRequest)])
    // Unknown challenge ids, registration garbage.
    await expectRefused(() => post(P.passkeyLogin, { challengeId: 'no-such-challenge', response: JSON.stringify(valid) }, browser(address)), M.passkeyExpired)
    for (const response of ['not json', '{}', JSON.stringify({ ...valid, response: { clientDataJSON: valid.response.clientDataJSON, attestationObject: 'AAAA' } })]) {
      const { challengeId } = await registrationOptions(user)
      await expectRefused(() => post(P.passkeyRegister, { challengeId, response }, user.headers), M.passkeyFailed)
    }
    // No session: the session calls answer -2.
    for (const path of [P.passkeyRegisterOptions, P.passkeyRegister, P.passkeyList, P.passkeyRemove]) {
      expect((await post(path, { challengeId: 'x', response: '{}', id: '1' })).json.code, path).toBe(SESSION_EXPIRED)
    }
  })
})

describe('limits', () => {
  it('counts failed sign-ins on the guessing limit per address', async () => {
    const address = '10.30.0.1'
    const stranger = new SoftwareAuthenticator()
    stranger.register(JSON.stringify({ challenge: 'x', rp: { id: '127.0.0.1' }, user: { id: 'c29tZW9uZQ' } }), origin())
    for (let attempt = 0; attempt < FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await signIn(stranger, {}, address)).json).toEqual(FAIL(M.passkeyUnknown))
    }
    expect((await signIn(stranger, {}, address)).json).toEqual(FAIL(M.tooManyAttempts))
    // A registered passkey from that address waits too; from another it signs in.
    const user = await newUser()
    const authenticator = new SoftwareAuthenticator()
    expect((await addPasskey(user, authenticator)).json.code).toBe(BB_OK)
    expect((await signIn(authenticator, {}, address)).json).toEqual(FAIL(M.tooManyAttempts))
    expect((await signIn(authenticator, {}, '10.30.0.2')).json.code).toBe(BB_OK)
  })

  it('keeps at most MAX_LIVE_CHALLENGES sign-in challenges alive per address', async () => {
    const address = '10.31.0.1'
    for (let count = 0; count < MAX_LIVE_CHALLENGES; count += 1) await loginOptions(address)
    expect((await post(P.passkeyLoginOptions, {}, browser(address))).json).toEqual(FAIL(M.tooManyAttempts))
    expect((await post(P.passkeyLoginOptions, {}, browser('10.31.0.2'))).json.code).toBe(BB_OK)
    server.clock.advance(5 * 60)
    expect((await post(P.passkeyLoginOptions, {}, browser(address))).json.code).toBe(BB_OK)
  })

  it(`keeps at most ${MAX_PASSKEYS} passkeys per user`, async () => {
    const user = await newUser()
    const authenticator = new SoftwareAuthenticator()
    const pending = await registrationOptions(user)
    for (let count = 0; count < MAX_PASSKEYS; count += 1) expect((await addPasskey(user, authenticator)).json.code).toBe(BB_OK)
    expect((await post(P.passkeyRegisterOptions, {}, user.headers)).json).toEqual(FAIL(M.passkeyLimit))
    // Options taken before the last one was added: the limit holds at the end too.
    const late = await post(P.passkeyRegister, { challengeId: pending.challengeId, response: authenticator.register(pending.options, origin()) }, user.headers)
    expect(late.json).toEqual(FAIL(M.passkeyLimit))
    expect(await server.withDb((db) => countPasskeys(db, user.userId))).toBe(MAX_PASSKEYS)
  })
})

describe('removing passkeys, and other users\' passkeys', () => {
  it('removes the caller\'s passkey (mailed), which then signs nobody in; another user\'s is neither listed nor removable', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const aliceKey = new SoftwareAuthenticator()
    const bobKey = new SoftwareAuthenticator()
    const aliceAdded = (await addPasskey(alice, aliceKey, 'Alice phone')).json.data
    const bobAdded = (await addPasskey(bob, bobKey, 'Bob key')).json.data
    expect((await post(P.passkeyList, {}, alice.headers)).json.data).toEqual([aliceAdded])
    expect((await post(P.passkeyList, {}, bob.headers)).json.data).toEqual([bobAdded])

    const before = await stateOf()
    for (const id of [bobAdded.id, '0', '-1', 'abc', '1e3', '99999999999999999999']) {
      expect((await post(P.passkeyRemove, { id }, alice.headers)).json, id).toEqual(FAIL(M.passkeyNotFound))
    }
    expect(await stateOf()).toEqual(before)

    const mails = (await server.mailsTo(alice.email)).length
    expect((await post(P.passkeyRemove, { id: aliceAdded.id }, alice.headers)).json).toEqual({ code: BB_OK, msg: M.ok, data: null })
    const after = await server.mailsTo(alice.email)
    expect(after.length).toBe(mails + 1)
    expect(after.at(-1)).toMatch(/^Subject: A passkey was removed/m)
    expect(after.at(-1)).toContain('Alice phone')
    const history = (await post(P.history, {}, alice.headers)).json.data as Array<{ event: string; detail: string }>
    expect(history.slice(0, 2).map(({ event, detail }) => [event, detail])).toEqual([['passkey.removed', 'Alice phone'], ['passkey.added', 'Alice phone']])
    expect((await post(P.passkeyList, {}, alice.headers)).json.data).toEqual([])
    expect((await post(P.passkeyRemove, { id: aliceAdded.id }, alice.headers)).json).toEqual(FAIL(M.passkeyNotFound))
    expect((await signIn(aliceKey, {}, '10.40.0.1')).json).toEqual(FAIL(M.passkeyUnknown))
    // Bob's is untouched and still signs him in.
    expect((await signIn(bobKey, {}, '10.40.0.2')).json.data.userId).toBe(String(bob.userId))
  })

  it('asks for the password again (-3) before removing on a stale session', async () => {
    const user = await newUser()
    const added = (await addPasskey(user, new SoftwareAuthenticator())).json.data
    server.clock.advance(5 * 60)
    expect((await post(P.passkeyRemove, { id: added.id }, user.headers)).json.code).toBe(REAUTH_REQUIRED)
    expect(await server.withDb((db) => countPasskeys(db, user.userId))).toBe(1)
  })
})

describe('the relying party', () => {
  const none = { webauthnRpId: undefined, webauthnOrigins: [] }

  it('is the Host header\'s host name, and the Origin header only when it is on that host', () => {
    expect(relyingPartyOf(none, { host: 'localhost:4173', origin: 'http://localhost:4173' })).toEqual({ rpId: 'localhost', origins: ['http://localhost:4173'] })
    expect(relyingPartyOf(none, { host: 'exchange.example', origin: 'https://exchange.example' })).toEqual({ rpId: 'exchange.example', origins: ['https://exchange.example'] })
    expect(relyingPartyOf(none, { host: 'exchange.example:443', origin: 'https://exchange.example' })).toEqual({ rpId: 'exchange.example', origins: ['https://exchange.example'] })
    expect(relyingPartyOf(none, { host: 'Exchange.Example', origin: 'https://exchange.example' })).toEqual({ rpId: 'exchange.example', origins: ['https://exchange.example'] })
    // A phishing proxy rewrote Host to ours; the browser's Origin is the page it is really on.
    expect(relyingPartyOf(none, { host: 'exchange.example', origin: 'https://evil.example' })).toEqual({ rpId: 'exchange.example', origins: [] })
    expect(relyingPartyOf(none, { host: 'exchange.example', origin: 'https://exchange.example.evil.example' })).toEqual({ rpId: 'exchange.example', origins: [] })
    expect(relyingPartyOf(none, { host: 'localhost:4173', origin: 'http://localhost:4174' })).toEqual({ rpId: 'localhost', origins: [] })
    for (const sent of [undefined, 'null', 'https://exchange.example/path', 'file:///x', 'not a url']) {
      expect(relyingPartyOf(none, { host: 'exchange.example', origin: sent }), String(sent)).toEqual({ rpId: 'exchange.example', origins: [] })
    }
    for (const host of [undefined, '', 'a b', 'x/y', 'user@exchange.example']) expect(relyingPartyOf(none, { host }), String(host)).toBeUndefined()
  })

  it('is the configured one when set, whatever the request says', () => {
    const configured = { webauthnRpId: 'exchange.example', webauthnOrigins: ['https://exchange.example', 'https://m.exchange.example'] }
    expect(relyingPartyOf(configured, { host: 'evil.example', origin: 'https://evil.example' })).toEqual({ rpId: 'exchange.example', origins: configured.webauthnOrigins })
    expect(relyingPartyOf({ webauthnRpId: 'exchange.example', webauthnOrigins: [] }, { host: 'exchange.example', origin: 'https://exchange.example' })).toEqual({ rpId: 'exchange.example', origins: ['https://exchange.example'] })
  })

  it('signs in on a server configured with WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS', async () => {
    const configured = await startServer({ webauthnRpId: 'exchange.example', webauthnOrigins: ['https://exchange.example'] })
    try {
      const email = 'configured@example.com'
      const session = await registerAndLogin(configured, email, PASSWORD)
      const headers = { origin: 'https://exchange.example', 'access-token': session.token }
      const authenticator = new SoftwareAuthenticator()
      const options = (await configured.post(P.passkeyRegisterOptions, {}, headers)).json.data
      expect(JSON.parse(options.options).rp).toEqual({ name: 'NovaEx', id: 'exchange.example' })
      const response = authenticator.register(options.options, 'https://exchange.example')
      expect((await configured.post(P.passkeyRegister, { challengeId: options.challengeId, response }, headers)).json.code).toBe(BB_OK)
      const login = (await configured.post(P.passkeyLoginOptions, {})).json.data
      // The page's origin, not the server's own address, is what the assertion must carry.
      const wrong = authenticator.authenticate(login.options, configured.url)
      expect((await configured.post(P.passkeyLogin, { challengeId: login.challengeId, response: wrong })).json).toEqual(FAIL(M.passkeyFailed))
      const again = (await configured.post(P.passkeyLoginOptions, {})).json.data
      const right = authenticator.authenticate(again.options, 'https://exchange.example')
      expect((await configured.post(P.passkeyLogin, { challengeId: again.challengeId, response: right })).json.data.userId).toBe(session.userId)
    } finally {
      await configured.close()
    }
  })
})
