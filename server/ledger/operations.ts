// THE MONEY OPERATIONS (for deposits, withdrawals, transfers, exchanges, operator credits,
// seconds contracts).
// Each one writes one balanced ledger entry (postings.ts) and updates the user's balances, and
// answers the entry id (store it in the asset record: records.ts, insertRecord's entryId).
// Call them INSIDE the transaction you opened with `await db.transaction(async () => …)` (server/db/transaction.ts)
// together with your own record row, so both commit or neither does; each runs as a savepoint of
// your transaction, so when one throws InsufficientBalanceError (a balance would go below zero)
// nothing of it remains — let the error roll your transaction back, or catch it to write a
// refusal. Amounts are decimal strings, > 0, at most 8 decimals (fee may be '0'), currencies
// upper-case members of CURRENCIES; anything else throws a plain Error (a bug: validate at the edge
// with server/ledger/amount-input.ts first). `now` is ms since epoch (ctx.now()). No await inside.
//   creditFromOutside(db, { userId, accountType, currency, amount, kind, memo, now })  available += amount; 'outside' −= amount
//   freeze(db, { userId, accountType, currency, amount, memo, now })                    available → frozen
//   unfreeze(db, { userId, accountType, currency, amount, memo, now })                  frozen → available (a rejected withdrawal)
//   payOutFrozen(db, { userId, accountType, currency, amount, fee, memo, now })         frozen −= amount; 'outside' += amount − fee; 'fees' += fee
//   transferBetweenAccounts(db, { userId, currency, amount, from, to, memo, now })     available of account `from` → of account `to`
//   exchangeCurrencies(db, { userId, accountType, from, to, amount, gross, fee, memo, now })  via the 'exchange' account, fee to 'fees'
//   forfeitToHouse(db, { userId, accountType, currency, amount, memo, now })           available −= amount; 'house' += amount (a removed demo account's money)
// The user-visible side is records.ts: insertRecord(db, NewRecord) → id (deposits/withdrawals go in
// with status RECORD_STATUS.reviewing, chain, address, proof), settleRecord(db, id, { status, info?,
// fee?, actualArrival?, now }) → false if no longer reviewing (so approve/reject happen once),
// findRecord(db, id, userId?) (with userId: only that user's own). Edge checks of user input:
// amount-input.ts checkAmount(text, { min? }) / checkCurrency / checkAccountType → { ok, value | msg }.
// Idempotency keys: server/assets/idempotency.ts. Migrations 004–006 are the ledger's
// (004 entries/postings, 005 asset_records, 006 idempotency_keys + param exchange_fee_rate);
// 008 adds the 'house' system account of seconds contracts (their operations are at the end).
// Leveraged contracts have their own: contract-operations.ts (margin, fees, 'house' as insurance).
import type { Database } from '../db/database.ts'
import type { AccountTypeId } from '../../src/contract/assets.ts'
import { ledgerAmount } from './amount.ts'
import { type Bucket, type Posting, postEntry, type SystemAccount } from './postings.ts'

export { InsufficientBalanceError } from './postings.ts'

export interface UserMove {
  userId: number
  accountType: AccountTypeId
  currency: string
  /** Decimal string > 0, at most 8 decimals. */
  amount: string
  memo: string
  now: number
}

const user = (move: { userId: number; accountType: AccountTypeId }, bucket: Bucket) => ({
  userId: move.userId,
  accountType: move.accountType,
  bucket,
})
const system = (name: SystemAccount) => ({ system: name })

/** Money arriving from beyond the exchange: an approved deposit, an operator's credit, the seed. */
export async function creditFromOutside(db: Database, move: UserMove & { kind: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await postEntry(db, {
    kind: move.kind,
    memo: move.memo,
    now: move.now,
    postings: [
      { account: user(move, 'available'), currency: move.currency, amount },
      { account: system('outside'), currency: move.currency, amount: amount.negated() },
    ],
  })
}

async function between(db: Database, move: UserMove, kind: string, from: Bucket, to: Bucket): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await postEntry(db, {
    kind,
    memo: move.memo,
    now: move.now,
    postings: [
      { account: user(move, from), currency: move.currency, amount: amount.negated() },
      { account: user(move, to), currency: move.currency, amount },
    ],
  })
}

/** Holds money for a pending withdrawal: available → frozen of the same account. */
export const freeze = async (db: Database, move: UserMove): Promise<number> => await between(db, move, 'freeze', 'available', 'frozen')

/** Gives held money back (a rejected withdrawal): frozen → available. */
export const unfreeze = async (db: Database, move: UserMove): Promise<number> => await between(db, move, 'unfreeze', 'frozen', 'available')

/** An approved withdrawal: the frozen amount leaves, the fee stays with the exchange. */
export async function payOutFrozen(db: Database, move: UserMove & { fee: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  const fee = ledgerAmount(move.fee, { allowZero: true })
  if (fee.isGreaterThan(amount)) throw new Error('ledger: the fee exceeds the amount')
  const sent = amount.minus(fee)
  const postings: Posting[] = [{ account: user(move, 'frozen'), currency: move.currency, amount: amount.negated() }]
  if (!sent.isZero()) postings.push({ account: system('outside'), currency: move.currency, amount: sent })
  if (!fee.isZero()) postings.push({ account: system('fees'), currency: move.currency, amount: fee })
  return await postEntry(db, { kind: 'payout', memo: move.memo, now: move.now, postings })
}

/**
 * Money a user gives up to the exchange, refunded to nobody: what the demo account still holds
 * when an operator removes it (server/demo/remove.ts). It goes to 'house', where a seconds loss or
 * a liquidation goes too, so the ledger still says where every unit is.
 */
export async function forfeitToHouse(db: Database, move: UserMove): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await postEntry(db, {
    kind: 'forfeit',
    memo: move.memo,
    now: move.now,
    postings: [
      { account: user(move, 'available'), currency: move.currency, amount: amount.negated() },
      { account: system('house'), currency: move.currency, amount },
    ],
  })
}

