// Numbered migrations, one list for both engines (architecture §6 "Storage"): migrations/sqlite/
// and migrations/postgres/ hold the same file names (a test compares them), each written in its
// engine's SQL. A database records the versions it applied in schema_migrations.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database, Engine } from './database.ts'
import { num } from './rows.ts'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/
/** A SQLite migration that rebuilds a table other tables refer to says so on a line of its own. */
const FOREIGN_KEYS_OFF = /^-- migrate: foreign keys off$/m

/** The migration files of one engine, in order. */
export function migrationFiles(engine: Engine, dir: string = join(MIGRATIONS_DIR, engine)): string[] {
  return readdirSync(dir).filter((name) => FILE_NAME.test(name)).toSorted()
}

/**
 * Applies, in order, every `NNN_name.sql` of the database's engine not yet recorded in
 * `schema_migrations`, each in its own transaction together with its record, so a failed migration
 * leaves the schema as it was. Instances starting together take turns (the lock key), and each
 * reads what is applied inside its turn. Returns the file names applied now.
 */
export async function migrate(db: Database, dir: string = join(MIGRATIONS_DIR, db.engine), now: number = Date.now()): Promise<string[]> {
  const done: string[] = []
  for (const name of migrationFiles(db.engine, dir)) {
    const version = Number(name.slice(0, 3))
    const sql = readFileSync(join(dir, name), 'utf8')
    const applied = await withForeignKeysOff(db, FOREIGN_KEYS_OFF.test(sql), () =>
      db.transaction(
        async () => {
          await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at BIGINT NOT NULL
          )`)
          if (await db.get('SELECT 1 FROM schema_migrations WHERE version = ?', version)) return false
          await db.exec(sql)
          if (db.engine === 'sqlite' && (await db.all('PRAGMA foreign_key_check')).length > 0) throw new Error(`${name} leaves foreign keys broken`)
          await db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', version, name, now)
          return true
        },
        { lockKey: 'migrate' },
      ),
    )
    if (applied) done.push(name)
  }
  return done
}

/** The highest version applied, 0 on an empty database. */
export async function schemaVersion(db: Database): Promise<number> {
  const row = await db.get('SELECT max(version) AS version FROM schema_migrations')
  return row?.version == null ? 0 : num(row, 'version')
}

/**
 * SQLite's way to rebuild a table others refer to: foreign keys off around the transaction (the
 * pragma is a no-op inside one), every reference checked before it commits. PostgreSQL alters
 * tables in place and needs none of this.
 */
async function withForeignKeysOff<T>(db: Database, rebuilds: boolean, work: () => Promise<T>): Promise<T> {
  if (!rebuilds || db.engine !== 'sqlite') return work()
  await db.exec('PRAGMA foreign_keys = OFF')
  try {
    return await work()
  } finally {
    await db.exec('PRAGMA foreign_keys = ON')
  }
}
