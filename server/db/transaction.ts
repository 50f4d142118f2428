import type { DatabaseSync } from 'node:sqlite'
import { statement } from './statements.ts'

/** How deep each connection's transactions are nested now: the savepoint names are per depth. */
const depths = new WeakMap<DatabaseSync, number>()

/**
 * Runs `work` inside `BEGIN IMMEDIATE` (the write lock is taken up front, so two writers never
 * deadlock upgrading a read lock). Nested calls become savepoints, so a service that needs a
 * transaction can be composed into a bigger one. `work` must be synchronous: an `await` inside
 * would let another request interleave with a half-done transaction. The control statements are
 * prepared once per connection (named by nesting depth), as they run several times per money move.
 */
export function immediate<T>(db: DatabaseSync, work: () => T): T {
  const nested = db.isTransaction
  const depth = nested ? (depths.get(db) ?? 0) + 1 : 0
  const savepoint = `sp_${depth}`
  statement(db, nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE').run()
  depths.set(db, depth)
  try {
    const result = work()
    if (result instanceof Promise) throw new Error('immediate(): the transaction body must be synchronous')
    statement(db, nested ? `RELEASE ${savepoint}` : 'COMMIT').run()
    return result
  } catch (error) {
    if (nested) {
      statement(db, `ROLLBACK TO ${savepoint}`).run()
      statement(db, `RELEASE ${savepoint}`).run()
    } else if (db.isTransaction) statement(db, 'ROLLBACK').run()
    throw error
  } finally {
    depths.set(db, depth - 1)
  }
}
