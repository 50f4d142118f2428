import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DatabaseSync } from 'node:sqlite'
import { num } from './rows.ts'
import { immediate } from './transaction.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/
/** A migration that rebuilds a table other tables refer to says so on a line of its own. */
const FOREIGN_KEYS_OFF = /^-- migrate: foreign keys off$/m

/**
 * Applies, in order, every `NNN_name.sql` not yet recorded in `schema_migrations`, each in its own
 * transaction together with its record, so a failed migration leaves the schema as it was.
 * Returns the file names applied now.
 */
export function migrate(db: DatabaseSync, dir: string = MIGRATIONS_DIR, now: number = Date.now()): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`)
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').all().map((row) => num(row, 'version')))
  const files = readdirSync(dir).filter((name) => FILE_NAME.test(name)).toSorted()
  const done: string[] = []
  for (const name of files) {
    const version = Number(name.slice(0, 3))
    if (applied.has(version)) continue
    const sql = readFileSync(join(dir, name), 'utf8')
    // SQLite's way to rebuild a table others refer to: foreign keys off around the transaction
    // (the pragma is a no-op inside one), and every reference checked before it commits.
    const rebuilds = FOREIGN_KEYS_OFF.test(sql)
    if (rebuilds) db.exec('PRAGMA foreign_keys = OFF')
    try {
      immediate(db, () => {
        db.exec(sql)
        if (rebuilds && db.prepare('PRAGMA foreign_key_check').all().length > 0) throw new Error(`${name} leaves foreign keys broken`)
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(version, name, now)
      })
    } finally {
      if (rebuilds) db.exec('PRAGMA foreign_keys = ON')
    }
    done.push(name)
  }
  return done
}
