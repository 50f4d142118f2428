// Which engine the server tests run on, and a fresh empty database of it per test server: the
// `server` project runs them on SQLite files, `server-postgres` on a throwaway PostgreSQL that
// tests/server/postgres-setup.ts starts for the run (one new database per server, dropped after).
import { randomBytes } from 'node:crypto'
import { Client } from 'pg'
import { inject } from 'vitest'
import type { Database, Engine } from '../../server/db/database.ts'
import { openDatabase } from '../../server/db/open.ts'

export const TEST_ENGINE: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite'

/**
 * How many random runs a property test makes here: all of them on SQLite, a third on PostgreSQL.
 * The properties are the money rules, which the same code keeps on both engines: SQLite, fast,
 * searches them broadly; PostgreSQL, where a run costs several times as much (a database per run,
 * a round trip per statement), checks that its SQL and locking keep them too.
 */
export const propertyRuns = (runs: number): number => (TEST_ENGINE === 'postgres' ? Math.ceil(runs / 3) : runs)

/** Where a test's database is: DATA_DIR's SQLite file, or a PostgreSQL database (its URL). */
export interface DatabaseLocation {
  dataDir: string
  databaseUrl: string | undefined
}

/** The admin URL of the run's PostgreSQL (a maintenance database new databases are created from). */
export function postgresAdminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL ?? (inject('pgAdminUrl') as string | undefined)
  if (!url) throw new Error('TEST_ENGINE=postgres needs the PostgreSQL of tests/server/postgres-setup.ts (run through vitest)')
  return url
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: postgresAdminUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The PostgreSQL database, migrated once per run (postgres-setup.ts), that migratedDatabase() copies. */
export const MIGRATED_TEMPLATE = 'test_migrated_template'

/** A fresh, empty database for one test server (migrated by whoever opens it first). */
export const freshDatabase = (dataDir: string) => newDatabase(dataDir, false)

/**
 * A fresh database already at the latest schema, for the tests that only use it: on PostgreSQL a
 * copy of the run's migrated template, a file copy instead of a migration. (SQLite migrates a new
 * file in milliseconds; its server migrates it at start.)
 */
export const migratedDatabase = (dataDir: string) => newDatabase(dataDir, true)

async function newDatabase(dataDir: string, migrated: boolean): Promise<DatabaseLocation & { drop(): Promise<void> }> {
  if (TEST_ENGINE === 'sqlite') return { dataDir, databaseUrl: undefined, drop: async () => {} }
  const name = `test_${process.pid}_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${MIGRATED_TEMPLATE}` : `CREATE DATABASE ${name}`))
  const url = new URL(postgresAdminUrl())
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  }
}

/** Another connection to a test's database, as a second server process or the admin CLI has. */
export const openTestDatabase = (location: DatabaseLocation): Database =>
  openDatabase({ ...location, databasePoolSize: 4 })

/** Runs `read` on a connection of its own and closes it. */
export async function withDatabase<T>(location: DatabaseLocation, read: (db: Database) => Promise<T>): Promise<T> {
  const db = openTestDatabase(location)
  try {
    return await read(db)
  } finally {
    await db.close()
  }
}