/** Between a user's own spot and contract accounts. */
export async function transferBetweenAccounts(
  db: Database,
  move: Omit<UserMove, 'accountType'> & { from: AccountTypeId; to: AccountTypeId },
): Promise<number> {
  if (move.from === move.to) throw new Error('ledger: a transfer needs two different accounts')
  const amount = ledgerAmount(move.amount)
  return await postEntry(db, {
    kind: 'transfer',
    memo: move.memo,
    now: move.now,
    postings: [
      { account: { userId: move.userId, accountType: move.from, bucket: 'available' }, currency: move.currency, amount: amount.negated() },
      { account: { userId: move.userId, accountType: move.to, bucket: 'available' }, currency: move.currency, amount },
    ],
  })
}

export interface ExchangeMove {
  userId: number
  accountType: AccountTypeId
  from: string
  to: string
  /** Taken from the user, in `from`. */
  amount: string
  /** What the swap yields before the fee, in `to`: receive + fee. */
  gross: string
  /** Kept by the exchange, in `to` (may be '0'). */
  fee: string
  memo: string
  now: number
}

/**
 * One currency into another. The 'exchange' system account takes `from` and gives `to`, so each
 * currency balances on its own: from: −amount user, +amount exchange; to: −gross exchange,
 * +(gross − fee) user, +fee fees.
 */
export async function exchangeCurrencies(db: Database, move: ExchangeMove): Promise<number> {
  if (move.from === move.to) throw new Error('ledger: an exchange needs two different currencies')
  const amount = ledgerAmount(move.amount)
  const gross = ledgerAmount(move.gross)
  const fee = ledgerAmount(move.fee, { allowZero: true })
  const receive = gross.minus(fee)
  if (!receive.isGreaterThan(0)) throw new Error('ledger: nothing would arrive')
  const postings: Posting[] = [
    { account: user(move, 'available'), currency: move.from, amount: amount.negated() },
    { account: system('exchange'), currency: move.from, amount },
    { account: system('exchange'), currency: move.to, amount: gross.negated() },
    { account: user(move, 'available'), currency: move.to, amount: receive },
  ]
  if (!fee.isZero()) postings.push({ account: system('fees'), currency: move.to, amount: fee })
  return await postEntry(db, { kind: 'exchange', memo: move.memo, now: move.now, postings })
}

// ── Seconds contracts (server/seconds/) ───────────────────────────────────────────────────────
// An order is opened with openSecondsOrder and closed by exactly one of the three below, all on
// the contract account's quote-coin balance. The 'house' system account is the counterparty: it
// pays a win's profit and takes a loss's stake, so every entry still sums to zero.
//   openSecondsOrder(db, { …UserMove, fee })            available −= amount + fee; frozen += amount; 'fees' += fee
//   settleSecondsWin(db, { …UserMove, profit })          frozen −= amount; available += amount + profit; 'house' −= profit
//   settleSecondsLoss(db, UserMove)                      frozen −= amount; 'house' += amount
//   returnSecondsOrder(db, { …UserMove, feeRefund })     frozen −= amount; available += amount + feeRefund; 'fees' −= feeRefund
// (a draw returns the stake with feeRefund '0'; an order no price could be had for returns the fee too)

export async function openSecondsOrder(db: Database, move: UserMove & { fee: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  const fee = ledgerAmount(move.fee, { allowZero: true })
  const postings: Posting[] = [
    { account: user(move, 'available'), currency: move.currency, amount: amount.plus(fee).negated() },
    { account: user(move, 'frozen'), currency: move.currency, amount },
  ]
  if (!fee.isZero()) postings.push({ account: system('fees'), currency: move.currency, amount: fee })
  return await postEntry(db, { kind: 'seconds_open', memo: move.memo, now: move.now, postings })
}

export async function settleSecondsWin(db: Database, move: UserMove & { profit: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  const profit = ledgerAmount(move.profit, { allowZero: true })
  const postings: Posting[] = [
    { account: user(move, 'frozen'), currency: move.currency, amount: amount.negated() },
    { account: user(move, 'available'), currency: move.currency, amount: amount.plus(profit) },
  ]
  // A profit truncated to nothing (tiny stake, low rate) moves no house money.
  if (!profit.isZero()) postings.push({ account: system('house'), currency: move.currency, amount: profit.negated() })
  return await postEntry(db, { kind: 'seconds_win', memo: move.memo, now: move.now, postings })
}

export async function settleSecondsLoss(db: Database, move: UserMove): Promise<number> {
  const amount = ledgerAmount(move.amount)
  return await postEntry(db, {
    kind: 'seconds_loss',
    memo: move.memo,
    now: move.now,
    postings: [
      { account: user(move, 'frozen'), currency: move.currency, amount: amount.negated() },
      { account: system('house'), currency: move.currency, amount },
    ],
  })
}

export async function returnSecondsOrder(db: Database, move: UserMove & { feeRefund: string }): Promise<number> {
  const amount = ledgerAmount(move.amount)
  const refund = ledgerAmount(move.feeRefund, { allowZero: true })
  const postings: Posting[] = [
    { account: user(move, 'frozen'), currency: move.currency, amount: amount.negated() },
    { account: user(move, 'available'), currency: move.currency, amount: amount.plus(refund) },
  ]
  if (!refund.isZero()) postings.push({ account: system('fees'), currency: move.currency, amount: refund.negated() })
  return await postEntry(db, { kind: refund.isZero() ? 'seconds_draw' : 'seconds_void', memo: move.memo, now: move.now, postings })
}
