// The one way money moves: an entry whose postings sum to zero per currency, applied to the user
// balances it touches, all inside one transaction (a savepoint when the caller already opened
// one, so a refusal rolls back exactly this entry). A user bucket that would go below zero throws
// InsufficientBalanceError and nothing of the entry remains.
import type { BigNumber } from 'bignumber.js'
import type { Database, SqlValue } from '../db/database.ts'
import type { AccountTypeId } from '../../src/contract/assets.ts'
import { CURRENCIES } from '../../src/contract/assets.ts'
import { str } from '../db/rows.ts'
import { DECIMALS, plain } from './amount.ts'

// house: the counterparty of seconds contracts (migration 008); market: of spot fills against the
// feed's liquidity (migration 009, which also lets the table take any name: this list decides).
// launch: the launchpad's pool (server/launch/: takes allocations' USDT, issues the new coins, buys
// them back); burn and stakers: the two parts of a launch sale's fee (migration 011).
export const SYSTEM_ACCOUNTS = ['outside', 'fees', 'exchange', 'house', 'market', 'launch', 'burn', 'stakers'] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]
const KNOWN_SYSTEM_ACCOUNTS: ReadonlySet<string> = new Set(SYSTEM_ACCOUNTS)
export type Bucket = 'available' | 'frozen'

export type PostingAccount = { userId: number; accountType: AccountTypeId; bucket: Bucket } | { system: SystemAccount }

export interface Posting {
  account: PostingAccount
  currency: string
  /** Signed: positive adds to the account, negative takes from it. Never zero. */
  amount: BigNumber
}

export interface EntryInput {
  kind: string
  memo: string
  now: number
  postings: Posting[]
}

export class InsufficientBalanceError extends Error {
  constructor() {
    super('insufficient available balance')
  }
}

const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(CURRENCIES)

/** A coin of the catalogue, or one the launchpad issued (migration 011): the ledger may hold either. */
async function isLedgerCurrency(db: Database, currency: string): Promise<boolean> {
  return KNOWN_CURRENCIES.has(currency) || await db.get('SELECT 1 FROM launch_projects WHERE symbol = ?', currency) !== undefined
}

async function checkBalanced(db: Database, postings: readonly Posting[]): Promise<void> {
  if (postings.length < 2) throw new Error('ledger: an entry needs at least two postings')
  const sums = new Map<string, BigNumber>()
  for (const { currency, amount } of postings) {
    if (!await isLedgerCurrency(db, currency)) throw new Error(`ledger: unknown currency ${currency}`)
    if (!amount.isFinite() || amount.isZero() || (amount.decimalPlaces() ?? Infinity) > DECIMALS) {
      throw new Error(`ledger: invalid posting amount ${amount.toString()}`)
    }
    sums.set(currency, sums.get(currency)?.plus(amount) ?? amount)
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: entry does not balance in ${currency} (${plain(sum)})`)
  }
}

/** Adds `amount` to one bucket of a user's balance, refusing to let it go below zero. */
async function applyToBalance(db: Database, userId: number, accountType: AccountTypeId, bucket: Bucket, currency: string, amount: BigNumber): Promise<void> {
  const key = [userId, accountType, currency] as const
  await db.run('INSERT INTO balances (user_id, account_type, currency) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', ...key)
  // bucket is one of two literals (the type says so and the Posting checks below repeat it).
  const row = await db.get(`SELECT ${bucket} AS value FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?`, ...key)
  const before = str(row ?? {}, 'value')
  const after = amount.plus(before)
  if (after.isNegative()) throw new InsufficientBalanceError()
  // Conditional on the value read: in a serializable transaction nothing can change it in between,
  // and if that ever stopped being true this refuses instead of overwriting someone else's change.
  const updated = await db.run(`UPDATE balances SET ${bucket} = ? WHERE user_id = ? AND account_type = ? AND currency = ? AND ${bucket} = ?`, plain(after), ...key, before)
  if (updated.changes !== 1) throw new Error('ledger: balance changed during the transaction')
}

/** Writes the entry and applies it; answers the entry id. */
export async function postEntry(db: Database, entry: EntryInput): Promise<number> {
  await checkBalanced(db, entry.postings)
  return await db.transaction(async () => {
    const entryId = await db.insert('INSERT INTO ledger_entries (kind, memo, created_at) VALUES (?, ?, ?)', entry.kind, entry.memo, entry.now)
    const insert = (...values: SqlValue[]) =>
      db.run(`INSERT INTO ledger_postings (entry_id, user_id, account_type, bucket, system, currency, amount) VALUES (?, ?, ?, ?, ?, ?, ?)`, ...values)
    for (const { account, currency, amount } of entry.postings) {
      if ('system' in account) {
        if (!KNOWN_SYSTEM_ACCOUNTS.has(account.system)) throw new Error(`ledger: unknown system account ${account.system}`)
        await insert(entryId, null, null, null, account.system, currency, plain(amount))
        continue
      }
      if (account.bucket !== 'available' && account.bucket !== 'frozen') throw new Error('ledger: unknown bucket')
      await applyToBalance(db, account.userId, account.accountType, account.bucket, currency, amount)
      await insert(entryId, account.userId, account.accountType, account.bucket, null, currency, plain(amount))
    }
    return entryId
  })
}
