// The operators' tool as a subprocess (`node server/admin/cli.ts`, what `npm run admin` runs)
// against the database of a running test server, as an operator would run it.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { DatabaseLocation } from './test-database.ts'

const CLI = join(import.meta.dirname, '../../server/admin/cli.ts')

export interface AdminRun {
  /** The exit code: 0 done, 1 refused, 2 a usage error. */
  code: number
  stdout: string
  stderr: string
}

/** `npm run admin -- …` on the server's database; a failing run is answered, not thrown. */
export async function admin(server: { database: DatabaseLocation }, ...args: string[]): Promise<AdminRun> {
  return await adminWithEnv(server, {}, ...args)
}

/** The same with more environment variables: a TMPDIR of the test's own shows what the tool leaves there. */
export async function adminWithEnv(server: { database: DatabaseLocation }, extra: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  const { dataDir, databaseUrl } = server.database
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      // Only what the tool reads: the test runner's own NODE_OPTIONS would slow every start.
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...extra },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as AdminRun
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
