// An operator's decision on a withdrawal (admin CLI, demo timer): approval pays the frozen amount
// out (minus the fee, which stays with the exchange); rejection gives it back to available. Both
// in one transaction with the status change, which can happen only once.
import { BigNumber } from 'bignumber.js'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { AppContext } from '../context.ts'
import { cleanReason, infoWith, ReviewRefusal, reviewable, whatWith } from '../deposits/review-common.ts'
import { payOutFrozen, unfreeze } from '../ledger/operations.ts'
import { findRecord, settleRecord, toAssetRecord } from '../ledger/records.ts'
import { postMessage } from '../messages/post.ts'

async function decide(ctx: AppContext, recordId: string, reason: string | undefined, approve: boolean): Promise<AssetRecord> {
  const now = ctx.now()
  return await ctx.db.transaction(async () => {
    const record = await reviewable(ctx.db, recordId, RECORD_TYPES.withdrawal, 'withdrawal')
    const id = Number(record.id)
    // Records carry a withdrawal as it moved the account: negative.
    const amount = new BigNumber(record.amount).abs().toFixed()
    const cleaned = cleanReason(reason)
    const info = { info: infoWith(record, cleaned), ...(whatWith(record, cleaned) ? { what: whatWith(record, cleaned) } : {}) }
    const settlement = approve
      ? { status: RECORD_STATUS.finished, ...info, now }
      : { status: RECORD_STATUS.rejected, ...info, fee: '0', actualArrival: '0', now }
    if (!await settleRecord(ctx.db, id, settlement)) throw new ReviewRefusal(`withdrawal ${id} was already decided`)
    const move = { userId: record.userId, accountType: ACCOUNT_TYPES.spot, currency: record.currency, amount, memo: `withdrawal #${id}`, now }
    if (approve) await payOutFrozen(ctx.db, { ...move, fee: record.fee })
    else await unfreeze(ctx.db, move)
    // The user's inbox hears of it in this same transaction: exactly once, as the decision is.
    const params = { currency: record.currency, recordId: String(id) }
    await postMessage(ctx.db, approve
      ? { userId: record.userId, kind: 'withdrawalPaid', eventKey: `withdrawal:${id}`, params: { ...params, amount: record.actualArrival }, now }
      : { userId: record.userId, kind: 'withdrawalRejected', eventKey: `withdrawal:${id}`, params: { ...params, amount, reason: cleaned ?? '' }, now })
    const settled = await findRecord(ctx.db, id)
    if (!settled) throw new Error(`withdrawal ${id} vanished during its review`)
    return toAssetRecord(settled)
  })
}

/** Pays the withdrawal out; throws ReviewRefusal (changing nothing) unless it is a reviewing withdrawal. */
export const approveWithdrawal = async (ctx: AppContext, recordId: string, reason: string | undefined): Promise<AssetRecord> =>
  await decide(ctx, recordId, reason, true)

/** Returns the frozen amount to available, with the reason in `info`. */
export const rejectWithdrawal = async (ctx: AppContext, recordId: string, reason: string | undefined): Promise<AssetRecord> =>
  await decide(ctx, recordId, reason, false)

export { ReviewRefusal } from '../deposits/review-common.ts'
