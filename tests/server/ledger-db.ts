// A migrated SQLite file in a temp dir with users, for tests that call the ledger directly.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open.ts'

export interface LedgerDb {
  db: DatabaseSync
  dir: string
  addUser(email: string): number
  /** available and frozen of one balance, '0' when it has no row. */
  balance(userId: number, accountType: number, currency: string): { available: string; frozen: string }
  count(table: 'ledger_entries' | 'ledger_postings' | 'asset_records'): number
  close(): Promise<void>
}

let users = 0

export async function openLedgerDb(): Promise<LedgerDb> {
  const dir = await mkdtemp(join(tmpdir(), 'exchange-ledger-test-'))
  const db = openDatabase(join(dir, 'exchange.sqlite'))
  migrate(db)
  return {
    db,
    dir,
    addUser(email) {
      users += 1
      const uid = String(20_000_000 + users)
      return Number(
        db.prepare(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES (?, ?, 'h', ?, 0)`)
          .run(uid, email, `T${uid}`).lastInsertRowid,
      )
    },
    balance(userId, accountType, currency) {
      const row = db.prepare('SELECT available, frozen FROM balances WHERE user_id = ? AND account_type = ? AND currency = ?')
        .get(userId, accountType, currency)
      return { available: String(row?.available ?? '0'), frozen: String(row?.frozen ?? '0') }
    },
    count: (table) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n),
    async close() {
      db.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
