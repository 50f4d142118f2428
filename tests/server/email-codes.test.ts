import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_SECONDS, USER_PATHS } from '../../src/contract/user.ts'
import { registerAndLogin, startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const elsewhere = { [TEST_ADDRESS_HEADER]: '198.51.100.200' }
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('registration codes', () => {
  it('allows one code per minute per address', async () => {
    const email = 'soon@example.com'
    expect((await server.post(USER_PATHS.sendEmailCode, { email })).json.code).toBe(BB_OK)
    const tooSoon = await server.post(USER_PATHS.sendEmailCode, { email })
    expect(tooSoon.status).toBe(200)
    expect(tooSoon.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeTooSoon, data: null })
    expect(await server.mailsTo(email)).toHaveLength(1)
    server.clock.advance(EMAIL_CODE_RESEND_SECONDS + 1)
    expect((await server.post(USER_PATHS.sendEmailCode, { email })).json.code).toBe(BB_OK)
    expect(await server.mailsTo(email)).toHaveLength(2)
  })

  it('answers codeError to a wrong code and accepts the right one', async () => {
    const email = 'wrong@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    const wrong = await server.post(USER_PATHS.emailVerification, { email, code: wrongCode(code) })
    expect(wrong.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeError, data: null })
    const notDigits = await server.post(USER_PATHS.register, { email, code: 'abcdef', password: 'Valid2026pass' })
    expect(notDigits.json.msg).toBe(SERVER_MESSAGES.codeError)
    expect((await server.post(USER_PATHS.emailVerification, { email, code })).json.code).toBe(BB_OK)
  })

  it('burns a code after five wrong guesses', async () => {
    const email = 'guess@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    for (let i = 0; i < 5; i++) {
      expect((await server.post(USER_PATHS.emailVerification, { email, code: wrongCode(code) })).json.code).toBe(0)
    }
    // From another address (the guessing address is limited now, auth/login-limit.ts): the code itself is burned.
    expect((await server.post(USER_PATHS.emailVerification, { email, code }, elsewhere)).json.msg).toBe(SERVER_MESSAGES.codeError)
  })

  // The racers below run on both engines: SQLite's write lock makes them take turns, PostgreSQL's
  // serializable transactions make the losers run again on what the winner wrote (architecture §6).
  it('sends one code to a burst of parallel requests for the same address', async () => {
    const email = 'burst@example.com'
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.post(USER_PATHS.sendEmailCode, { email })))
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(200))
    expect(answers.filter((answer) => answer.json.code === BB_OK)).toHaveLength(1)
    expect(answers.filter((answer) => answer.json.msg === SERVER_MESSAGES.codeTooSoon)).toHaveLength(7)
    expect(await server.mailsTo(email)).toHaveLength(1)
  })

  it('counts every one of five wrong guesses sent at once', async () => {
    const email = 'parallel-guess@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    const guesses = await Promise.all(Array.from({ length: 5 }, () => server.post(USER_PATHS.emailVerification, { email, code: wrongCode(code) })))
    expect(guesses.map((guess) => guess.json.msg)).toEqual(Array<string>(5).fill(SERVER_MESSAGES.codeError))
    expect((await server.post(USER_PATHS.emailVerification, { email, code }, elsewhere)).json.msg).toBe(SERVER_MESSAGES.codeError)
  })

  it('expires a code after ten minutes', async () => {
    const email = 'late@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    server.clock.advance(EMAIL_CODE_TTL_SECONDS + 1)
    const late = await server.post(USER_PATHS.register, { email, code, password: 'Late2026pass' })
    expect(late.json).toEqual({ code: 0, msg: SERVER_MESSAGES.codeError, data: null })
  })

  it('uses a code once', async () => {
    const email = 'once@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    expect((await server.post(USER_PATHS.register, { email, code, password: 'Once2026pass' })).json.code).toBe(BB_OK)
    expect((await server.post(USER_PATHS.emailVerification, { email, code })).json.msg).toBe(SERVER_MESSAGES.codeError)
  })

  it('answers a registered address exactly like a new one, and mails no code to it', async () => {
    const taken = 'taken@example.com'
    await registerAndLogin(server, taken)
    server.clock.advance(EMAIL_CODE_RESEND_SECONDS + 1)
    const mailsBefore = (await server.mailsTo(taken)).length
    const forTaken = await server.post(USER_PATHS.sendEmailCode, { email: taken })
    const forNew = await server.post(USER_PATHS.sendEmailCode, { email: 'fresh@example.com' })
    expect(forTaken.status).toBe(forNew.status)
    expect(forTaken.json).toEqual(forNew.json)
    const notice = (await server.mailsTo(taken)).slice(mailsBefore)
    expect(notice).toHaveLength(1)
    expect(notice[0]).toContain('already has an account')
    expect(notice[0]).not.toMatch(/^Code: /m)
    // Same resend limit too.
    expect((await server.post(USER_PATHS.sendEmailCode, { email: taken })).json.msg).toBe(SERVER_MESSAGES.codeTooSoon)
  })

  it('refuses an address that is not an email', async () => {
    const bad = await server.post(USER_PATHS.sendEmailCode, { email: 'not-an-email' })
    expect(bad.status).toBe(200)
    expect(bad.json).toEqual({ code: 0, msg: SERVER_MESSAGES.emailError, data: null })
  })
})
