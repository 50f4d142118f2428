// `npm run admin -- demo remove` (architecture §6 "Production mode"): takes the demo account out of a
// database that is to serve real users. Its password is published, and its money could buy real
// users' orders, so none of it may stay usable — while the ledger stays exact.
// What is open is ended first, each through its own engine's path, so every unit ends where that
// engine would put it:
// - spot orders are cancelled as the operators' `spot cancel` does (the pair caught up to now first,
//   then cancelOrderNow): what they still hold is unfrozen;
// - deposits and withdrawals awaiting review are rejected (deposits/review.ts, withdrawals/review.ts):
//   a deposit credits nothing, a withdrawal's amount is unfrozen, nothing is paid out;
// - launchpad allocations still locked are unlocked (launch/settle.ts unlockOne), so the launch pass
//   finds nothing of this account left to unlock later.
// What only a price or the clock can end is refused and listed, and nothing is changed: contract
// positions holding or waiting for their entry (their owner closes or cancels them at a price, or
// the pass stops them), open seconds orders (a running server settles them at their due instant)
// and launchpad subscriptions still pending (allocated at their project's end, or refunded by
// `admin launch cancel`). Settling those here would mean pricing them outside their engines.
// Then every balance left, all of it available by now, goes to 'house' (ledger forfeitToHouse: one
// entry and one record per account and currency; refunded to nobody), the sessions end, and the
// account is renamed (account.ts removedDemoEmail) with passwords nothing matches: it cannot log in
// and is not the demo account any more. Its rows stay, so every foreign key (postings, records,
// orders, messages) still holds. All of it is one transaction: a refusal or a crash leaves the
// account exactly as it was, and once it committed a second run finds nothing to remove.
import { BigNumber } from 'bignumber.js'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { POSITION_STATUS } from '../../src/contract/contracts.ts'
import { ENTRY_STATUS } from '../../src/contract/seconds.ts'
import { ORDER_STATUS } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { fundsLock } from '../assets/idempotency.ts'
import { allLocks, type Database } from '../db/database.ts'
import { num, str } from '../db/rows.ts'
import { rejectDeposit } from '../deposits/review.ts'
import { findProject } from '../launch/projects.ts'
import { unlockOne } from '../launch/settle.ts'
import { toStoredSubscription } from '../launch/subscriptions.ts'
import { forfeitToHouse } from '../ledger/operations.ts'
import { insertRecord } from '../ledger/records.ts'
import { createMarketSource } from '../market/create-source.ts'
import { findPair } from '../market/pairs.ts'
import { bookLock } from '../spot/book-lock.ts'
import { cancelOrderNow } from '../spot/cancel.ts'
import { createSpotEngine } from '../spot/engine.ts'
import { spotFeed } from '../spot/feed.ts'
import { toStoredOrder } from '../spot/orders.ts'
import { rejectWithdrawal } from '../withdrawals/review.ts'
import { findDemoAccount, removedDemoEmail } from './account.ts'

/** Stored instead of the password hashes: not a scrypt hash, so no password ever matches it. */
const NO_PASSWORD = 'removed: demo account'
const REASON = 'the demo account was removed'

export interface Forfeit {
  account: 'spot' | 'contract'
  currency: string
  amount: string
}

export type DemoRemoval =
  | { outcome: 'none' }
  /** Nothing was changed; `open` says what is still open and how it ends. */
  | { outcome: 'refused'; open: string[] }
  | { outcome: 'removed'; userId: number; email: string; sessions: number; ended: string[]; forfeited: Forfeit[] }

/** Thrown inside the removal's transaction to roll all of it back and answer the refusal. */
class StillOpen extends Error {
  readonly open: string[]
  constructor(open: string[]) {
    super('the demo account still has something open')
    this.open = open
  }
}

const iso = (ms: number): string => new Date(ms).toISOString()
const accountName = (accountType: number): Forfeit['account'] => (accountType === ACCOUNT_TYPES.contract ? 'contract' : 'spot')

