// Global set-up of the `server-postgres` test project: one throwaway PostgreSQL (Debian's package,
// scripts/postgres-local.mjs) in a temp dir for the whole run, stopped and removed after it. Each
// test server then gets a database of its own on it (tests/server/test-database.ts), copied from a
// template migrated here once: migrating a new database takes most of a second on PostgreSQL, and
// the suite makes hundreds of them.
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'pg'
import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/postgres-local.mjs'
import { freePort } from '../../scripts/free-port.mjs'
import { openDatabase } from '../../server/db/open.ts'
import { migrate } from '../../server/db/migrate.ts'
import { MIGRATED_TEMPLATE } from './test-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await mkdtemp(join(tmpdir(), 'exchange-test-pg-'))
  const server = startPostgres({ dir, port: await freePort(), throwaway: true, log: () => {} })
  project.provide('pgAdminUrl', server.adminUrl)
  process.env.TEST_PG_ADMIN_URL = server.adminUrl
  await makeMigratedTemplate(server.adminUrl)
  return () => {
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The template of migratedDatabase(): created and migrated, then closed (a template takes no connections while copied). */
async function makeMigratedTemplate(adminUrl: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${MIGRATED_TEMPLATE}`
  const db = openDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), databasePoolSize: 1 })
  try {
    await migrate(db)
  } finally {
    await db.close()
  }
}
