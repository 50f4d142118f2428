// Demo mode (DEMO_AUTO_APPROVE_SECONDS): with no operator around, identity verifications are
// approved by a timer once they have waited that long, through the operators' own approveKyc, so a
// visitor of the demo can verify and then withdraw. Off unless the setting is given.
import { KYC_STATE } from '../../src/contract/profile.ts'
import { startTicks } from '../clock/ticks.ts'
import type { AppContext } from '../context.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { num } from '../db/rows.ts'
import { approveKyc, KycReviewRefusal } from './review.ts'

const TICK_MS = 500
const LABEL = 'demo approval of identity verifications'
const BATCH = 50

async function approveDue(ctx: AppContext, delaySeconds: number): Promise<void> {
  const due = await ctx.db.all(`SELECT id FROM kyc_submissions WHERE state = ? AND submitted_at <= ? ORDER BY id LIMIT ${BATCH}`, KYC_STATE.reviewing, ctx.now() - delaySeconds * 1000)
  for (const row of due) {
    try {
      await approveKyc(ctx.db, String(num(row, 'id')), ctx.now())
    } catch (error) {
      // An operator decided it first: fine. A lost storage waits for the next tick. Anything else
      // is a bug worth seeing in the log.
      if (error instanceof DatabaseUnavailableError) throw error
      if (!(error instanceof KycReviewRefusal)) ctx.log.error({ err: error, submissionId: num(row, 'id') }, 'demo verification approval failed')
    }
  }
}

/** Starts the timer when a delay is set; answers the function that stops it. */
export function startDemoKycApproval(ctx: AppContext, delaySeconds: number | undefined): () => void {
  if (delaySeconds === undefined) return () => {}
  return startTicks(ctx, LABEL, TICK_MS, () => approveDue(ctx, delaySeconds))
}
