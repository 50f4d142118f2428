// `npm run admin -- backup <folder>` (architecture §6 "Storage"): on SQLite, taken while the
// server runs, the folder is a DATA_DIR of its own with the same ledger, balances, images and
// deposit-address secret; it never writes into a folder that holds anything. On PostgreSQL it
// refuses and points at pg_dump, which backs up everything there.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretFile, writeSharedFile } from '../../server/db/shared-files.ts'
import { DEPOSIT_SECRET } from '../../server/deposits/address.ts'
import { admin } from './admin-cli.ts'
import { fundedUser, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { TEST_ENGINE, withDatabase } from './test-database.ts'

let server: TestServer
let folder: string
const IMAGE = Buffer.from('not really a jpeg, but bytes to carry')
const IMAGE_NAME = `${'ab'.repeat(16)}.jpg`

beforeAll(async () => {
  server = await startServer()
  folder = join(await mkdtemp(join(tmpdir(), 'exchange-backup-')), 'copy')
})
afterAll(async () => {
  await server.close()
  await rm(join(folder, '..'), { recursive: true, force: true })
})

describe.runIf(TEST_ENGINE === 'sqlite')('backup of an embedded installation', () => {
  it('copies the database, the images and the secret into a new folder that is a DATA_DIR', async () => {
    await fundedUser(server, 'backup@admin.test', [{ currency: 'USDT', amount: '123.45' }])
    await withDb(server, (db) => writeSharedFile({ db, dataDir: server.dataDir }, 'uploads', IMAGE_NAME, IMAGE))
    const before = await snapshot(server)

    const done = await admin(server, 'backup', folder)
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    expect(done.stdout).toContain(join(folder, 'exchange.sqlite'))

    const copy = await withDatabase({ dataDir: folder, databaseUrl: undefined }, async (db) => ({
      balances: (await db.all('SELECT * FROM balances ORDER BY user_id, account_type, currency')).map((row) => ({ ...row })),
      entries: Number((await db.get('SELECT count(*) AS n FROM ledger_entries'))?.n),
    }))
    expect(copy).toEqual({ balances: before.balances, entries: before.entries })
    expect(before.differences).toEqual([])
    expect(await readFile(join(folder, 'uploads', IMAGE_NAME))).toEqual(IMAGE)
    expect(await readFile(secretFile(folder, DEPOSIT_SECRET), 'utf8')).toBe(await readFile(secretFile(server.dataDir, DEPOSIT_SECRET), 'utf8'))
    // The copy is a working DATA_DIR: the operators' own check passes on it.
    expect((await admin({ database: { dataDir: folder, databaseUrl: undefined } }, 'verify')).code).toBe(0)
  })

  it('refuses a folder that holds anything, and DATA_DIR itself, writing nothing', async () => {
    const again = await admin(server, 'backup', folder)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('is not empty')
    const self = await admin(server, 'backup', server.dataDir)
    expect(self.code).toBe(1)
    expect(self.stderr).toContain('must not be DATA_DIR')
    expect((await admin(server, 'backup')).code).toBe(2)
  })
})

describe.runIf(TEST_ENGINE === 'postgres')('backup on PostgreSQL', () => {
  it('refuses and points at pg_dump', async () => {
    const refused = await admin(server, 'backup', folder)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('pg_dump')
  })
})
