// Helpers of the asset tests against a real server: a logged-in user with money put in through
// the ledger (a second connection to the server's database, as the admin CLI would), and a look at
// the database.
import type { Database } from '../../server/db/database.ts'
import { str } from '../../server/db/rows.ts'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { creditWithRecord } from '../../server/ledger/operator-credit.ts'
import { type LedgerDifference, verifyLedger } from '../../server/ledger/verify.ts'
import { registerAndLogin, type TestServer } from './harness.ts'
import { verifyIdentity } from './kyc-support.ts'

export interface Funded {
  userId: number
  headers: Record<string, string>
}

/** A second connection to the server's database, as another process would have; close it. */
export const openServerDb = (server: TestServer): Database => server.openDb()

/** Runs `read` on a connection of its own to the server's database, closed after. */
export const withDb = <T>(server: TestServer, read: (db: Database) => Promise<T>): Promise<T> => server.withDb(read)

export async function fundedUser(
  server: TestServer,
  email: string,
  credits: ReadonlyArray<{ currency: string; amount: string; accountType?: 1 | 2 }> = [],
  { verified = true }: { verified?: boolean } = {},
): Promise<Funded> {
  const session = await registerAndLogin(server, email)
  const userId = Number(session.userId)
  await withDb(server, async (db) => {
    // Withdrawals need a verified identity (spec §6); the gate's own tests ask for an unverified user.
    if (verified) await verifyIdentity(db, userId)
    for (const { currency, amount, accountType = 1 } of credits) {
      await creditWithRecord(db, { userId, accountType, currency, amount, kind: 'credit', info: 'test', now: Date.now() })
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
export const snapshot = (server: TestServer): Promise<Snapshot> =>
  withDb(server, async (db) => ({
    balances: (await db.all('SELECT * FROM balances ORDER BY user_id, account_type, currency')).map((row) => ({ ...row })),
    entries: Number((await db.get('SELECT count(*) AS n FROM ledger_entries'))?.n),
    records: Number((await db.get('SELECT count(*) AS n FROM asset_records'))?.n),
    differences: await verifyLedger(db),
  }))

export function balanceOf(server: TestServer, userId: number, accountType: number, currency: string): Promise<{ available: string; frozen: string }> {
  return withDb(server, async (db) => {
    const row = await db.get('SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?', userId, accountType, currency)
    return row ? { available: str(row, 'available'), frozen: str(row, 'frozen') } : { available: '0', frozen: '0' }
  })
}
