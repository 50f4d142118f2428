// Faults of the embedded engine's storage (architecture §6 "Storage"), on a real server process
// (`node server/main.ts`, what `npm start` runs):
// - DATA_DIR on a small tmpfs that fills up: writes answer 507 with Retry-After and a message the
//   app translates, reads keep answering, nothing is half written, and once there is room again the
//   same keyed calls apply, once; `admin verify` is clean. Mounting needs root: as anyone else the
//   test is skipped and says why.
// - DATA_DIR/exchange.sqlite that is not this server's database (not SQLite, another application's,
//   damaged, ours plus foreign tables, a newer release's): the server refuses to start with a
//   message that says what to do, and the folder is left byte for byte as it was (no migration, no
//   WAL switch, no -wal/-shm beside a file that had none). The admin tool refuses the same way.
// Both run on SQLite only; the PostgreSQL faults are tests/server/cluster-outage.test.ts's and
// tests/server/foreign-database-postgres.test.ts's.
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { SQLITE_FILE } from '../../server/db/open.ts'
import { openSqlite } from '../../server/db/sqlite.ts'
import { RETRY_AFTER_SECONDS } from '../../server/http/errors.ts'
import { ACCOUNT_TYPES, ASSET_PATHS } from '../../src/contract/assets.ts'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ORDER_SIDES, ORDER_TYPES, SPOT_PATHS } from '../../src/contract/spot.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { admin } from './admin-cli.ts'
import { balanceOf, fundedUser, snapshot } from './assets-support.ts'
import { expectAdminVerifyClean, keyedTransfer, loggedErrors, ProcessGroup, transferEntries, viewThrough } from './cluster-support.ts'
import type { Answer, TestServer } from './harness.ts'
import type { KeptData } from './seconds-support.ts'
import { type DatabaseLocation, openTestDatabase, TEST_ENGINE, withDatabase } from './test-database.ts'

const isRoot = process.getuid?.() === 0
/** Room for the migrated database, its WAL between checkpoints and the mail outbox; then filled up. */
const TMPFS_SIZE = '32m'
const FUNDS = '1000'

/** A DATA_DIR the test owns, seen through the harness's helpers (fundedUser, snapshot, admin verify). */
function keptAt(dataDir: string): KeptData {
  const location: DatabaseLocation = { dataDir, databaseUrl: undefined }
  const view = { dataDir, database: location, openDb: () => openTestDatabase(location), withDb: (read) => withDatabase(location, read) } as Partial<TestServer>
  return { ...location, view: view as TestServer, remove: async () => {} }
}

