// A database that is not this server's is refused before anything is written to it (architecture §6
// "Storage"): the server, the admin tool and every migration open their database through this check,
// so a DATA_DIR or DATABASE_URL pointed at the wrong place stops the start with a message that says
// what to do, and leaves the file or database exactly as it was (no migration, no WAL switch, no
// -wal/-shm files beside a file that had none).
// What counts as this server's: an empty database (a new one), or one that records our migrations
// in schema_migrations and holds only tables our migrations create. Refused:
// - DATA_DIR/exchange.sqlite that is not SQLite at all, or that SQLite finds damaged;
// - the database of another application: tables but no schema_migrations of ours, or tables none
//   of our migrations creates;
// - a database migrated by a newer release (a version this release does not have): an old
//   instance must not write beside a schema it does not know (README "Migrations").
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { pathToFileURL } from 'node:url'
import type { Database, Engine, Row } from './database.ts'
import { MIGRATIONS_DIR, MIGRATIONS_TABLE, migratedSchema } from './migration-files.ts'

const MIGRATIONS_COLUMNS = ['version', 'name', 'applied_at']
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')
// SQLite's answers for a file that is not a database, or is one no longer.
const SQLITE_CORRUPT = 11
const SQLITE_NOTADB = 26

/** Thrown when the database is not this server's: the message says what was found and what to do. */
export class ForeignDatabaseError extends Error {}

/** What a look at a database found. */
interface Found {
  tables: string[]
  /** The columns of its schema_migrations ([] when it has none). */
  migrationColumns: string[]
  /** The versions schema_migrations records. */
  versions: number[]
}

const listed = (names: readonly string[]): string => names.slice(0, 6).join(', ') + (names.length > 6 ? `, … (${names.length} in all)` : '')

interface Refusal {
  /** What was found, after the database's name: "is the database of another application (…)". */
  what: string
  /** A newer release's database wants that release; any other, a different place. */
  newer: boolean
}

const foreign = (what: string): Refusal => ({ what, newer: false })

/** Why `found` is not this server's database, or undefined when it is (or is empty). */
function refusalOf(found: Found, engine: Engine, dir: string): Refusal | undefined {
  if (found.tables.length === 0) return undefined
  const known = migratedSchema(engine, dir)
  if (!found.tables.includes(MIGRATIONS_TABLE)) return foreign(`is the database of another application (no ${MIGRATIONS_TABLE} of this server; its tables: ${listed(found.tables)})`)
  if (!MIGRATIONS_COLUMNS.every((column) => found.migrationColumns.includes(column))) {
    return foreign(`is the database of another application (its ${MIGRATIONS_TABLE} is not this server's)`)
  }
  const newer = found.versions.filter((version) => !known.versions.has(version)).toSorted((a, b) => a - b)
  if (newer.length > 0) {
    return { what: `was migrated by a newer release of this server (migration ${String(newer.at(-1)).padStart(3, '0')} is unknown to this one)`, newer: true }
  }
  const unknown = found.tables.filter((table) => !known.tables.has(table.toLowerCase()))
  if (unknown.length > 0) return foreign(`holds tables of another application (${listed(unknown)})`)
  return undefined
}

/** The refusal as the operator reads it: what was found, that nothing changed, and what to do. */
function refusalError(engine: Engine, where: string, refusal: Refusal): ForeignDatabaseError {
  const advice = refusal.newer
    ? 'Run the release that migrated it (or a newer one), or restore a backup made before it was migrated.'
    : engine === 'sqlite'
      ? "Set DATA_DIR to the folder of this server's own data, or move the file away to start with an empty database."
      : "Set DATABASE_URL to this server's own database, or to a new, empty one."
  return new ForeignDatabaseError(`${where} ${refusal.what}. Nothing was changed. ${advice}`)
}

const SQL = {
  sqlite: {
    tables: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    columns: `SELECT name FROM pragma_table_info('${MIGRATIONS_TABLE}')`,
  },
  postgres: {
    tables: 'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
    columns: `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${MIGRATIONS_TABLE}'`,
  },
} as const

const names = (rows: readonly Row[]): string[] => rows.map((row) => String(row.name))

/**
 * Throws ForeignDatabaseError when the database behind `db` is not this server's (migrate() calls
 * it first, on both engines). `dir` is the migrations folder the caller migrates from.
 */
export async function refuseForeignDatabase(db: Database, dir: string = join(MIGRATIONS_DIR, db.engine)): Promise<void> {
  const tables = names(await db.all(SQL[db.engine].tables))
  const migrationColumns = tables.includes(MIGRATIONS_TABLE) ? names(await db.all(SQL[db.engine].columns)) : []
  const versions = MIGRATIONS_COLUMNS.every((column) => migrationColumns.includes(column))
    ? (await db.all(`SELECT version FROM ${MIGRATIONS_TABLE}`)).map((row) => Number(row.version))
    : []
  const refusal = refusalOf({ tables, migrationColumns, versions }, db.engine, dir)
  if (refusal) throw refusalError(db.engine, db.engine === 'sqlite' ? 'The SQLite database' : 'The PostgreSQL database of DATABASE_URL', refusal)
}

/** The first bytes of a file (fewer when it is shorter). */
function headOf(file: string, length: number): Buffer {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(length)
    return head.subarray(0, readSync(fd, head, 0, length, 0))
  } finally {
    closeSync(fd)
  }
}

/**
 * The SQLite side, before the file is opened for writing (opening it would already switch it to
 * WAL): an absent or empty file is a new database; anything else must start with SQLite's header
 * and pass the same look as refuseForeignDatabase's. The look opens the file read-only, and
 * `immutable` when no -wal/-shm lies beside it (SQLite then creates none); when they do, another
 * process may be writing, so it reads through them as any reader does.
 */
export function refuseForeignSqliteFile(file: string): void {
  if (!existsSync(file) || statSync(file).size === 0) return
  if (!headOf(file, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
    throw refusalError('sqlite', file, foreign("is not a SQLite database (it does not start with SQLite's header)"))
  }
  const inUse = existsSync(`${file}-wal`) || existsSync(`${file}-shm`)
  const url = pathToFileURL(file)
  if (!inUse) url.searchParams.set('immutable', '1')
  let found: Found
  try {
    const connection = new DatabaseSync(url, { readOnly: true, timeout: 5000 })
    try {
      const tables = names(connection.prepare(SQL.sqlite.tables).all())
      const migrationColumns = tables.includes(MIGRATIONS_TABLE) ? names(connection.prepare(SQL.sqlite.columns).all()) : []
      const versions = MIGRATIONS_COLUMNS.every((column) => migrationColumns.includes(column))
        ? connection.prepare(`SELECT version FROM ${MIGRATIONS_TABLE}`).all().map((row) => Number(row.version))
        : []
      found = { tables, migrationColumns, versions }
    } finally {
      connection.close()
    }
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'errcode' in error ? Number(error.errcode) & 0xff : undefined
    if (code !== SQLITE_CORRUPT && code !== SQLITE_NOTADB) throw error
    throw new ForeignDatabaseError(
      `${file} cannot be read as a SQLite database (${error instanceof Error ? error.message : String(error)}). Nothing was changed. ` +
        'Restore DATA_DIR from a backup (npm run admin -- backup makes one), or move the file away to start with an empty database.',
    )
  }
  const refusal = refusalOf(found, 'sqlite', join(MIGRATIONS_DIR, 'sqlite'))
  if (refusal) throw refusalError('sqlite', file, refusal)
}
