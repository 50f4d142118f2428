// Demo mode (DEMO_AUTO_APPROVE_SECONDS): with no operator around, deposits and withdrawals are
// approved by a timer once they have waited that long, through the same review functions an
// operator uses, so the demo shows exactly the real flow. Off unless the setting is given.
import { RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { startTicks } from '../clock/ticks.ts'
import type { AppContext } from '../context.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { num } from '../db/rows.ts'
import { approveWithdrawal } from '../withdrawals/review.ts'
import { ReviewRefusal } from './review-common.ts'
import { approveDeposit } from './review.ts'

const TICK_MS = 500
const LABEL = 'demo approval of deposits and withdrawals'
const BATCH = 50

const APPROVE = {
  [RECORD_TYPES.deposit]: approveDeposit,
  [RECORD_TYPES.withdrawal]: approveWithdrawal,
} as const

async function approveDue(ctx: AppContext, delaySeconds: number): Promise<void> {
  const due = await ctx.db.all(`SELECT id, trade_type FROM asset_records
       WHERE status = ? AND trade_type IN (?, ?) AND created_at <= ? ORDER BY id LIMIT ${BATCH}`, RECORD_STATUS.reviewing, RECORD_TYPES.deposit, RECORD_TYPES.withdrawal, ctx.now() - delaySeconds * 1000)
  for (const row of due) {
    const type = num(row, 'trade_type') === RECORD_TYPES.deposit ? RECORD_TYPES.deposit : RECORD_TYPES.withdrawal
    try {
      await APPROVE[type](ctx, String(num(row, 'id')), 'approved automatically (demo)')
    } catch (error) {
      // An operator decided it first: fine. A lost storage waits for the next tick. Anything else
      // is a bug worth seeing in the log.
      if (error instanceof DatabaseUnavailableError) throw error
      if (!(error instanceof ReviewRefusal)) ctx.log.error({ err: error, recordId: num(row, 'id') }, 'demo auto-approval failed')
    }
  }
}

/** Starts the timer when a delay is set; answers the function that stops it. */
export function startDemoAutoApprove(ctx: AppContext, delaySeconds: number | undefined): () => void {
  if (delaySeconds === undefined) return () => {}
  ctx.log.info({ delaySeconds }, 'demo mode: deposits and withdrawals are approved automatically')
  return startTicks(ctx, LABEL, TICK_MS, () => approveDue(ctx, delaySeconds))
}
