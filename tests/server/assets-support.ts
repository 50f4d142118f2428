// Helpers of the asset tests against a real server: a logged-in user with money put in through
// the ledger (a second SQLite connection, as the admin CLI would), and a look at the database.
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { openDatabase } from '../../server/db/open.ts'
import { creditWithRecord } from '../../server/ledger/operator-credit.ts'
import { type LedgerDifference, verifyLedger } from '../../server/ledger/verify.ts'
import { registerAndLogin, type TestServer } from './harness.ts'
import { verifyIdentity } from './kyc-support.ts'

export interface Funded {
  userId: number
  headers: Record<string, string>
}

/** A second connection to the server's database, as another process would have. */
export const openServerDb = (server: TestServer): DatabaseSync => openDatabase(join(server.dataDir, 'exchange.sqlite'))

export function withDb<T>(server: TestServer, read: (db: DatabaseSync) => T): T {
  const db = openServerDb(server)
  try {
    return read(db)
  } finally {
    db.close()
  }
}

export async function fundedUser(
  server: TestServer,
  email: string,
  credits: ReadonlyArray<{ currency: string; amount: string; accountType?: 1 | 2 }> = [],
  { verified = true }: { verified?: boolean } = {},
): Promise<Funded> {
  const session = await registerAndLogin(server, email)
  const userId = Number(session.userId)
  withDb(server, (db) => {
    // Withdrawals need a verified identity (spec §6); the gate's own tests ask for an unverified user.
    if (verified) verifyIdentity(db, userId)
    for (const { currency, amount, accountType = 1 } of credits) {
      creditWithRecord(db, { userId, accountType, currency, amount, kind: 'credit', info: 'test', now: Date.now() })
    }
  })
  return { userId, headers: { [TOKEN_HEADER]: session.token } }
}

export interface Snapshot {
  balances: Array<Record<string, unknown>>
  entries: number
  records: number
  differences: LedgerDifference[]
}

/** Everything a refused call must leave as it was, and the ledger's own check. */
export const snapshot = (server: TestServer): Snapshot =>
  withDb(server, (db) => ({
    balances: db.prepare('SELECT * FROM balances ORDER BY user_id, account_type, currency').all().map((row) => ({ ...row })),
    entries: Number(db.prepare('SELECT count(*) AS n FROM ledger_entries').get()?.n),
    records: Number(db.prepare('SELECT count(*) AS n FROM asset_records').get()?.n),
    differences: verifyLedger(db),
  }))

export function balanceOf(server: TestServer, userId: number, accountType: number, currency: string): { available: string; frozen: string } {
  return withDb(server, (db) => {
    const row = db.prepare('SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?').get(userId, accountType, currency)
    return { available: String(row?.available ?? '0'), frozen: String(row?.frozen ?? '0') }
  })
}
