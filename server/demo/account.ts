// Which user is the demo account: the row with the demo email (server/seed.ts creates it on a new
// database in demo mode; its password is published in the README). Production mode refuses to
// start while it is there (server/production-mode.ts) and `npm run admin -- demo remove`
// (remove.ts) takes it out by renaming it, so that a removed account is no longer found here.
// Asked also of a database not migrated yet — the production start looks before it writes anything
// — where a new database has no users table at all.
import type { Database } from '../db/database.ts'
import { num } from '../db/rows.ts'
import { DEMO_ACCOUNT } from '../seed.ts'

const USERS_TABLE = {
  sqlite: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'",
  postgres: "SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'users'",
} as const

/** The demo account's user id, or undefined when the database holds none. */
export async function findDemoAccount(db: Database): Promise<number | undefined> {
  if (!await db.get(USERS_TABLE[db.engine])) return undefined
  const row = await db.get('SELECT id FROM users WHERE email = ?', DEMO_ACCOUNT.email)
  return row ? num(row, 'id') : undefined
}

/**
 * The email a removed demo account keeps: unique (its id), in the reserved `.invalid` domain (no mail
 * can reach it, so nobody can register or reset it), and no longer the demo email.
 */
export const removedDemoEmail = (userId: number): string => `removed-demo-${userId}@exchange.invalid`
