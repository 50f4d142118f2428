// Helpers of the profile tests: a user's identity verified exactly as an operator does it (a
// submission under review, then review.ts's approveKyc), for the tests that withdraw.
import type { Database } from '../../server/db/database.ts'
import { KYC_STATE } from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { approveKyc } from '../../server/kyc/review.ts'

/** Files a reviewing submission for the user (photos by name only) and answers its id. */
export async function fileSubmission(db: Database, userId: number, now = Date.now()): Promise<number> {
  await db.run('UPDATE users SET kyc_status = ? WHERE id = ? AND kyc_status = ?', KYC_STATUS.reviewing, userId, KYC_STATUS.none)
  const row = await db.get(`INSERT INTO kyc_submissions (user_id, name, doc_type, doc_number, front_photo, back_photo, state, submitted_at)
       VALUES (?, 'Test User', 2, 'E12345678', ?, ?, ?, ?) RETURNING id`, userId, `${'a'.repeat(32)}.jpg`, `${'b'.repeat(32)}.jpg`, KYC_STATE.reviewing, now)
  return Number(row?.id)
}

/** The user verified through the operator's own function. */
export async function verifyIdentity(db: Database, userId: number): Promise<void> {
  await approveKyc(db, String(await fileSubmission(db, userId)), Date.now())
}
