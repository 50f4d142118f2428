import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { addressKey, FAILURES_PER_ACCOUNT_AND_ADDRESS, FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS } from '../../server/auth/login-limit.ts'
import { registerAndLogin, startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const login = (account: string, password: string, address: string) =>
  server.post(USER_PATHS.login, { account, password }, { [TEST_ADDRESS_HEADER]: address })

describe('login rate limit', () => {
  it('limits an account from the failing address only, and forgives after the window', async () => {
    const victim = 'victim@example.com'
    await registerAndLogin(server, victim, 'Victim2026pass')
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await login(victim, 'Guess2026pass', '203.0.113.7')).json.msg).toBe(SERVER_MESSAGES.loginFailed)
    }
    // Even the right password is refused from the attacker's address…
    const limited = await login(victim, 'Victim2026pass', '203.0.113.7')
    expect(limited.status).toBe(200)
    expect(limited.json).toEqual({ code: 0, msg: SERVER_MESSAGES.tooManyAttempts, data: null })
    // …while the owner still logs in from elsewhere.
    expect((await login(victim, 'Victim2026pass', '198.51.100.20')).json.code).toBe(BB_OK)
    server.clock.advance(LOGIN_WINDOW_MS / 1000)
    expect((await login(victim, 'Victim2026pass', '203.0.113.7')).json.code).toBe(BB_OK)
  })

  it('limits an address that fails across many accounts', async () => {
    const owner = 'owner@example.com'
    await registerAndLogin(server, owner, 'Owner2026pass')
    const attacker = '192.0.2.99'
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect((await login(`nobody${i}@example.com`, 'Guess2026pass', attacker)).json.msg).toBe(SERVER_MESSAGES.loginFailed)
    }
    expect((await login(owner, 'Owner2026pass', attacker)).json.msg).toBe(SERVER_MESSAGES.tooManyAttempts)
    expect((await login(owner, 'Owner2026pass', '192.0.2.100')).json.code).toBe(BB_OK)
  })

  it('a success clears the failures of that account and address', async () => {
    const email = 'clumsy@example.com'
    await registerAndLogin(server, email, 'Clumsy2026pass')
    const address = '203.0.113.50'
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++) await login(email, 'Typo2026pass', address)
      expect((await login(email, 'Clumsy2026pass', address)).json.code).toBe(BB_OK)
    }
  })

  it('holds against a burst of parallel guesses', async () => {
    const email = 'burst@example.com'
    await registerAndLogin(server, email, 'Burst2026pass')
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'Guess2026pass', '198.51.100.77')))
    const messages = answers.map((answer) => answer.json.msg)
    expect(messages.filter((msg) => msg === SERVER_MESSAGES.loginFailed)).toHaveLength(FAILURES_PER_ACCOUNT_AND_ADDRESS)
    expect(messages.filter((msg) => msg === SERVER_MESSAGES.tooManyAttempts)).toHaveLength(20 - FAILURES_PER_ACCOUNT_AND_ADDRESS)
  })

  it('does not count successful logins against an address', async () => {
    const email = 'office@example.com'
    await registerAndLogin(server, email, 'Office2026pass')
    for (let i = 0; i < FAILURES_PER_ADDRESS + 5; i++) {
      expect((await login(email, 'Office2026pass', '203.0.113.200')).json.code).toBe(BB_OK)
    }
  })

  it('counts an IPv6 /64 as one address', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'))
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'))
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1')
  })
})
