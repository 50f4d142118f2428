// The security log (server/security/events.ts): one structured line per event, never a secret in
// it, and a mail to the owner for what they must know of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { SECURITY_EVENTS } from '../../server/security/events.ts'
import { fundedUser } from './assets-support.ts'
import { LOGIN_PASSWORD, setFundPassword } from './deposit-support.ts'
import { startServer, TEST_ADDRESS_HEADER, type TestServer } from './harness.ts'

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
let server: TestServer
beforeAll(async () => {
  server = await startServer({}, { captureLogs: true })
})
afterAll(() => server.close())

describe('the security log', () => {
  it('has a line for each event, no secret in any, and the owner a mail for each change', async () => {
    const email = 'watched@log.test'
    const user = await fundedUser(server, email, [{ currency: 'USDT', amount: '500' }])
    const token = user.headers['access-token'] ?? ''
    const from = { ...user.headers, [TEST_ADDRESS_HEADER]: '203.0.113.44' }
    for (let i = 0; i < 6; i++) await server.post(USER_PATHS.login, { account: email, password: 'Wrong2026pass' }, { [TEST_ADDRESS_HEADER]: '203.0.113.45' })
    await setFundPassword(server, token, '135790')
    await server.post(USER_PATHS.updatePwd, { oldPassword: LOGIN_PASSWORD, newPassword: 'Changed2026pass' }, from)
    const login = await server.post(USER_PATHS.login, { account: email, password: 'Changed2026pass' }, { [TEST_ADDRESS_HEADER]: '203.0.113.44' })
    const headers = { 'access-token': String(login.json.data.token), [TEST_ADDRESS_HEADER]: '203.0.113.44' }
    const added = await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, headers)
    await server.post(ASSET_PATHS.withdraw, { currency: 'USDT', chain: 'TRC20', address: TRON, amount: '100', tradePassword: '135790' }, headers)
    await server.post(ASSET_PATHS.deleteAddress, { id: String(added.json.data.id) }, headers)

    const lines = server.logs().filter((line) => typeof line.security === 'string')
    const seen = new Set(lines.map((line) => line.security))
    for (const event of ['login.failed', 'limit.hit', 'login.succeeded', 'fundPassword.changed', 'password.changed', 'address.added', 'withdrawal.requested', 'address.removed']) {
      expect(seen, event).toContain(event)
    }
    expect([...seen].every((event) => (SECURITY_EVENTS as readonly unknown[]).includes(event))).toBe(true)
    expect(lines.find((line) => line.security === 'login.failed')).toMatchObject({ account: email, address: '203.0.113.45' })
    // No password, fund password or token in any line.
    const text = JSON.stringify(lines)
    for (const secret of ['Wrong2026pass', 'Changed2026pass', LOGIN_PASSWORD, '135790', token]) expect(text).not.toContain(secret)

    const subjects = (await server.mailsTo(email)).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])
    for (const subject of ['New sign-in to your account', 'Your fund password was changed', 'Your login password was changed', 'A withdrawal address was added', 'A withdrawal was requested', 'A withdrawal address was removed']) {
      expect(subjects).toContain(subject)
    }
  })
})
