// The ledger's consistency check: every entry balances to zero per currency and has at least two
// postings, and every stored user balance (available and frozen) equals the sum of its postings.
// Sums are done in bignumber.js, not SQL (SQLite would add the text amounts as floats).
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { num, str } from '../db/rows.ts'
import { plain } from './amount.ts'

export type LedgerDifference =
  | { kind: 'entry'; entryId: number; currency: string; sum: string; postings: number }
  | { kind: 'balance'; userId: number; accountType: number; currency: string; bucket: 'available' | 'frozen'; stored: string; fromPostings: string }

function addTo(sums: Map<string, BigNumber>, key: string, amount: string): void {
  sums.set(key, (sums.get(key) ?? new BigNumber(0)).plus(amount))
}

async function entryDifferences(db: Database): Promise<LedgerDifference[]> {
  const differences: LedgerDifference[] = []
  // Entries without postings are found by the LEFT JOIN (currency NULL).
  const rows = await db.all(`SELECT e.id AS entry_id, p.currency, p.amount FROM ledger_entries e
    LEFT JOIN ledger_postings p ON p.entry_id = e.id ORDER BY e.id`)
  let current: { id: number; sums: Map<string, BigNumber>; count: number } | undefined
  const close = () => {
    if (!current) return
    for (const [currency, sum] of current.sums) {
      if (!sum.isZero() || current.count < 2) {
        differences.push({ kind: 'entry', entryId: current.id, currency, sum: plain(sum), postings: current.count })
      }
    }
    if (current.sums.size === 0) differences.push({ kind: 'entry', entryId: current.id, currency: '', sum: '0', postings: 0 })
  }
  for (const row of rows) {
    const entryId = num(row, 'entry_id')
    if (current?.id !== entryId) {
      close()
      current = { id: entryId, sums: new Map(), count: 0 }
    }
    if (row.currency === null) continue
    current.count += 1
    addTo(current.sums, str(row, 'currency'), str(row, 'amount'))
  }
  close()
  return differences
}

const balanceKey = (userId: number, accountType: number, currency: string, bucket: string) =>
  `${userId}|${accountType}|${currency}|${bucket}`

async function balanceDifferences(db: Database): Promise<LedgerDifference[]> {
  const fromPostings = new Map<string, BigNumber>()
  const postings = await db.all(`SELECT user_id, account_type, currency, bucket, amount FROM ledger_postings
    WHERE user_id IS NOT NULL`)
  for (const row of postings) {
    const key = balanceKey(num(row, 'user_id'), num(row, 'account_type'), str(row, 'currency'), str(row, 'bucket'))
    addTo(fromPostings, key, str(row, 'amount'))
  }
  const differences: LedgerDifference[] = []
  const compare = (userId: number, accountType: number, currency: string, bucket: 'available' | 'frozen', stored: string) => {
    const key = balanceKey(userId, accountType, currency, bucket)
    const computed = fromPostings.get(key) ?? new BigNumber(0)
    fromPostings.delete(key)
    if (!computed.isEqualTo(stored)) {
      differences.push({ kind: 'balance', userId, accountType, currency, bucket, stored, fromPostings: plain(computed) })
    }
  }
  for (const row of await db.all('SELECT user_id, account_type, currency, available, frozen FROM balances')) {
    const [userId, accountType, currency] = [num(row, 'user_id'), num(row, 'account_type'), str(row, 'currency')]
    compare(userId, accountType, currency, 'available', str(row, 'available'))
    compare(userId, accountType, currency, 'frozen', str(row, 'frozen'))
  }
  // Postings of a bucket that has no balances row at all.
  for (const [key, computed] of fromPostings) {
    if (computed.isZero()) continue
    const [userId, accountType, currency, bucket] = key.split('|')
    differences.push({
      kind: 'balance',
      userId: Number(userId),
      accountType: Number(accountType),
      currency: currency ?? '',
      bucket: bucket === 'frozen' ? 'frozen' : 'available',
      stored: '(no row)',
      fromPostings: plain(computed),
    })
  }
  return differences
}

/** Every inconsistency between the postings and the balances; empty means consistent. */
export async function verifyLedger(db: Database): Promise<LedgerDifference[]> {
  return [...await entryDifferences(db), ...await balanceDifferences(db)]
}

/** What each system account holds per currency ('outside' is negative: money brought in). */
export async function systemTotals(db: Database): Promise<Map<string, string>> {
  const sums = new Map<string, BigNumber>()
  for (const row of await db.all('SELECT system, currency, amount FROM ledger_postings WHERE system IS NOT NULL')) {
    addTo(sums, `${str(row, 'system')}:${str(row, 'currency')}`, str(row, 'amount'))
  }
  return new Map([...sums].map(([key, sum]) => [key, plain(sum)]))
}
