// A migrated database of the run's engine (a SQLite file in a temp dir, or a PostgreSQL database of
// its own) with users, for tests that call the ledger directly.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../server/db/database.ts'
import { migrate } from '../../server/db/migrate.ts'
import { type DatabaseLocation, migratedDatabase, openTestDatabase } from './test-database.ts'

export interface LedgerDb {
  db: Database
  dir: string
  /** Where the database is, for a second connection (another process's). */
  location: DatabaseLocation
  addUser(email: string): Promise<number>
  /** available and frozen of one balance, '0' when it has no row. */
  balance(userId: number, accountType: number, currency: string): Promise<{ available: string; frozen: string }>
  count(table: 'ledger_entries' | 'ledger_postings' | 'asset_records'): Promise<number>
  close(): Promise<void>
}

let users = 0

export async function openLedgerDb(): Promise<LedgerDb> {
  const dir = await mkdtemp(join(tmpdir(), 'exchange-ledger-test-'))
  const location = await migratedDatabase(dir)
  const db = openTestDatabase(location)
  await migrate(db)
  return {
    db,
    dir,
    location,
    async addUser(email) {
      users += 1
      const uid = String(20_000_000 + users)
      return Number(
        await db.insert(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES (?, ?, 'h', ?, 0)`, uid, email, `T${uid}`),
      )
    },
    async balance(userId, accountType, currency) {
      const row = await db.get('SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?', userId, accountType, currency)
      return { available: String(row?.available ?? '0'), frozen: String(row?.frozen ?? '0') }
    },
    count: async (table) => Number((await db.get(`SELECT count(*) AS n FROM ${table}`))?.n),
    async close() {
      await db.close()
      await location.drop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
