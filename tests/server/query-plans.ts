// What the engines' passes ask of SQLite, for tests that pin their cost: a connection that notes
// every statement prepared through it, and which of those statements read a whole table (SQLite's
// "SCAN <table>" without an index), the cost that grows with every order or position ever made.
import type { DatabaseSync } from 'node:sqlite'

/** `db`, but noting the SQL of every statement prepared through it in `seen`. */
export function notingPrepared(db: DatabaseSync): { db: DatabaseSync; seen: Set<string> } {
  const seen = new Set<string>()
  const noting = new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return (sql: string) => (seen.add(sql), target.prepare(sql))
      const value: unknown = Reflect.get(target, name, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as DatabaseSync
  return { db: noting, seen }
}

/** The statements among `sqls` that read all of `table` without an index (whitespace folded, one entry per scan). */
export const fullScans = (db: DatabaseSync, sqls: Iterable<string>, table: string): string[] =>
  [...sqls].filter((sql) => sql.includes(table)).flatMap((sql) =>
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((row) => String(row.detail))
      // A scan of a (partial) index reads only that index's rows; a bare SCAN reads them all.
      .filter((detail) => detail === `SCAN ${table}` || (detail.startsWith(`SCAN ${table} `) && !/USING (COVERING )?INDEX/.test(detail)))
      .map(() => sql.replace(/\s+/g, ' ')))
