// Numbered migrations, one list for both engines (architecture §6 "Storage"): migrations/sqlite/
// and migrations/postgres/ hold the same file names (a test compares them), each written in its
// engine's SQL. A database records the versions it applied in schema_migrations.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './database.ts'
import { refuseForeignDatabase } from './foreign-database.ts'
import { MIGRATIONS_DIR, migrationFiles, versionOf } from './migration-files.ts'
import { MIGRATION_STEPS } from './migration-steps.ts'
import { num } from './rows.ts'

export { MIGRATIONS_DIR, migrationFiles }
/** A SQLite migration that rebuilds a table other tables refer to says so on a line of its own. */
const FOREIGN_KEYS_OFF = /^-- migrate: foreign keys off$/m

/**
 * Applies, in order, every `NNN_name.sql` of the database's engine not yet recorded in
 * `schema_migrations`, each in its own transaction together with its record, so a failed migration
 * leaves the schema as it was. Instances starting together take turns (the lock key), and each
 * reads what is applied inside its turn. A version that moves data SQL cannot (migration-steps.ts)
 * runs its step right after its file, in the same transaction. A database that is not this server's is refused first,
 * untouched (server/db/foreign-database.ts). Returns the file names applied now.
 */
export async function migrate(db: Database, dir: string = join(MIGRATIONS_DIR, db.engine), now: number = Date.now()): Promise<string[]> {
  // Another application's database, or a newer release's, is left as it is (ForeignDatabaseError).
  await refuseForeignDatabase(db, dir)
  const done: string[] = []
  for (const name of migrationFiles(db.engine, dir)) {
    const version = versionOf(name)
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
          await MIGRATION_STEPS[version]?.(db)
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