/** What only a price or the clock can end, one line each: what it is and how it ends. */
async function stillOpen(db: Database, userId: number): Promise<string[]> {
  const positions = await db.all('SELECT id, symbol, status FROM contract_positions WHERE user_id = ? AND status IN (?, ?) ORDER BY id',
    userId, POSITION_STATUS.pending, POSITION_STATUS.holding)
  const seconds = await db.all('SELECT id, base_coin, quote_coin, settle_time FROM seconds_orders WHERE user_id = ? AND status = ? ORDER BY id', userId, ENTRY_STATUS.open)
  const subscriptions = await db.all(`SELECT s.id, s.quantity, p.id AS project_id, p.symbol, p.join_end
     FROM launch_subscriptions s JOIN launch_projects p ON p.id = s.project_id WHERE s.user_id = ? AND s.status = 'pending' ORDER BY s.id`, userId)
  return [
    ...positions.map((row) => num(row, 'status') === POSITION_STATUS.pending
      ? `contract position #${num(row, 'id')} (${str(row, 'symbol')}): a limit entry waiting for its price; its owner cancels it`
      : `contract position #${num(row, 'id')} (${str(row, 'symbol')}): holding; its owner closes it (or its stop or liquidation does)`),
    ...seconds.map((row) => `seconds order #${num(row, 'id')} (${str(row, 'base_coin')}/${str(row, 'quote_coin')}): a running server settles it at ${iso(num(row, 'settle_time'))}`),
    ...subscriptions.map((row) => `launchpad subscription #${num(row, 'id')}: ${str(row, 'quantity')} ${str(row, 'symbol')}, allocated when project #${num(row, 'project_id')} ends at ${iso(num(row, 'join_end'))} ` +
      `(or npm run admin -- launch cancel ${num(row, 'project_id')} refunds all its subscribers)`),
  ]
}

const openSpotOrders = async (db: Database, userId: number) =>
  (await db.all('SELECT * FROM spot_orders WHERE user_id = ? AND status IN (?, ?) ORDER BY id', userId, ORDER_STATUS.untriggered, ORDER_STATUS.open)).map(toStoredOrder)

/**
 * As the operators' `spot cancel`: what the price already did to the orders (a fill, a trigger)
 * happens before they are cancelled. The walk needs the feed, so it runs before the transaction.
 */
async function catchUpSpot(ctx: AppContext, symbols: readonly string[]): Promise<void> {
  if (symbols.length === 0) return
  const engine = createSpotEngine(ctx, spotFeed(createMarketSource(ctx.config, ctx.now), ctx.config.spotFeedLiquidity))
  for (const symbol of symbols) {
    const pair = findPair(symbol)
    if (!pair) continue
    // A long downtime is walked in several passes.
    let behind = true
    while (behind) behind = (await engine.walk.catchUp(pair)).behind
  }
}

/** Cancels, rejects and unlocks what the engines can end now; answers one line per thing ended. */
async function endWhatIsOpen(ctx: AppContext, userId: number, now: number): Promise<string[]> {
  const { db } = ctx
  const ended: string[] = []
  for (const order of await openSpotOrders(db, userId)) {
    const answer = await cancelOrderNow(db, findPair(order.symbol), order.id, userId, now)
    if (!answer.data) throw new Error(`spot order #${order.id} could not be cancelled: ${answer.msg}`)
    ended.push(`cancelled spot order #${order.id} (${order.symbol}), what it held unfrozen`)
  }
  const reviewing = await db.all('SELECT id, trade_type FROM asset_records WHERE user_id = ? AND status = ? AND trade_type IN (?, ?) ORDER BY id',
    userId, RECORD_STATUS.reviewing, RECORD_TYPES.deposit, RECORD_TYPES.withdrawal)
  for (const row of reviewing) {
    const id = String(num(row, 'id'))
    if (num(row, 'trade_type') === RECORD_TYPES.withdrawal) {
      const record = await rejectWithdrawal(ctx, id, REASON)
      ended.push(`rejected withdrawal #${id}, ${record.amount.replace(/^-/, '')} ${record.currency} unfrozen`)
    } else {
      const record = await rejectDeposit(ctx, id, REASON)
      ended.push(`rejected deposit #${id} of ${record.amount} ${record.currency}, nothing credited`)
    }
  }
  const locked = await db.all("SELECT * FROM launch_subscriptions WHERE user_id = ? AND status = 'allocated' AND unlocked = 0 ORDER BY id", userId)
  for (const subscription of locked.map(toStoredSubscription)) {
    const project = await findProject(db, subscription.projectId)
    if (!project || !await unlockOne(db, project, subscription, now)) throw new Error(`launchpad subscription #${subscription.id} could not be unlocked`)
    ended.push(`unlocked ${subscription.allocated ?? ''} ${project.symbol} of launchpad subscription #${subscription.id}`)
  }
  return ended
}

