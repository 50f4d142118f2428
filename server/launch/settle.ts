// The three events after joining, one function each: allocateOne (end of joining), unlockOne (end of
// the lock), refundOne (a cancel). An allocation and an unlock each leave one inbox message, written
// in the same transaction right after the conditional update, so the message exists exactly when
// the event does. Each is conditional on the subscription's state and writes one ledger entry
// and one asset record; call them inside immediate(db, …). They answer false when the subscription
// had already moved on (another process got there first), and then nothing was written.
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES, type RecordDescription } from '../../src/contract/assets.ts'
import { allocateSubscription, refundSubscription, unlockTokens } from '../ledger/launch-operations.ts'
import { insertRecord } from '../ledger/records.ts'
import { postMessage } from '../messages/post.ts'
import { costOf, refundOf } from './logic.ts'
import type { StoredProject } from './projects.ts'
import type { StoredSubscription } from './subscriptions.ts'

const record = async (db: Database, userId: number, currency: string, amount: string, what: RecordDescription, entryId: number, now: number) =>
  await insertRecord(db, {
    userId,
    accountType: ACCOUNT_TYPES.spot,
    tradeType: RECORD_TYPES.launch,
    currency,
    amount,
    actualArrival: amount,
    status: RECORD_STATUS.finished,
    what,
    entryId,
    now,
  })

/** Gives `allocated` tokens (locked) for their USDT, unfreezes the rest. */
export async function allocateOne(db: Database, project: StoredProject, subscription: StoredSubscription, allocated: string, now: number): Promise<boolean> {
  const paid = costOf(allocated, project.price)
  const refund = refundOf(subscription.frozen, allocated, project.price)
  const nothing = allocated === '0'
  const changed = await db.run("UPDATE launch_subscriptions SET status = ?, allocated = ?, refunded = ?, settled_at = ? WHERE id = ? AND status = 'pending'", nothing ? 'refunded' : 'allocated', allocated, refund, now, subscription.id)
  if (changed.changes !== 1) return false
  const memo = `launch allocation ${project.symbol} #${subscription.id}`
  const entryId = await allocateSubscription(db, { userId: subscription.userId, symbol: project.symbol, paid, refund, tokens: allocated, memo, now })
  if (!nothing) await record(db, subscription.userId, project.symbol, allocated, { kind: 'launchAllocated', params: { quantity: allocated, symbol: project.symbol, unlockAt: String(project.unlockAt) } }, entryId, now)
  if (refund !== '0') await record(db, subscription.userId, 'USDT', refund, { kind: 'launchRefund', params: { symbol: project.symbol } }, entryId, now)
  await postMessage(db, {
    userId: subscription.userId,
    kind: 'launchAllocation',
    eventKey: `launch-allocation:${subscription.id}`,
    params: { project: project.name, amount: allocated, currency: project.symbol, refund },
    now,
  })
  return true
}

/** Makes a subscription's locked tokens available (HOLD). */
export async function unlockOne(db: Database, project: StoredProject, subscription: StoredSubscription, now: number): Promise<boolean> {
  const changed = await db.run("UPDATE launch_subscriptions SET unlocked = 1, unlocked_at = ? WHERE id = ? AND status = 'allocated' AND unlocked = 0", now, subscription.id)
  if (changed.changes !== 1 || subscription.allocated === null) return false
  const entryId = await unlockTokens(db, { userId: subscription.userId, symbol: project.symbol, tokens: subscription.allocated, memo: `launch unlock ${project.symbol} #${subscription.id}`, now })
  await record(db, subscription.userId, project.symbol, '0', { kind: 'launchUnlocked', params: { quantity: subscription.allocated, symbol: project.symbol } }, entryId, now)
  await postMessage(db, {
    userId: subscription.userId,
    kind: 'launchUnlock',
    eventKey: `launch-unlock:${subscription.id}`,
    params: { project: project.name, amount: subscription.allocated, currency: project.symbol },
    now,
  })
  return true
}

/** Gives a pending subscription's USDT back (the project was cancelled). */
export async function refundOne(db: Database, project: StoredProject, subscription: StoredSubscription, now: number): Promise<boolean> {
  const changed = await db.run("UPDATE launch_subscriptions SET status = 'refunded', allocated = '0', refunded = frozen, settled_at = ? WHERE id = ? AND status = 'pending'", now, subscription.id)
  if (changed.changes !== 1) return false
  const entryId = await refundSubscription(db, { userId: subscription.userId, usdt: subscription.frozen, memo: `launch cancelled ${project.symbol} #${subscription.id}`, now })
  await record(db, subscription.userId, 'USDT', subscription.frozen, { kind: 'launchCancelled', params: { symbol: project.symbol } }, entryId, now)
  return true
}
