// Prepared statements cached per connection: the ledger runs the same few statements on every
// money move, and preparing them once keeps the write path well inside its latency budget.
import type { DatabaseSync, StatementSync } from 'node:sqlite'

const caches = new WeakMap<DatabaseSync, Map<string, StatementSync>>()

export function statement(db: DatabaseSync, sql: string): StatementSync {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  let prepared = cache.get(sql)
  if (!prepared) {
    prepared = db.prepare(sql)
    cache.set(sql, prepared)
  }
  return prepared
}
