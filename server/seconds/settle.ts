// Settles one order, exactly once: in one BEGIN IMMEDIATE transaction the order moves from open to
// settled by a conditional UPDATE (WHERE status = open), and only when that UPDATE changed the row
// do the money (one ledger entry against 'house', or the stake returned) and the asset record
// follow. A second pass — the same scheduler again, another server on the same file, a manual
// run — finds the order settled and changes nothing.
import { ACCOUNT_TYPES, RECORD_STATUS, type RecordDescription } from '../../src/contract/assets.ts'
import { ENTRY_STATUS, SECONDS_RESULTS } from '../../src/contract/seconds.ts'
import type { AppContext } from '../context.ts'
import { returnSecondsOrder, settleSecondsLoss, settleSecondsWin } from '../ledger/operations.ts'
import { settleRecord } from '../ledger/records.ts'
import { toStoredOrder, type StoredOrder } from './orders.ts'
import { type Outcome, outcomeOf } from './outcome.ts'

type SettleContext = Pick<AppContext, 'db' | 'now'>

async function moveMoney(ctx: SettleContext, order: StoredOrder, outcome: Outcome, now: number): Promise<number> {
  const move = {
    userId: order.userId,
    accountType: ACCOUNT_TYPES.contract,
    currency: order.quoteCoin,
    amount: order.openAmount,
    memo: `seconds order #${order.id}`,
    now,
  }
  if (outcome.result === SECONDS_RESULTS.win) return await settleSecondsWin(ctx.db, { ...move, profit: outcome.profit })
  if (outcome.result === SECONDS_RESULTS.lose) return await settleSecondsLoss(ctx.db, move)
  return await returnSecondsOrder(ctx.db, { ...move, feeRefund: outcome.void ? order.fee : '0' })
}

function settledWhat(order: StoredOrder, outcome: Outcome, settlePrice: string | undefined): RecordDescription {
  const head = { orderId: String(order.id), symbol: `${order.baseCoin}/${order.quoteCoin}` }
  if (outcome.void || settlePrice === undefined) return { kind: 'secondsVoid', params: head }
  return { kind: 'secondsSettled', params: { ...head, openPrice: order.openPrice, settlePrice, profit: outcome.profit } }
}

/**
 * Settles the order at `settlePrice` (the feed's price at its due instant; undefined when none can
 * be had: it is returned with its fee). Answers false when it was not open (already settled).
 */
export async function settleOrder(ctx: SettleContext, orderId: number, settlePrice: string | undefined): Promise<boolean> {
  return await ctx.db.transaction(async () => {
    const row = await ctx.db.get(`SELECT * FROM seconds_orders WHERE id = ? AND status = ${ENTRY_STATUS.open}`, orderId)
    if (!row) return false
    const order = toStoredOrder(row)
    const outcome = outcomeOf(order, settlePrice)
    const now = ctx.now()
    const claimed = await ctx.db.run(`UPDATE seconds_orders SET status = ${ENTRY_STATUS.settled}, settle_price = ?, result = ?, profit = ?, settled_at = ?
       WHERE id = ? AND status = ${ENTRY_STATUS.open}`, settlePrice ?? null, outcome.result, outcome.profit, now, orderId)
    if (claimed.changes !== 1) return false
    const entryId = await moveMoney(ctx, order, outcome, now)
    await ctx.db.run('UPDATE seconds_orders SET settle_entry_id = ? WHERE id = ?', entryId, orderId)
    if (order.recordId !== null) {
      await settleRecord(ctx.db, order.recordId, {
        status: RECORD_STATUS.finished,
        actualArrival: outcome.returned,
        what: settledWhat(order, outcome, settlePrice),
        now,
      })
    }
    return true
  })
}
