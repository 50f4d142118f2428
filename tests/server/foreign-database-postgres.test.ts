// A DATABASE_URL that names another application's PostgreSQL database, or one a newer release
// migrated (server/db/foreign-database.ts): the server refuses to start with a message that says
// what to do, before any migration, and the database keeps exactly the tables and rows it had.
// SQLite's files are tests/server/faults-sqlite.test.ts's; this runs in the server-postgres project.
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import type { Database } from '../../server/db/database.ts'
import { admin } from './admin-cli.ts'
import { ProcessGroup } from './cluster-support.ts'
import { keepData, type KeptData } from './seconds-support.ts'
import { TEST_ENGINE, withDatabase } from './test-database.ts'

/** Every table of the database's schema with its row count. */
const tablesOf = (db: Database) =>
  db.all(`SELECT tablename AS name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', tablename), false, true, '')))[1]::text AS n
    FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)

const CASES: ReadonlyArray<{ what: string; make(db: Database): Promise<void>; says: RegExp }> = [
  {
    what: "another application's database",
    make: (db) => db.exec("CREATE TABLE invoices (id SERIAL PRIMARY KEY, total NUMERIC); INSERT INTO invoices (total) VALUES (12.5);"),
    says: /The PostgreSQL database of DATABASE_URL is the database of another application \(no schema_migrations of this server; its tables: invoices\)\. Nothing was changed\. Set DATABASE_URL to this server's own database, or to a new, empty one\./,
  },
  {
    what: "this server's database with a table of something else",
    async make(db) {
      await migrate(db)
      await db.exec('CREATE TABLE invoices (id SERIAL PRIMARY KEY, total NUMERIC)')
    },
    says: /holds tables of another application \(invoices\)\. Nothing was changed\. Set DATABASE_URL/,
  },
  {
    what: "a newer release's database",
    async make(db) {
      await migrate(db)
      await db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '999_from_the_future.sql', 0)")
    },
    says: /was migrated by a newer release of this server \(migration 999 is unknown to this one\)\. Nothing was changed\. Run the release that migrated it/,
  },
]

describe.runIf(TEST_ENGINE === 'postgres')('a DATABASE_URL that is not this server’s database', () => {
  const group = new ProcessGroup()
  const kept: KeptData[] = []
  afterAll(async () => {
    await group.stopAll()
    await Promise.all(kept.map((data) => data.remove()))
  }, 30_000)

  it.each(CASES)('$what: the server refuses to start and says what to do; nothing changes', async ({ make, says }) => {
    const data = await keepData('exchange-foreign-pg-')
    kept.push(data)
    await withDatabase(data, make)
    const before = await withDatabase(data, tablesOf)

    const start = group.startServer(data)
    await expect(start).rejects.toThrow(/a server exited \(1\) before it listened/)
    await expect(start).rejects.toThrow(says)
    expect(await withDatabase(data, tablesOf)).toEqual(before)

    const run = await admin({ database: data }, 'verify')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(says)
    expect(await withDatabase(data, tablesOf)).toEqual(before)
  }, 20_000)
})
