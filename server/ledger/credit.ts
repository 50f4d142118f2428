// The one way a balance changes: a journal row and the balance update in the same transaction.
// Issue 4 grows this into the full double-entry ledger; the invariants hold from day one:
// amounts are decimal strings (bignumber.js), balances never go negative, and every change is
// journalled.
import { BigNumber } from 'bignumber.js'
import type { DatabaseSync } from 'node:sqlite'
import { str } from '../db/rows.ts'
import { immediate } from '../db/transaction.ts'

export const ACCOUNT_TYPE = { spot: 1, contract: 2 } as const
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE]

export interface CreditEntry {
  userId: number
  accountType: AccountType
  currency: string
  /** Signed decimal string: positive credits, negative debits the available balance. */
  amount: string
  /** What moved the money (seed, transfer, order…), for the journal. */
  kind: string
  memo?: string
}

export class InsufficientBalanceError extends Error {
  constructor() {
    super('insufficient available balance')
  }
}

/** Plain decimal notation, never exponent, the only form the CHECK constraints accept. */
const plain = (value: BigNumber): string => value.toFixed()

/** Applies the entry and returns the new available balance. Throws, changing nothing, if it would go below 0. */
export function credit(db: DatabaseSync, entry: CreditEntry, now: number): string {
  const amount = new BigNumber(entry.amount)
  if (!amount.isFinite() || amount.isZero()) throw new Error(`credit(): invalid amount "${entry.amount}"`)
  const currency = entry.currency.toUpperCase()
  return immediate(db, () => {
    const key = [entry.userId, entry.accountType, currency] as const
    db.prepare('INSERT OR IGNORE INTO balances (user_id, account_type, currency) VALUES (?, ?, ?)').run(...key)
    const row = db
      .prepare('SELECT available FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?')
      .get(...key)
    const before = str(row ?? {}, 'available')
    const after = new BigNumber(before).plus(amount)
    if (after.isNegative()) throw new InsufficientBalanceError()
    // Conditional on the value read, so a change that slipped in between can never be overwritten.
    const updated = db
      .prepare('UPDATE balances SET available = ? WHERE user_id = ? AND account_type = ? AND currency = ? AND available = ?')
      .run(plain(after), ...key, before)
    if (updated.changes !== 1) throw new Error('credit(): balance changed during the transaction')
    db.prepare(`INSERT INTO journal (user_id, account_type, currency, amount, kind, memo, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(...key, plain(amount), entry.kind, entry.memo ?? '', now)
    return plain(after)
  })
}
