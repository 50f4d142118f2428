// The histories keep a user's newest rows only. Rows are numbered in insertion order, so the
// (user_id, id) index finds the first row past the kept ones with one step, and everything from
// it down goes: a no-op while a user has fewer rows, one row per insert after that.
import type { Database } from '../../db/database.ts'

export async function keepNewest(db: Database, table: 'sign_in_history' | 'security_history', userId: number, size: number): Promise<void> {
  await db.run(
    `DELETE FROM ${table} WHERE user_id = ?1 AND id <= (SELECT id FROM ${table} WHERE user_id = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)`,
    userId, size,
  )
}
