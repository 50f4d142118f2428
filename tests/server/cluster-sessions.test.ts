// Sessions and the abuse limits hold across server processes on one database (architecture §6
// "Storage and scale-out": they are rows, never process memory): a session opened through one
// process works through the other and, logged out through one, is refused by both; failed logins
// sent alternately through the two add up to one limit; a registration code sent through one
// process makes the other refuse another within the minute, and wrong guesses spread over both
// burn it after five. A session ended from the sessions list through one process is refused by
// both at its next call. Two processes on one SQLite file, or two instances on one PostgreSQL.
import { describe, expect, it } from 'vitest'
import { BB_OK, SESSION_EXPIRED, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS, type SessionInfo } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/login-limit.ts'
import { MAX_WRONG_GUESSES } from '../../server/auth/email-codes.ts'
import { mailsTo } from '../support/outbox.ts'
import { registerAndLogin } from './harness.ts'
import { postTo, useSharedServers, viewThrough } from './cluster-support.ts'

const world = useSharedServers(2)
const url = (i: number) => world.server(i).url
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('two server processes on one database', () => {
  it('share sessions: opened through one, used through the other, logged out through one, refused by both', async () => {
    const session = await registerAndLogin(viewThrough(world.data(), url(0)), 'both@cluster.test')
    const headers = { [TOKEN_HEADER]: session.token }
    const info = (i: number) => postTo(url(i), USER_PATHS.info, { token: session.token, userId: session.userId }, headers)
    expect((await info(1)).json.data.email).toBe('both@cluster.test')
    expect((await postTo(url(0), USER_PATHS.logout, {}, headers)).json.code).toBe(BB_OK)
    for (const i of [0, 1]) expect((await info(i)).json.code).toBe(SESSION_EXPIRED)
  })

  it('refuse a session ended from the sessions list through one, at once through both', async () => {
    const email = 'revoked@cluster.test'
    const first = await registerAndLogin(viewThrough(world.data(), url(0)), email)
    const login = await postTo(url(1), USER_PATHS.login, { account: email, password: 'Secret2026pass' }, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1' })
    const second = { [TOKEN_HEADER]: String(login.json.data.token) }
    const info = (i: number, headers: Record<string, string>) => postTo(url(i), USER_PATHS.info, { userId: first.userId }, headers)
    for (const i of [0, 1]) expect((await info(i, second)).json.code).toBe(BB_OK)
    const list = (await postTo(url(0), SECURITY_PATHS.sessions, {}, { [TOKEN_HEADER]: first.token })).json.data as SessionInfo[]
    const target = list.find((one) => !one.current)
    expect(target?.device).toBe('iPhone')
    expect((await postTo(url(0), SECURITY_PATHS.revokeSession, { id: target?.id ?? '' }, { [TOKEN_HEADER]: first.token })).json.code).toBe(BB_OK)
    for (const i of [1, 0]) expect((await info(i, second)).json.code).toBe(SESSION_EXPIRED)
    for (const i of [0, 1]) expect((await info(i, { [TOKEN_HEADER]: first.token })).json.code).toBe(BB_OK)
  })

  it('count failed logins sent alternately through both as one limit', async () => {
    const email = 'guessed@cluster.test'
    await registerAndLogin(viewThrough(world.data(), url(1)), email, 'Right2026pass')
    const login = (i: number, password: string) => postTo(url(i), USER_PATHS.login, { account: email, password })
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await login(i, 'Guess2026pass')).json.msg).toBe(SERVER_MESSAGES.loginFailed)
    }
    // Both processes see the limit the two of them counted, even for the right password.
    for (const i of [0, 1]) expect((await login(i, 'Right2026pass')).json.msg).toBe(SERVER_MESSAGES.tooManyAttempts)
  })

  it('send one registration code a minute and stop guessing after five wrong guesses, whichever process is asked', async () => {
    const email = 'code@cluster.test'
    expect((await postTo(url(0), USER_PATHS.sendEmailCode, { email })).json.code).toBe(BB_OK)
    expect((await postTo(url(1), USER_PATHS.sendEmailCode, { email })).json.msg).toBe(SERVER_MESSAGES.codeTooSoon)
    expect(mailsTo(world.data().dataDir, email)).toHaveLength(1)
    const code = await viewThrough(world.data(), url(0)).readCode(email)
    for (let i = 0; i < MAX_WRONG_GUESSES; i++) {
      expect((await postTo(url(i), USER_PATHS.emailVerification, { email, code: wrongCode(code) })).json.msg).toBe(SERVER_MESSAGES.codeError)
    }
    // The five failures through both processes add up to one guessing limit (auth/login-limit.ts),
    // which now refuses even the right code from this address; the code itself is burned too.
    for (const i of [0, 1]) expect((await postTo(url(i), USER_PATHS.emailVerification, { email, code })).json.msg).toBe(SERVER_MESSAGES.tooManyAttempts)
  })
})
