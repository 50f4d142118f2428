import type { DatabaseSync } from 'node:sqlite'

let savepointCounter = 0

/**
 * Runs `work` inside `BEGIN IMMEDIATE` (the write lock is taken up front, so two writers never
 * deadlock upgrading a read lock). Nested calls become savepoints, so a service that needs a
 * transaction can be composed into a bigger one. `work` must be synchronous: an `await` inside
 * would let another request interleave with a half-done transaction.
 */
export function immediate<T>(db: DatabaseSync, work: () => T): T {
  const nested = db.isTransaction
  const savepoint = `sp_${++savepointCounter}`
  db.exec(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN IMMEDIATE')
  try {
    const result = work()
    if (result instanceof Promise) throw new Error('immediate(): the transaction body must be synchronous')
    db.exec(nested ? `RELEASE ${savepoint}` : 'COMMIT')
    return result
  } catch (error) {
    if (nested) db.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`)
    else if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
}
