// The login password rule on every call that sets one (register, updatePwd, forgetPwd): 8 to 128
// characters of any kind, counted in code points, and not a common or breached password
// (@zxcvbn-ts/language-common's list, any case). Runs on both engines (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { EMAIL_CODE_RESEND_SECONDS, USER_PATHS } from '../../src/contract/user.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const PASSPHRASE = 'my granny keeps seven blue herons on the roof of the old mill!!!'
const UNICODE = '鷺は屋根の上で🔑を守る'
const TOO_LONG = 'x'.repeat(129)
/** Common passwords in the case a person might type them. */
const COMMON = ['password', 'Sunshine1', 'QWERTYUIOP']

const refusedWith = (message: string) => ({ code: 0, msg: message, data: null })
const login = (account: string, password: string) => server.post(USER_PATHS.login, { account, password })

it('uses a 64-character passphrase and a Unicode one in these tests', () => {
  expect(PASSPHRASE).toHaveLength(64)
  expect([...UNICODE]).toHaveLength(11)
})

describe('register', () => {
  it('refuses a common and a too-long password without spending the code, then takes a passphrase', async () => {
    const email = 'heron@example.com'
    await server.post(USER_PATHS.sendEmailCode, { email })
    const code = await server.readCode(email)
    for (const password of COMMON) {
      expect((await server.post(USER_PATHS.register, { email, code, password })).json).toEqual(refusedWith(SERVER_MESSAGES.passwordTooCommon))
    }
    expect((await server.post(USER_PATHS.register, { email, code, password: TOO_LONG })).json).toEqual(refusedWith(SERVER_MESSAGES.loginPasswordRule))
    expect((await server.post(USER_PATHS.register, { email, code, password: 'seven77' })).json).toEqual(refusedWith(SERVER_MESSAGES.loginPasswordRule))

    const registered = await server.post(USER_PATHS.register, { email, code, password: PASSPHRASE })
    expect(registered.json.code).toBe(BB_OK)
    expect((await login(email, PASSPHRASE)).json.code).toBe(BB_OK)
  })

  it('takes 128 characters, Unicode counted as a person counts it, and no letter first', async () => {
    const emoji = await server.post(USER_PATHS.sendEmailCode, { email: 'emoji@example.com' })
    expect(emoji.json.code).toBe(BB_OK)
    const code = await server.readCode('emoji@example.com')
    // 129 emoji are 258 UTF-16 units: too long, however the count is made.
    const tooMany = await server.post(USER_PATHS.register, { email: 'emoji@example.com', code, password: '🔑'.repeat(129) })
    expect(tooMany.json.msg).toBe(SERVER_MESSAGES.loginPasswordRule)
    // 4 emoji are 8 UTF-16 units but 4 characters: too short.
    const tooFew = await server.post(USER_PATHS.register, { email: 'emoji@example.com', code, password: '🔑'.repeat(4) })
    expect(tooFew.json.msg).toBe(SERVER_MESSAGES.loginPasswordRule)
    // 128 emoji are 128 characters (256 UTF-16 units).
    const registered = await server.post(USER_PATHS.register, { email: 'emoji@example.com', code, password: '🔑'.repeat(128) })
    expect(registered.json.code).toBe(BB_OK)
    expect((await login('emoji@example.com', '🔑'.repeat(128))).json.code).toBe(BB_OK)

    await registerAndLogin(server, 'unicode@example.com', UNICODE)
    await registerAndLogin(server, 'digits-first@example.com', '2026 is when I changed it')
  })
})

describe('updatePwd', () => {
  it('refuses a common and a too-long new password, then takes a passphrase', async () => {
    const email = 'change-rule@example.com'
    const session = await registerAndLogin(server, email, 'Before2026pass')
    const auth = { [TOKEN_HEADER]: session.token }
    const change = (newPassword: string) => server.post(USER_PATHS.updatePwd, { oldPassword: 'Before2026pass', newPassword }, auth)
    for (const password of COMMON) expect((await change(password)).json).toEqual(refusedWith(SERVER_MESSAGES.passwordTooCommon))
    expect((await change(TOO_LONG)).json).toEqual(refusedWith(SERVER_MESSAGES.loginPasswordRule))
    // Nothing changed so far.
    expect((await login(email, 'Before2026pass')).json.code).toBe(BB_OK)

    expect((await change(PASSPHRASE)).json.code).toBe(BB_OK)
    expect((await login(email, PASSPHRASE)).json.code).toBe(BB_OK)
  })
})

describe('forgetPwd', () => {
  it('refuses a common and a too-long new password without spending the code, then takes a passphrase', async () => {
    const email = 'reset-rule@example.com'
    await registerAndLogin(server, email, 'Before2026pass')
    server.clock.advance(EMAIL_CODE_RESEND_SECONDS + 1)
    await server.post(USER_PATHS.sendEmailCodeForget, { email })
    const code = await server.readCode(email)
    const reset = (password: string) => server.post(USER_PATHS.forgetPwd, { email, code, password })
    for (const password of COMMON) expect((await reset(password)).json).toEqual(refusedWith(SERVER_MESSAGES.passwordTooCommon))
    expect((await reset(TOO_LONG)).json).toEqual(refusedWith(SERVER_MESSAGES.loginPasswordRule))

    expect((await reset(PASSPHRASE)).json.code).toBe(BB_OK)
    expect((await login(email, PASSPHRASE)).json.code).toBe(BB_OK)
  })
})

it('still lets an older account log in with a 6-character password', async () => {
  // The login call keeps its own minimum (6): a short password is a wrong guess, not a malformed call.
  const answer = await login('heron@example.com', 'abc123')
  expect(answer.status).toBe(200)
  expect(answer.json.msg).toBe(SERVER_MESSAGES.loginFailed)
})
