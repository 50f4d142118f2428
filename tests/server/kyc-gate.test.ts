// The gate other features call (the launchpad's subscription will): requireVerifiedIdentity lets a
// verified user through and refuses anyone else with the `code: 0` answer whose message the app
// turns into a way to /me/verify — under review and rejected included.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { isIdentityVerified, requireVerifiedIdentity } from '../../server/kyc/gate.ts'
import { rejectKyc } from '../../server/kyc/review.ts'
import { DEMO_ACCOUNT } from '../../server/seed.ts'
import { ApiError } from '../../server/http/envelope.ts'
import { withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { fileSubmission, verifyIdentity } from './kyc-support.ts'
import { member } from './profile-support.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

function refusal(userId: number): Promise<unknown> {
  return withDb(server, async (db) => {
    try {
      await requireVerifiedIdentity(db, userId)
      return 'passed'
    } catch (error) {
      return error instanceof ApiError ? { httpStatus: error.httpStatus, code: error.code, msg: error.message } : error
    }
  })
}
const REFUSED = { httpStatus: 200, code: BB_FAIL, msg: SERVER_MESSAGES.kycRequired }

it('passes the seeded demo account, verified without a submission', async () => {
  const demoId = await withDb(server, async (db) => Number((await db.get('SELECT id FROM users WHERE email = ?', DEMO_ACCOUNT.email))?.id))
  expect(await refusal(demoId)).toBe('passed')
})

it('refuses a new user, one under review and one rejected; passes them once verified', async () => {
  const [fresh, reviewing, rejected] = await Promise.all(['fresh', 'reviewing', 'rejected'].map((name) => member(server, `${name}@gate.test`)))
  if (!fresh || !reviewing || !rejected) throw new Error('no users')
  await withDb(server, async (db) => {
    await fileSubmission(db, reviewing.userId)
    await rejectKyc(db, String(await fileSubmission(db, rejected.userId)), 'expired document', Date.now())
  })
  for (const user of [fresh, reviewing, rejected]) expect(await refusal(user.userId)).toEqual(REFUSED)
  expect(await refusal(999_999)).toEqual(REFUSED)
  await withDb(server, (db) => verifyIdentity(db, fresh.userId))
  expect(await refusal(fresh.userId)).toBe('passed')
  const verified = await withDb(server, async (db) => {
    const answers: boolean[] = []
    for (const user of [fresh, reviewing, rejected]) answers.push(await isIdentityVerified(db, user.userId))
    return answers
  })
  expect(verified).toEqual([true, false, false])
})
