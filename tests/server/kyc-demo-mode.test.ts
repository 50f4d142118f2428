// DEMO_AUTO_APPROVE_SECONDS also approves identity verifications that have waited that long (by the
// server's clock), through the operators' approveKyc: once, with one message; younger ones wait,
// and one an operator already decided stays as decided.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { KYC_STATE, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { admin } from './admin-cli.ts'
import { kycPhotos, member, postFiles, VALID_KYC } from './profile-support.ts'

const DELAY_SECONDS = 60
let server: TestServer
beforeAll(async () => {
  server = await startServer({ demoAutoApproveSeconds: DELAY_SECONDS })
})
afterAll(() => server.close())

async function until(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('approves verifications once they have waited the delay, and only those an operator left', async () => {
  const [waiting, rejected] = await Promise.all([member(server, 'waiting@demo.test'), member(server, 'rejected@demo.test')])
  for (const user of [waiting, rejected]) expect((await postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos(), user.headers)).json.code).toBe(1)
  const idOf = async (userId: number) => String(await withDb(server, async (db) => (await db.get('SELECT id FROM kyc_submissions WHERE user_id = ?', userId))?.id))
  expect((await admin(server, 'kyc', 'reject', await idOf(rejected.userId), 'blurred')).code).toBe(0)
  const stateOf = (userId: number) => withDb(server, async (db) => (await db.get('SELECT state FROM kyc_submissions WHERE user_id = ? ORDER BY id DESC', userId))?.state)

  // Several ticks pass, but the submission is younger than the delay.
  await new Promise((resolve) => setTimeout(resolve, 1200))
  expect(await stateOf(waiting.userId)).toBe(KYC_STATE.reviewing)

  server.clock.advance(DELAY_SECONDS)
  await until(async () => (await stateOf(waiting.userId)) === KYC_STATE.verified)
  await new Promise((resolve) => setTimeout(resolve, 1200))
  const kinds = (userId: number) => withDb(server, async (db) => (await db.all('SELECT kind FROM messages WHERE user_id = ?', userId)).map((row) => row.kind))
  expect(await kinds(waiting.userId)).toEqual(['kycApproved'])
  expect(await stateOf(rejected.userId)).toBe(KYC_STATE.rejected)
  expect(await kinds(rejected.userId)).toEqual(['kycRejected'])
})
