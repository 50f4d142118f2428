import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK, SESSION_EXPIRED, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { EMAIL_CODE_RESEND_SECONDS, USER_PATHS } from '../../src/contract/user.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

type Session = { userId: string; token: string }
const auth = (session: Session) => ({ [TOKEN_HEADER]: session.token })
const infoOf = (session: Session) => server.post(USER_PATHS.info, { userId: session.userId }, auth(session))
const login = (account: string, password: string) => server.post(USER_PATHS.login, { account, password })

describe('fund password', () => {
  it('sets assetsPwd to 1 once the login password confirms it', async () => {
    const session = await registerAndLogin(server, 'fund@example.com', 'Fund2026pass')
    expect((await infoOf(session)).json.data.assetsPwd).toBe(0)
    const badRule = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: 'Fund2026pass', tradePassword: '12345a' }, auth(session))
    expect(badRule.json.msg).toBe(SERVER_MESSAGES.tradePasswordRule)
    const wrong = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: 'Wrong2026pass', tradePassword: '246810' }, auth(session))
    expect(wrong.json).toEqual({ code: 0, msg: SERVER_MESSAGES.passwordIncorrect, data: null })
    expect((await infoOf(session)).json.data.assetsPwd).toBe(0)
    const set = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: 'Fund2026pass', tradePassword: '246810' }, auth(session))
    expect(set.json.code).toBe(BB_OK)
    expect((await infoOf(session)).json.data.assetsPwd).toBe(1)
  })

  it('needs a session', async () => {
    const none = await server.post(USER_PATHS.setTransactionPwd, { loginPassword: 'Fund2026pass', tradePassword: '246810' })
    expect(none.json.code).toBe(SESSION_EXPIRED)
  })
})

describe('updatePwd', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const email = 'change@example.com'
    const current = await registerAndLogin(server, email, 'Before2026pass')
    const other = (await login(email, 'Before2026pass')).json.data as Session
    const wrongOld = await server.post(USER_PATHS.updatePwd, { oldPassword: 'Nope2026pass', newPassword: 'After2026pass' }, auth(current))
    expect(wrongOld.json.msg).toBe(SERVER_MESSAGES.passwordIncorrect)
    const badNew = await server.post(USER_PATHS.updatePwd, { oldPassword: 'Before2026pass', newPassword: '1short' }, auth(current))
    expect(badNew.json.msg).toBe(SERVER_MESSAGES.loginPasswordRule)

    const changed = await server.post(USER_PATHS.updatePwd, { oldPassword: 'Before2026pass', newPassword: 'After2026pass' }, auth(current))
    expect(changed.json.code).toBe(BB_OK)
    expect((await infoOf(current)).json.code).toBe(BB_OK)
    expect((await infoOf(other)).json.code).toBe(SESSION_EXPIRED)
    expect((await login(email, 'Before2026pass')).json.msg).toBe(SERVER_MESSAGES.loginFailed)
    expect((await login(email, 'After2026pass')).json.code).toBe(BB_OK)
  })
})

describe('forgotten password', () => {
  it('answers the same for registered and unknown emails and mails only the registered one', async () => {
    const known = 'forgot@example.com'
    await registerAndLogin(server, known)
    const forKnown = await server.post(USER_PATHS.sendEmailCodeForget, { email: known })
    const forUnknown = await server.post(USER_PATHS.sendEmailCodeForget, { email: 'nobody@example.com' })
    expect(forKnown.status).toBe(200)
    expect(forKnown.status).toBe(forUnknown.status)
    expect(forKnown.json).toEqual({ code: BB_OK, msg: SERVER_MESSAGES.codeSent, data: null })
    expect(forUnknown.json).toEqual(forKnown.json)
    expect(await server.mailsTo('nobody@example.com')).toHaveLength(0)
    expect((await server.mailsTo(known)).at(-1)).toContain('password reset code')
    const againKnown = await server.post(USER_PATHS.sendEmailCodeForget, { email: known })
    const againUnknown = await server.post(USER_PATHS.sendEmailCodeForget, { email: 'nobody@example.com' })
    expect(againKnown.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeTooSoon, data: null })
    expect(againUnknown.json).toEqual(againKnown.json)
  })

  it('resets the password with the mailed code and ends every session', async () => {
    const email = 'reset@example.com'
    const session = await registerAndLogin(server, email, 'Old2026pass')
    // The owner forgot the password and got themselves limited before asking for a reset.
    for (let i = 0; i < 5; i++) await login(email, 'Guess2026pass')
    expect((await login(email, 'Old2026pass')).json.msg).toBe(SERVER_MESSAGES.tooManyAttempts)
    server.clock.advance(EMAIL_CODE_RESEND_SECONDS + 1)
    await server.post(USER_PATHS.sendEmailCodeForget, { email })
    const code = await server.readCode(email)

    const unknown = await server.post(USER_PATHS.forgetPwd, { email: 'nobody@example.com', code, password: 'New2026pass' })
    const wrong = await server.post(USER_PATHS.forgetPwd, {
      email,
      code: code === '000000' ? '000001' : '000000',
      password: 'New2026pass',
    })
    expect(unknown.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeError, data: null })
    expect(wrong.json).toEqual(unknown.json)
    const reset = await server.post(USER_PATHS.forgetPwd, { email, code, password: 'New2026pass' })
    expect(reset.json.code).toBe(BB_OK)
    expect((await infoOf(session)).json.code).toBe(SESSION_EXPIRED)
    expect((await login(email, 'Old2026pass')).json.code).toBe(0)
    expect((await login(email, 'New2026pass')).json.code).toBe(BB_OK)
    const reused = await server.post(USER_PATHS.forgetPwd, { email, code, password: 'Newer2026pass' })
    expect(reused.json.msg).toBe(SERVER_MESSAGES.codeError)
  })
})