/** Writes a file of zeros until the file system has no room left; answers the bytes written. */
function fillUp(file: string): number {
  const fd = openSync(file, 'w')
  let written = 0
  try {
    // Big pieces first, then a page at a time: tmpfs hands out whole pages, so then none is left.
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size)
      for (;;) {
        try {
          written += writeSync(fd, chunk)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
  return written
}

/** A refusal of the storage: its status, Retry-After and the message the app translates. */
function expectStorageRefusal(answer: Answer, status: number, msg: string): void {
  expect(answer.status, answer.text).toBe(status)
  expect(answer.json).toEqual({ code: 0, msg, data: null })
  expect(Number(answer.headers.get('retry-after'))).toBe(RETRY_AFTER_SECONDS)
  expect(RETRY_AFTER_SECONDS).toBeLessThanOrEqual(10)
}

const keyed = (key: string) => ({ [IDEMPOTENCY_HEADER]: key })
const marketBuy = { symbol: 'btcusdt', side: String(ORDER_SIDES.buy), type: String(ORDER_TYPES.market), total: '10' }

describe.runIf(TEST_ENGINE === 'sqlite')('a full disk under DATA_DIR', () => {
  const group = new ProcessGroup()
  let mounted: string | undefined
  afterAll(async () => {
    await group.stopAll()
    if (mounted) {
      try {
        execFileSync('umount', [mounted])
      } catch {
        // Still busy (a process not yet gone): detached now, freed when the last user leaves.
        execFileSync('umount', ['-l', mounted])
      }
      await rm(mounted, { recursive: true, force: true })
    }
  }, 30_000)

  it('refuses writes with 507 and Retry-After, keeps answering reads, leaves nothing half written, and writes again once there is room', async (context) => {
    context.skip(!isRoot, 'needs root to mount a small tmpfs as DATA_DIR (mount -t tmpfs): run the server tests as root to cover it')
    const dataDir = await mkdtemp(join(tmpdir(), 'exchange-full-disk-'))
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0700`, 'tmpfs', dataDir], { stdio: 'pipe' })
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true })
      // Root without the right to mount (an unprivileged container): the same gap, said as plainly.
      context.skip(`could not mount a tmpfs as DATA_DIR (${String((error as { stderr?: unknown }).stderr ?? error).trim()}): this machine does not let the tests fill a disk`)
    }
    mounted = dataDir
    const data = keptAt(dataDir)
    const server = await group.startServer(data)
    const view = viewThrough(data, server.url)
    const user = await fundedUser(view, 'full@disk.test', [{ currency: 'USDT', amount: FUNDS }])
    expect((await keyedTransfer(server.url, user.headers, 'disk-before-0001', '1')).json?.code).toBe(BB_OK)

    // Empty the WAL into the database and truncate it, so that the next write must grow a file.
    const checkpoint = await view.withDb((db) => db.get('PRAGMA wal_checkpoint(TRUNCATE)'))
    expect(checkpoint?.busy).toBe(0)
    const filler = join(dataDir, 'filler')
    expect(fillUp(filler)).toBeGreaterThan(0)
    const before = await snapshot(view)
    const keysBefore = await view.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM idempotency_keys'))?.n))

    // Writes: a transfer, a spot order and a login, each refused as "cannot save now".
    const transfer = await keyedTransfer(server.url, user.headers, 'disk-during-0001', '2')
    expectStorageRefusal(transfer, 507, SERVER_MESSAGES.storageFull)
    expectStorageRefusal(await view.post(SPOT_PATHS.place, marketBuy, { ...user.headers, ...keyed('disk-spot-0001') }), 507, SERVER_MESSAGES.storageFull)
    expectStorageRefusal(await view.post(USER_PATHS.login, { account: 'full@disk.test', password: 'Secret2026pass' }), 507, SERVER_MESSAGES.storageFull)
    // The same key again while it lasts: still refused, still nothing claimed.
    expectStorageRefusal(await keyedTransfer(server.url, user.headers, 'disk-during-0001', '2'), 507, SERVER_MESSAGES.storageFull)

    // Reads keep working, and show the money as it was.
    const accounts = await view.post(ASSET_PATHS.accounts, { accountType: String(ACCOUNT_TYPES.spot) }, user.headers)
    expect(accounts.status, accounts.text).toBe(200)
    expect(accounts.json?.code).toBe(BB_OK)
    for (const [path, form] of [
      [ASSET_PATHS.records, { accountType: String(ACCOUNT_TYPES.spot), pageNo: '1', pageSize: '10' }],
      [SPOT_PATHS.openOrders, { pageNo: '1', pageSize: '10' }],
      [MARKET_PATHS.prices, {}],
    ] as const) {
      const read = await view.post(path, form, user.headers)
      expect(read.status, `${path}: ${read.text}`).toBe(200)
    }
    expect(await balanceOf(view, user.userId, ACCOUNT_TYPES.contract, 'USDT')).toEqual({ available: '1', frozen: '0' })

    // Nothing was written, not even half: the same balances, entries, records and keys.
    expect(await snapshot(view)).toEqual(before)
    expect(await view.withDb(async (db) => Number((await db.get('SELECT count(*) AS n FROM idempotency_keys'))?.n))).toBe(keysBefore)
    expect(server.child.exitCode).toBeNull()

    // Room again: the same keys apply now, once.
    await rm(filler)
    const applied = await keyedTransfer(server.url, user.headers, 'disk-during-0001', '2')
    expect(applied.status, applied.text).toBe(200)
    expect(applied.json?.code).toBe(BB_OK)
    expect((await keyedTransfer(server.url, user.headers, 'disk-during-0001', '2')).text).toBe(applied.text)
    const order = await view.post(SPOT_PATHS.place, marketBuy, { ...user.headers, ...keyed('disk-spot-0001') })
    expect(order.json?.code, order.text).toBe(BB_OK)
    expect((await view.post(USER_PATHS.login, { account: 'full@disk.test', password: 'Secret2026pass' })).json?.code).toBe(BB_OK)
    expect([...(await transferEntries(view, user.userId)).values()]).toEqual(['1', '2'])
    expect(await balanceOf(view, user.userId, ACCOUNT_TYPES.contract, 'USDT')).toEqual({ available: '3', frozen: '0' })
    expect((await snapshot(view)).differences).toEqual([])
    await expectAdminVerifyClean(view)
    expect(server.child.exitCode).toBeNull()
    // Each refusal was a warning that names the fault, none an error (no bug's 500, no failed pass).
    expect(server.output()).toMatch(/"msg":"storage unavailable"/)
    expect(server.output()).toMatch(/the disk of the database is full \(database or disk is full\)/)
    expect(loggedErrors(server)).toEqual([])
  }, 60_000)
})

/** Every file of a folder with its size and SHA-256: what "left as it was" compares. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const name of (await readdir(dir)).toSorted()) {
    const bytes = await readFile(join(dir, name))
    files[name] = `${(await stat(join(dir, name))).size} ${createHash('sha256').update(bytes).digest('hex')}`
  }
  return files
}

/** A SQLite file made by hand (node:sqlite directly, as another application would); closed, so no -wal/-shm remain. */
function sqliteFile(file: string, sql: string): void {
  const db = new DatabaseSync(file)
  db.exec(sql)
  db.close()
}

/** This server's own migrated database, then changed by hand. */
async function oursThen(file: string, sql: string): Promise<void> {
  const db = openSqlite(file)
  await migrate(db)
  await db.close()
  sqliteFile(file, sql)
}

const FOREIGN_CASES: ReadonlyArray<{ what: string; make(file: string): Promise<void> | void; says: RegExp }> = [
  {
    what: 'a file that is not SQLite',
    make: (file) => writeFile(file, `${JSON.stringify({ app: 'notes', entries: Array.from({ length: 40 }, (_, i) => `note ${i}`) })}\n`),
    says: /is not a SQLite database \(it does not start with SQLite's header\)\. Nothing was changed\. Set DATA_DIR to the folder of this server's own data, or move the file away/,
  },
  {
    what: "another application's SQLite database (WAL mode)",
    make: (file) => sqliteFile(file, "PRAGMA journal_mode = WAL; CREATE TABLE invoices (id INTEGER PRIMARY KEY, total TEXT); INSERT INTO invoices (total) VALUES ('12.50');"),
    says: /is the database of another application \(no schema_migrations of this server; its tables: invoices\)\. Nothing was changed\. Set DATA_DIR/,
  },
  {
    what: 'another application with a schema_migrations of its own',
    make: (file) => sqliteFile(file, "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); INSERT INTO schema_migrations VALUES ('20240101000000'); CREATE TABLE users (id INTEGER PRIMARY KEY, login TEXT);"),
    says: /is the database of another application \(its schema_migrations is not this server's\)\. Nothing was changed\./,
  },
  {
    what: 'a damaged SQLite file',
    make(file) {
      sqliteFile(file, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total TEXT); INSERT INTO invoices (total) VALUES ('12.50');")
      // The header stays; the first page's table of contents is overwritten.
      const fd = openSync(file, 'r+')
      writeSync(fd, Buffer.alloc(3996, 0xff), 0, 3996, 100)
      closeSync(fd)
    },
    says: /cannot be read as a SQLite database \(database disk image is malformed\)\. Nothing was changed\. Restore DATA_DIR from a backup/,
  },
  {
    what: "this server's database with a table of something else",
    make: (file) => oursThen(file, 'CREATE TABLE invoices (id INTEGER PRIMARY KEY, total TEXT);'),
    says: /holds tables of another application \(invoices\)\. Nothing was changed\. Set DATA_DIR/,
  },
  {
    what: "a newer release's database",
    make: (file) => oursThen(file, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '999_from_the_future.sql', 0);"),
    says: /was migrated by a newer release of this server \(migration 999 is unknown to this one\)\. Nothing was changed\. Run the release that migrated it/,
  },
]

describe.runIf(TEST_ENGINE === 'sqlite')('a DATA_DIR whose exchange.sqlite is not this server’s database', () => {
  const group = new ProcessGroup()
  const dirs: string[] = []
  afterAll(async () => {
    await group.stopAll()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }, 30_000)

  it.each(FOREIGN_CASES)('$what: the server refuses to start and says what to do; nothing changes', async ({ make, says }) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'exchange-foreign-'))
    dirs.push(dataDir)
    await make(join(dataDir, SQLITE_FILE))
    const before = await fingerprint(dataDir)
    expect(Object.keys(before)).toEqual([SQLITE_FILE])

    const start = group.startServer({ dataDir, databaseUrl: undefined })
    await expect(start).rejects.toThrow(/a server exited \(1\) before it listened/)
    await expect(start).rejects.toThrow(says)
    await expect(start).rejects.toThrow(/Could not start the server: /)
    expect(await fingerprint(dataDir)).toEqual(before)

    // The operators' tool opens the same way, and refuses the same way.
    const run = await admin({ database: { dataDir, databaseUrl: undefined } }, 'verify')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(says)
    expect(await fingerprint(dataDir)).toEqual(before)
  }, 20_000)
})
