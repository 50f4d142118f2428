// `admin kyc show` and the identity photos, with the operators' real tool on each engine. It leaves
// nothing in the system temp folder (the tool runs with a TMPDIR of the test's own, which must stay
// empty); without a folder it names the stored files (SQLite) or says to name a folder
// (PostgreSQL, where the images are rows); with `--photos <folder>` it writes both, byte for byte,
// as new files only their owner can read (0600). A folder that does not exist, is a file, is the
// temp folder or is writable by anyone is refused, and nothing is ever overwritten.
import { chmod, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { withDb } from './assets-support.ts'
import { adminWithEnv } from './admin-cli.ts'
import { startServer, type TestServer } from './harness.ts'
import { kycPhotos, member, postFiles, VALID_KYC } from './profile-support.ts'

let server: TestServer
let id = ''
let tmp = ''
/** The photos as the server stores and serves them to their owner. */
const served: Record<string, Buffer> = {}

beforeAll(async () => {
  server = await startServer()
  const alice = await member(server, 'alice@kyc-show.test')
  const answer = await postFiles(server, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos(), alice.headers)
  if (answer.json?.code !== 1) throw new Error(answer.text)
  id = String(await withDb(server, async (db) => (await db.get('SELECT id FROM kyc_submissions WHERE user_id = ?', alice.userId))?.id))
  for (const side of ['front', 'back']) {
    served[side] = Buffer.from(await (await fetch(`${server.url}${PROFILE_PATHS.kycPhoto}?side=${side}`, { headers: alice.headers })).arrayBuffer())
  }
  tmp = await mkdtemp(join(server.dataDir, 'tmp-'))
})
afterAll(() => server.close())
// Whatever a run did, the tool's own temp folder holds nothing afterwards.
afterEach(async () => expect(await readdir(tmp)).toEqual([]))

const show = (...args: string[]) => adminWithEnv(server, { TMPDIR: tmp }, 'kyc', 'show', id, ...args)
const photoLines = (stdout: string) => ({ front: /^front:\s+(.*)$/m.exec(stdout)?.[1], back: /^back:\s+(.*)$/m.exec(stdout)?.[1] })
const onPostgres = () => server.database.databaseUrl !== undefined

describe('admin kyc show', () => {
  it('without a folder names the stored files (SQLite) or says to name a folder (PostgreSQL), copying nothing', async () => {
    const run = await show()
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('E12345678')
    const lines = photoLines(run.stdout)
    if (onPostgres()) {
      expect(lines).toEqual({ front: '(in the database: add --photos <folder> to write it there)', back: '(in the database: add --photos <folder> to write it there)' })
      return
    }
    for (const side of ['front', 'back'] as const) {
      expect(lines[side]?.startsWith(resolve(server.dataDir, 'uploads') + '/')).toBe(true)
      expect((await readFile(lines[side] ?? '')).equals(served[side] ?? Buffer.alloc(0))).toBe(true)
    }
  })

  it('with --photos writes both byte for byte into the folder, 0600, and never overwrites them', async () => {
    const folder = await mkdtemp(join(server.dataDir, 'operator-'))
    const run = await show('--photos', folder)
    expect(run.code, run.stderr).toBe(0)
    const paths = { front: join(folder, `kyc-${id}-front.jpg`), back: join(folder, `kyc-${id}-back.jpg`) }
    expect(photoLines(run.stdout)).toEqual(paths)
    expect((await readdir(folder)).toSorted()).toEqual([`kyc-${id}-back.jpg`, `kyc-${id}-front.jpg`])
    for (const side of ['front', 'back'] as const) {
      expect((await readFile(paths[side])).equals(served[side] ?? Buffer.alloc(0))).toBe(true)
      expect((await stat(paths[side])).mode & 0o777).toBe(0o600)
    }
    // A second show into the same folder is refused and leaves the files as they were.
    await writeFile(paths.back, 'kept', { mode: 0o600 })
    const again = await show('--photos', folder)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exists')
    expect(await readFile(paths.back, 'utf8')).toBe('kept')
  })

  it('refuses a folder that does not exist, a file, the temp folder and a folder anyone can write to', async () => {
    const missing = join(server.dataDir, 'no-such-folder')
    const file = join(server.dataDir, 'a-file')
    await writeFile(file, '')
    const shared = await mkdtemp(join(server.dataDir, 'shared-'))
    await chmod(shared, 0o777)
    for (const [folder, message] of [[missing, 'no folder'], [file, 'is not a folder'], [tmp, 'shared folder'], [shared, 'shared folder']] as const) {
      const run = await show('--photos', folder)
      expect([run.code, run.stderr]).toEqual([1, expect.stringContaining(message)])
    }
    await expect(stat(missing)).rejects.toThrow()
    expect(await readdir(shared)).toEqual([])
  })

  it('answers a usage mistake with the usage, and an unknown id with a refusal', async () => {
    expect((await show('--photos')).code).toBe(2)
    expect((await show('--folder', server.dataDir)).code).toBe(2)
    expect((await show('--photos', server.dataDir, 'more')).code).toBe(2)
    expect((await adminWithEnv(server, { TMPDIR: tmp }, 'kyc', 'show', '999999', '--photos', server.dataDir)).code).toBe(1)
  })
})
