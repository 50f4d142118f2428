import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK, SESSION_EXPIRED, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'

let server: TestServer
const IDLE = 60
const MAX = 300

beforeAll(async () => {
  server = await startServer({ tokenIdleSeconds: IDLE, tokenMaxSeconds: MAX })
})
afterAll(() => server.close())

const info = (session: { userId: string; token: string }, token = session.token) =>
  server.post(USER_PATHS.info, { token, userId: session.userId }, { [TOKEN_HEADER]: token })

describe('register → login → info → logout', () => {
  it('walks the whole flow with the code from the outbox', async () => {
    const email = 'Alice@Example.com'
    const sent = await server.post(USER_PATHS.sendEmailCode, { email })
    expect(sent.status).toBe(200)
    expect(sent.json).toEqual({ code: BB_OK, msg: SERVER_MESSAGES.codeSent, data: null })

    // Stored and mailed under the normalized address.
    const code = await server.readCode('alice@example.com')
    const mail = (await server.mailsTo('alice@example.com')).at(-1) ?? ''
    expect(mail).toContain(`Your verification code is ${code}`)
    expect(mail).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m)

    const verified = await server.post(USER_PATHS.emailVerification, { email, code })
    expect(verified.json.code).toBe(BB_OK)
    const registered = await server.post(USER_PATHS.register, { email, code, password: 'Wonderland1' })
    expect(registered.json).toEqual({ code: BB_OK, msg: SERVER_MESSAGES.ok, data: null })

    const login = await server.post(USER_PATHS.login, { account: ' ALICE@example.com ', password: 'Wonderland1' })
    expect(login.json.code).toBe(BB_OK)
    expect(login.json.msg).toBe('login success')
    const session = login.json.data
    expect(session.userId).toMatch(/^\d+$/)
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const profile = await info(session)
    expect(profile.json.code).toBe(BB_OK)
    expect(profile.json.data).toEqual({
      email: 'alice@example.com',
      icon: '',
      uid: expect.stringMatching(/^\d{8}$/),
      auth: 0,
      invitationCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
      assetsPwd: 0,
    })

    const logout = await server.post(USER_PATHS.logout, {}, { [TOKEN_HEADER]: session.token })
    expect(logout.json.code).toBe(BB_OK)
    const again = await server.post(USER_PATHS.logout, {}, { [TOKEN_HEADER]: session.token })
    expect(again.json.code).toBe(BB_OK)

    const after = await info(session)
    expect(after.status).toBe(200)
    expect(after.json).toEqual({ code: SESSION_EXPIRED, msg: SERVER_MESSAGES.sessionExpired, data: null })
  })

  it('refuses info without a token, with a made-up token, or for another user id', async () => {
    const session = await registerAndLogin(server, 'bob@example.com')
    const none = await server.post(USER_PATHS.info, { userId: session.userId })
    expect(none.json).toMatchObject({ code: SESSION_EXPIRED, msg: SERVER_MESSAGES.pleaseLogin })
    const madeUp = await info(session, 'x'.repeat(43))
    expect(madeUp.json.code).toBe(SESSION_EXPIRED)
    const other = await server.post(USER_PATHS.info, { userId: '1' }, { [TOKEN_HEADER]: session.token })
    expect(other.json.code).toBe(SESSION_EXPIRED)
    // The body token alone is enough when there is no header (the app sends both).
    const bodyOnly = await server.post(USER_PATHS.info, { token: session.token, userId: session.userId })
    expect(bodyOnly.json.code).toBe(BB_OK)
  })

  it('answers a second registration of the same address as a wrong code, not "already registered"', async () => {
    await registerAndLogin(server, 'carol@example.com')
    const second = await server.post(USER_PATHS.register, {
      email: 'CAROL@example.com',
      code: '123456',
      password: 'Another2026',
    })
    // Saying "already registered" would tell anyone which emails have accounts (the owner is mailed instead).
    expect(second.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeError, data: null })
  })

  it('refuses an unknown invitation code and links a known one', async () => {
    const inviter = await registerAndLogin(server, 'dave@example.com')
    const invitationCode = (await info(inviter)).json.data.invitationCode as string
    const email = 'erin@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    const unknown = await server.post(USER_PATHS.register, { email, code, password: 'Erin2026pass', inviteCode: 'ZZZZ9999' })
    expect(unknown.json.msg).toBe(SERVER_MESSAGES.inviteCodeUnknown)
    const known = await server.post(USER_PATHS.register, {
      email,
      code,
      password: 'Erin2026pass',
      inviteCode: invitationCode.toLowerCase(),
    })
    expect(known.json.code).toBe(BB_OK)
  })

  // Racers on both engines: SQLite's write lock makes them take turns, PostgreSQL's serializable
  // transactions make the losers run again and find the account (architecture §6).
  it('creates one account when the same registration arrives several times at once', async () => {
    const email = 'frank@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.post(USER_PATHS.register, { email, code, password: 'Frank2026pass' })),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200))
    expect(answers.filter((answer) => answer.json.code === BB_OK)).toHaveLength(1)
    // The others lost to the winner: its account exists, or its code is used.
    for (const answer of answers.filter((one) => one.json.code !== BB_OK)) {
      expect([SERVER_MESSAGES.emailRegistered, SERVER_MESSAGES.codeError]).toContain(answer.json.msg)
    }
    expect(await server.withDb((db) => db.get('SELECT count(*) AS n FROM users WHERE email = ?', email))).toEqual({ n: 1 })
    const login = await server.post(USER_PATHS.login, { account: email, password: 'Frank2026pass' })
    expect(login.json.code).toBe(BB_OK)
  })
})

describe('token expiry', () => {
  it('ends a session after IDLE seconds without use, but not while it is used', async () => {
    const session = await registerAndLogin(server, 'idle@example.com')
    server.clock.advance(IDLE - 10)
    expect((await info(session)).json.code).toBe(BB_OK)
    server.clock.advance(IDLE - 10)
    expect((await info(session)).json.code).toBe(BB_OK)
    server.clock.advance(IDLE + 1)
    expect((await info(session)).json).toMatchObject({ code: SESSION_EXPIRED, msg: SERVER_MESSAGES.sessionExpired })
  })

  it('ends a session MAX seconds after login however busy it is', async () => {
    const session = await registerAndLogin(server, 'busy@example.com')
    for (let elapsed = 0; elapsed + 50 < MAX; elapsed += 50) {
      server.clock.advance(50)
      expect((await info(session)).json.code).toBe(BB_OK)
    }
    server.clock.advance(50)
    expect((await info(session)).json.code).toBe(SESSION_EXPIRED)
  })
})