/** Gives every balance to 'house', with a record of it; refuses a frozen amount nothing open explains. */
async function forfeitBalances(db: Database, userId: number, now: number): Promise<Forfeit[]> {
  const forfeited: Forfeit[] = []
  const balances = await db.all('SELECT account_type, currency, available, frozen FROM balances WHERE user_id = ? ORDER BY account_type, currency', userId)
  for (const row of balances) {
    const accountType = num(row, 'account_type') === ACCOUNT_TYPES.contract ? ACCOUNT_TYPES.contract : ACCOUNT_TYPES.spot
    const [currency, available, frozen] = [str(row, 'currency'), new BigNumber(str(row, 'available')), str(row, 'frozen')]
    // Everything that freezes money was ended above or refused; frozen money left over would be a
    // ledger fault, not something to give away unexplained.
    if (!new BigNumber(frozen).isZero()) {
      throw new StillOpen([`${frozen} ${currency} frozen in the ${accountName(accountType)} account with nothing open that holds it: run npm run admin -- verify`])
    }
    if (available.isZero()) continue
    const amount = available.toFixed()
    const entryId = await forfeitToHouse(db, { userId, accountType, currency, amount, memo: REASON, now })
    await insertRecord(db, {
      userId, accountType, tradeType: RECORD_TYPES.credit, currency, amount: `-${amount}`, actualArrival: '0',
      status: RECORD_STATUS.finished, what: { kind: 'demoRemoved', params: {} }, entryId, now,
    })
    forfeited.push({ account: accountName(accountType), currency, amount })
  }
  return forfeited
}

export async function removeDemoAccount(ctx: AppContext): Promise<DemoRemoval> {
  const { db } = ctx
  const userId = await findDemoAccount(db)
  if (userId === undefined) return { outcome: 'none' }
  // Refused before anything is touched, the pairs' catch-up included.
  const open = await stillOpen(db, userId)
  if (open.length > 0) return { outcome: 'refused', open }
  const symbols = [...new Set((await openSpotOrders(db, userId)).map((order) => order.symbol))]
  await catchUpSpot(ctx, symbols)
  try {
    // The user's money and the books of their orders, as their own calls lock them (PostgreSQL
    // queues behind those instead of conflicting); inner transactions are savepoints of this one.
    return await db.transaction(async () => {
      // Read again under the lock: another run may have removed it, the owner may have opened something.
      if (await findDemoAccount(db) !== userId) return { outcome: 'none' } as const
      const openNow = await stillOpen(db, userId)
      if (openNow.length > 0) throw new StillOpen(openNow)
      const now = ctx.now()
      const ended = await endWhatIsOpen(ctx, userId, now)
      const forfeited = await forfeitBalances(db, userId, now)
      const sessions = (await db.run('DELETE FROM sessions WHERE user_id = ?', userId)).changes
      const email = removedDemoEmail(userId)
      const renamed = await db.run('UPDATE users SET email = ?, password_hash = ?, trade_password_hash = ? WHERE id = ? AND email <> ?', email, NO_PASSWORD, NO_PASSWORD, userId, email)
      if (renamed.changes !== 1) throw new Error('the demo account changed during its removal')
      return { outcome: 'removed', userId, email, sessions, ended, forfeited } as const
    }, allLocks(fundsLock(userId), ...symbols.map(bookLock)))
  } catch (error) {
    if (error instanceof StillOpen) return { outcome: 'refused', open: error.open }
    throw error
  }
}
