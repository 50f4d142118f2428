// Global set-up of the `server-postgres` test project: one throwaway PostgreSQL (Debian's package,
// scripts/postgres-local.mjs) in a temp dir for the whole run, stopped and removed after it. Each
// test server then gets a database of its own on it (tests/server/test-database.ts).
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/postgres-local.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
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
