// Attempt limits count failures only, atomically (server/auth/login-limit.ts): correct passwords
// sent at once all pass, however many; wrong ones sent at once add exactly their number; the limit
// still stops guessing, across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { LAUNCH_PATHS } from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../server/auth/login-limit.ts'
import { num } from '../../server/db/rows.ts'
import { withDb } from './assets-support.ts'
import { registerAndLogin, startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'
import { addProject, FUND_PASSWORD, ok, subscribeCall, subscriber } from './launch-support.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

/** The failures and checks in flight counted for a user's fund password. */
const fundBudget = (userId: number) =>
  withDb(server, async (db) => {
    const row = await db.get('SELECT failures, pending FROM login_failures WHERE key = ?', `pair fund ${userId} fund-user ${userId}`)
    return row ? { failures: num(row, 'failures'), pending: num(row, 'pending') } : { failures: 0, pending: 0 }
  })

describe('attempt limits', () => {
  it('let ten correct logins at once all through', async () => {
    await registerAndLogin(server, 'crowd@limits.test', 'Crowd2026pass')
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      server.post(USER_PATHS.login, { account: 'crowd@limits.test', password: 'Crowd2026pass' }, { [TEST_ADDRESS_HEADER]: '198.51.100.5' })))
    expect(answers.map((answer) => answer.json.code)).toEqual(Array(10).fill(BB_OK))
  })

  it('answer ten concurrent subscriptions with one key and the right fund password alike, and subscribe once', async () => {
    const project = await addProject(server, { warmupStart: server.clock.now, joinStart: server.clock.now })
    const user = await subscriber(server, 'eager@limits.test', '1000')
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribeCall(server, user, project.id, '10', { [IDEMPOTENCY_HEADER]: 'eager-subscription-1' })))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(answers[0]?.json.code).toBe(BB_OK)
    expect((await ok(server.post(LAUNCH_PATHS.mine, { projectId: project.id }, user.headers))).sum).toBe(1)
    expect(await fundBudget(user.userId)).toEqual({ failures: 0, pending: 0 })
  })

  it('count wrong fund passwords sent at once exactly, and still stop guessing after a restart', async () => {
    const user = await subscriber(server, 'guesser@limits.test', '1000')
    // The collection account checks the fund password before anything that could refuse first.
    const guess = (tradePassword: string) =>
      server.post(PROFILE_PATHS.setBankCard, { bankName: 'Bank of Tests', cardName: 'Guess Er', cardNumber: '4111111111111111', tradePassword }, user.headers)
    const wrong = FAILURES_PER_ACCOUNT_AND_ADDRESS - 1
    const answers = await Promise.all(Array.from({ length: wrong }, (_, i) => guess(`00000${i}`)))
    expect(answers.map((answer) => answer.json.msg)).toEqual(Array(wrong).fill(SERVER_MESSAGES.passwordIncorrect))
    expect(await fundBudget(user.userId)).toEqual({ failures: wrong, pending: 0 })
    expect((await guess('999999')).json.msg).toBe(SERVER_MESSAGES.passwordIncorrect)
    await server.restart()
    expect((await guess(FUND_PASSWORD)).json.msg).toBe(SERVER_MESSAGES.tooManyAttempts)
    expect(await fundBudget(user.userId)).toEqual({ failures: FAILURES_PER_ACCOUNT_AND_ADDRESS, pending: 0 })
  })
})
