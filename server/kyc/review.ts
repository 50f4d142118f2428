// An operator's decision on a verification (admin CLI `kyc approve|reject`). Taken once: the
// submission leaves reviewing in a conditional update, in one transaction with the user's state and
// the message to their inbox, so two operators deciding at the same time cannot both act — the
// second is refused and changes nothing.
import type { Database } from '../db/database.ts'
import { KYC_STATE } from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { postMessage } from '../messages/post.ts'
import { findSubmission, type Submission } from './submissions.ts'

/** A decision that cannot be taken: no such submission, or already decided. */
export class KycReviewRefusal extends Error {}

const REASON_MAX_LENGTH = 200

const STATE_WORDS: Record<number, string> = { [KYC_STATE.verified]: 'approved', [KYC_STATE.rejected]: 'rejected' }

async function decide(db: Database, idText: string, approve: boolean, reason: string, now: number): Promise<Submission> {
  const id = /^[1-9]\d{0,15}$/.test(idText.trim()) ? Number(idText.trim()) : undefined
  return await db.transaction(async () => {
    const submission = id === undefined ? undefined : await findSubmission(db, id)
    if (!submission) throw new KycReviewRefusal(`no verification with id ${idText}`)
    const state = approve ? KYC_STATE.verified : KYC_STATE.rejected
    const decided = await db.run('UPDATE kyc_submissions SET state = ?, reason = ?, reviewed_at = ? WHERE id = ? AND state = ?', state, reason, now, submission.id, KYC_STATE.reviewing)
    if (decided.changes !== 1) {
      throw new KycReviewRefusal(`verification ${submission.id} was already ${STATE_WORDS[submission.state] ?? 'decided'}`)
    }
    // A rejected user is back to not verified (spec §4's states) and may submit again.
    const status = approve ? KYC_STATUS.verified : KYC_STATUS.none
    await db.run('UPDATE users SET kyc_status = ? WHERE id = ? AND kyc_status = ?', status, submission.userId, KYC_STATUS.reviewing)
    await postMessage(db, {
      userId: submission.userId,
      kind: approve ? 'kycApproved' : 'kycRejected',
      eventKey: `kyc:${submission.id}`,
      params: approve ? {} : { reason },
      now,
    })
    const after = await findSubmission(db, submission.id)
    if (!after) throw new Error(`verification ${submission.id} vanished during its review`)
    return after
  })
}

/** Verifies the user; throws KycReviewRefusal (changing nothing) unless it is under review. */
export const approveKyc = async (db: Database, id: string, now: number): Promise<Submission> => await decide(db, id, true, '', now)

/** Rejects with the reason the user will read; the user may then submit again. */
export async function rejectKyc(db: Database, id: string, reason: string, now: number): Promise<Submission> {
  const text = [...reason.replace(/\s+/g, ' ').trim()].slice(0, REASON_MAX_LENGTH).join('')
  if (!text) throw new KycReviewRefusal('a rejection needs a reason the user can act on')
  return await decide(db, id, false, text, now)
}
