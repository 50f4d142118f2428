// Global set-up of the `server-postgres` test project: one throwaway PostgreSQL (Debian's package,
// scripts/postgres-local.mjs) in a temp dir for the whole run, stopped and removed after it. Each
// test server then gets a database of its own on it (tests/server/test-database.ts).
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/postgres-local.mjs'
import { freePort } from '../../scripts/free-port.mjs'

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
  return () => {
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
