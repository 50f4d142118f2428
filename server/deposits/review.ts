// An operator's decision on a deposit (admin CLI, demo timer): approval credits the spot account
// from outside, in the same transaction as the status change; rejection only records the reason.
import type { AssetRecord } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { AppContext } from '../context.ts'
import { creditFromOutside } from '../ledger/operations.ts'
import { findRecord, settleRecord, toAssetRecord } from '../ledger/records.ts'
import { postMessage } from '../messages/post.ts'
import { cleanReason, infoWith, ReviewRefusal, reviewable, whatWith } from './review-common.ts'

async function decide(ctx: AppContext, recordId: string, reason: string | undefined, approve: boolean): Promise<AssetRecord> {
  const now = ctx.now()
  return await ctx.db.transaction(async () => {
    const record = await reviewable(ctx.db, recordId, RECORD_TYPES.deposit, 'deposit')
    const id = Number(record.id)
    const cleaned = cleanReason(reason)
    const info = infoWith(record, cleaned)
    const what = whatWith(record, cleaned)
    const status = approve ? RECORD_STATUS.finished : RECORD_STATUS.rejected
    const actualArrival = approve ? record.amount : '0'
    if (!await settleRecord(ctx.db, id, { status, info, ...(what ? { what } : {}), actualArrival, now })) throw new ReviewRefusal(`deposit ${id} was already decided`)
    if (approve) {
      const move = { userId: record.userId, accountType: ACCOUNT_TYPES.spot, currency: record.currency, amount: record.amount }
      await creditFromOutside(ctx.db, { ...move, kind: 'deposit', memo: `deposit #${id}`, now })
    }
    // The user's inbox hears of it in this same transaction: exactly once, as the decision is.
    const params = { amount: record.amount, currency: record.currency, recordId: String(id) }
    await postMessage(ctx.db, approve
      ? { userId: record.userId, kind: 'depositCredited', eventKey: `deposit:${id}`, params, now }
      : { userId: record.userId, kind: 'depositRejected', eventKey: `deposit:${id}`, params: { ...params, reason: cleaned ?? '' }, now })
    const settled = await findRecord(ctx.db, id)
    if (!settled) throw new Error(`deposit ${id} vanished during its review`)
    return toAssetRecord(settled)
  })
}

/** Credits the deposit; throws ReviewRefusal (changing nothing) unless it is a reviewing deposit. */
export const approveDeposit = async (ctx: AppContext, recordId: string, reason: string | undefined): Promise<AssetRecord> =>
  await decide(ctx, recordId, reason, true)

/** Rejects the deposit with the reason in `info`; nothing is credited. */
export const rejectDeposit = async (ctx: AppContext, recordId: string, reason: string | undefined): Promise<AssetRecord> =>
  await decide(ctx, recordId, reason, false)

export { ReviewRefusal } from './review-common.ts'
