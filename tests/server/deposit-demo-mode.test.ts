// DEMO_AUTO_APPROVE_SECONDS: a timer approves deposits and withdrawals that have waited that long
// (by the server's clock), through the operators' review functions; younger ones keep waiting.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ASSET_PATHS, RECORD_STATUS } from '../../src/contract/assets.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import { pngImage, postMultipart, setFundPassword } from './deposit-support.ts'
import { startServer, type TestServer } from './harness.ts'

const DELAY_SECONDS = 60
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startServer({ demoAutoApproveSeconds: DELAY_SECONDS })
  user = await fundedUser(server, 'demo@deposit.test', [{ currency: 'USDT', amount: '100' }])
  await setFundPassword(server, user.headers['access-token'] ?? '')
  await server.post(ASSET_PATHS.addAddress, { currency: 'USDT', chain: 'TRC20', address: TRON }, user.headers)
})
afterAll(() => server.close())

const statusOf = (id: string): Promise<unknown> => withDb(server, async (db) => (await db.get('SELECT status FROM asset_records WHERE id = ?', Number(id)))?.status)

async function until(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('approves deposits and withdrawals once they have waited the delay', async () => {
  const deposit = (await postMultipart(server, ASSET_PATHS.deposit, { currency: 'USDT', chain: 'TRC20', amount: '40' }, { bytes: pngImage(3, 3) }, user.headers)).json.data
  const withdrawal = (await server.post(ASSET_PATHS.withdraw, { currency: 'USDT', chain: 'TRC20', address: TRON, amount: '30', tradePassword: '123456' }, user.headers)).json.data
  expect(await balanceOf(server, user.userId, 1, 'USDT')).toEqual({ available: '70', frozen: '30' })

  // Several ticks of the timer pass, but the records are younger than the delay.
  await new Promise((resolve) => setTimeout(resolve, 1200))
  expect([await statusOf(deposit.id), await statusOf(withdrawal.id)]).toEqual([RECORD_STATUS.reviewing, RECORD_STATUS.reviewing])

  server.clock.advance(DELAY_SECONDS)
  await until(async () => (await statusOf(deposit.id)) === RECORD_STATUS.finished && (await statusOf(withdrawal.id)) === RECORD_STATUS.finished)
  expect(await balanceOf(server, user.userId, 1, 'USDT')).toEqual({ available: '110', frozen: '0' })
  expect((await snapshot(server)).differences).toEqual([])
})
