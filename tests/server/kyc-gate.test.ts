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

function refusal(userId: number): unknown {
  return withDb(server, (db) => {
    try {
      requireVerifiedIdentity(db, userId)
      return 'passed'
    } catch (error) {
      return error instanceof ApiError ? { httpStatus: error.httpStatus, code: error.code, msg: error.message } : error
    }
  })
}
const REFUSED = { httpStatus: 200, code: BB_FAIL, msg: SERVER_MESSAGES.kycRequired }

it('passes the seeded demo account, verified without a submission', () => {
  const demoId = withDb(server, (db) => Number(db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO_ACCOUNT.email)?.id))
  expect(refusal(demoId)).toBe('passed')
})

it('refuses a new user, one under review and one rejected; passes them once verified', async () => {
  const [fresh, reviewing, rejected] = await Promise.all(['fresh', 'reviewing', 'rejected'].map((name) => member(server, `${name}@gate.test`)))
  if (!fresh || !reviewing || !rejected) throw new Error('no users')
  withDb(server, (db) => {
    fileSubmission(db, reviewing.userId)
    rejectKyc(db, String(fileSubmission(db, rejected.userId)), 'expired document', Date.now())
  })
  for (const user of [fresh, reviewing, rejected]) expect(refusal(user.userId)).toEqual(REFUSED)
  expect(refusal(999_999)).toEqual(REFUSED)
  withDb(server, (db) => verifyIdentity(db, fresh.userId))
  expect(refusal(fresh.userId)).toBe('passed')
  expect(withDb(server, (db) => [fresh, reviewing, rejected].map((user) => isIdentityVerified(db, user.userId)))).toEqual([true, false, false])
})
