// `npm run admin -- copy-to-postgres` end to end (architecture §6 "Storage"): an embedded SQLite
// installation is built by a real server with real activity (registration, a deposit and its proof,
// transfers, a resting spot buy, a leveraged position, seconds orders, a launchpad subscription,
// identity photos, an avatar), stopped, and copied by the real CLI into an empty PostgreSQL
// database. Then: the ledger verifies on both sides, the money rows are the same rows (decimals as
// written), a server on the copy answers the same user the same (the copied session, the images,
// the deposit addresses), new rows get new ids, and a second copy or a wrong target is refused
// without touching anything. It needs a PostgreSQL, so it runs in the `server-postgres` project only.
import { createHash } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { LAUNCH_PATHS } from '../../src/contract/launch.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { HISTORY_FILTERS, SPOT_PATHS } from '../../src/contract/spot.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import type { Database } from '../../server/db/database.ts'
import { admin } from './admin-cli.ts'
import { fundedUser } from './assets-support.ts'
import { opened } from './contracts-support.ts'
import { pngImage, postMultipart } from './deposit-support.ts'
import type { TestServer } from './harness.ts'
import { addProject, ok, subscribeCall, subscriber } from './launch-support.ts'
import { kycPhotos, member, postFiles, VALID_KYC } from './profile-support.ts'
import { buildOn, type KeptServer, orderById, place as placeSeconds, settled } from './seconds-support.ts'
import { lastAt, placed } from './spot-fixtures.ts'
import { keptAsTestServer } from './spot-support.ts'
import { type DatabaseLocation, freshDatabase, TEST_ENGINE, withDatabase } from './test-database.ts'

interface User {
  userId: number
  headers: Record<string, string>
}

const key = (name: string) => ({ [IDEMPOTENCY_HEADER]: `copy-${name}` })

/** The calls whose answers a user sees, each as [what, path, form]. */
const READS = (user: User, projectId: string): Array<[string, string, Record<string, string>]> => [
  ['info', USER_PATHS.info, { userId: String(user.userId) }],
  ['spot account', ASSET_PATHS.accounts, { accountType: '1' }],
  ['contract account', ASSET_PATHS.accounts, { accountType: '2' }],
  ['records', ASSET_PATHS.records, { pageNo: '1', pageSize: '50' }],
  ['USDT address', ASSET_PATHS.depositAddress, { currency: 'USDT', chain: 'TRC20' }],
  ['BTC address', ASSET_PATHS.depositAddress, { currency: 'BTC', chain: 'BTC' }],
  ['open spot orders', SPOT_PATHS.openOrders, { pageNo: '1', pageSize: '50' }],
  ['spot history', SPOT_PATHS.history, { filter: String(HISTORY_FILTERS.finished), pageNo: '1', pageSize: '50' }],
  ['positions', CONTRACT_PATHS.positions, {}],
  ['open seconds', SECONDS_PATHS.records, { pageNo: '1', pageSize: '50', entryStatus: '1' }],
  ['settled seconds', SECONDS_PATHS.records, { pageNo: '1', pageSize: '50', entryStatus: '2' }],
  // The project's detail carries what the caller subscribed; 'mine' lists the subscriptions.
  ['launch project', LAUNCH_PATHS.detail, { id: projectId }],
  ['launch subscriptions', LAUNCH_PATHS.mine, { pageNo: '1', pageSize: '50' }],
  ['identity', PROFILE_PATHS.kycStatus, {}],
  ['inbox', PROFILE_PATHS.messages, { pageNo: '1', pageSize: '50' }],
]

/** Every read of every user on one server, failing on any refusal (an answer of two refusals would match too). */
async function answersOf(server: { post: TestServer['post'] }, users: Record<string, User>, projectId: string): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {}
  for (const [name, user] of Object.entries(users)) {
    for (const [what, path, form] of READS(user, projectId)) {
      const answer = await server.post(path, form, user.headers)
      if (answer.json?.code !== 1 && answer.json?.code !== 200) throw new Error(`${name} ${what}: ${answer.text}`)
      answers[`${name} ${what}`] = answer.json
    }
  }
  return answers
}

/** An image's bytes as served, by its SHA-256 (a 404 or an error page would not match an image's). */
async function served(url: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(url, { headers })
  if (response.status !== 200 || response.headers.get('content-type') !== 'image/jpeg') throw new Error(`${url}: ${response.status}`)
  return createHash('sha256').update(Buffer.from(await response.arrayBuffer())).digest('hex')
}

/** The money tables as rows, sorted in JS (the engines may collate text differently). */
const MONEY_TABLES = ['balances', 'asset_records', 'ledger_entries', 'ledger_postings', 'spot_orders', 'contract_positions', 'seconds_orders', 'launch_subscriptions', 'sessions']
async function moneyRows(db: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {}
  for (const table of MONEY_TABLES) rows[table] = (await db.all(`SELECT * FROM ${table}`)).map((row) => JSON.stringify({ ...row })).toSorted()
  return rows
}

/** Everything a PostgreSQL database holds: each table's rows (digest and count) and each identity counter. */
async function fingerprint(db: Database): Promise<Record<string, unknown>> {
  const print: Record<string, unknown> = {}
  for (const { tablename } of await db.all("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")) {
    const table = String(tablename)
    print[table] = await db.get(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`)
  }
  print.sequences = await db.all("SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename")
  return print
}

describe.runIf(TEST_ENGINE === 'postgres')('copy-to-postgres (needs PostgreSQL: runs in the server-postgres project, skipped on SQLite)', () => {
  const clock = { now: Math.floor(Date.now() / 1000) * 1000, advance: (seconds: number) => (clock.now += seconds * 1000) }
  let source: DatabaseLocation
  let target: Awaited<ReturnType<typeof freshDatabase>>
  let running: KeptServer | undefined
  const users: Record<string, User> = {}
  let before: Record<string, unknown>
  /** What the SQLite server served: the deposit proof, the identity photos, the avatar. */
  const images: Record<string, string> = {}
  let proofId = ''
  let avatar = ''
  let restingPrice = ''
  let projectId = ''

  beforeAll(async () => {
    source = { dataDir: await mkdtemp(join(tmpdir(), 'exchange-copy-sqlite-')), databaseUrl: undefined }
    target = await freshDatabase(await mkdtemp(join(tmpdir(), 'exchange-copy-pg-')))
    running = await buildOn(source.dataDir, clock)
    const view = { ...keptAsTestServer(running, source), clock } as TestServer

    // alice: a deposit with its proof, transfers, a resting buy, a position, seconds orders, an avatar.
    const alice = await fundedUser(view, 'alice@copy.test', [{ currency: 'USDT', amount: '5000' }, { currency: 'USDT', amount: '400', accountType: 2 }])
    users.alice = alice
    const deposit = await postMultipart(view, ASSET_PATHS.deposit, { currency: 'USDT', chain: 'TRC20', amount: '25.50' }, { bytes: pngImage(40, 30) }, alice.headers)
    expect(deposit.json.code, deposit.text).toBe(1)
    proofId = String(deposit.json.data.id)
    expect((await admin({ database: source }, 'approve', proofId)).code).toBe(0)
    await ok(view.post(ASSET_PATHS.transfer, { amount: '100.10', currency: 'USDT', type: '1' }, { ...alice.headers, ...key('transfer-1') }))
    await ok(view.post(ASSET_PATHS.transfer, { amount: '0.5', currency: 'USDT', type: '2' }, { ...alice.headers, ...key('transfer-2') }))
    // 5 % under the last price, to one decimal written with two: a NUMERIC must keep '….x0'.
    restingPrice = new BigNumber(lastAt('btcusdt', clock.now)).times(0.95).toFixed(1, BigNumber.ROUND_DOWN) + '0'
    await placed(view, alice.headers, { side: '1', type: '1', price: restingPrice, amount: '0.01' })
    await opened(view, alice.headers, { direction: '1', leverage: '10', quantity: '0.01' })
    const first = await placeSeconds(view, alice.headers, { openAmount: '10', positionTime: '5', tradeType: '1' }, key('seconds-1'))
    expect(first.json.code, first.text).toBe(200)
    clock.advance(6)
    await settled(view, alice.headers, String(first.json.result.id), 5000)
    const open = await placeSeconds(view, alice.headers, { openAmount: '12.5', positionTime: '5', tradeType: '2' }, key('seconds-2'))
    expect((await orderById(view, alice.headers, String(open.json.result.id))).status).toBe(1)
    const icon = await postFiles(view, PROFILE_PATHS.uploadIcon, {}, { icon: { bytes: pngImage(300, 200) } }, alice.headers)
    expect(icon.json.code, icon.text).toBe(1)
    avatar = String(icon.json.data.icon)

    // bob: identity photos under review. carol: a launchpad subscription.
    const bob = await member(view, 'bob@copy.test')
    users.bob = bob
    const kyc = await postFiles(view, PROFILE_PATHS.kycSubmit, VALID_KYC, kycPhotos(), bob.headers)
    expect(kyc.json.code, kyc.text).toBe(1)
    const carol = await subscriber(view, 'carol@copy.test', '100')
    users.carol = carol
    const project = await addProject(view, { symbol: 'COPY', warmupStart: clock.now - 2000, joinStart: clock.now - 1000, joinEnd: clock.now + 3_600_000 })
    projectId = project.id
    await ok(subscribeCall(view, carol, projectId, '12.50', key('subscribe')))

    before = await answersOf(running, users, projectId)
    images.proof = await served(`${running.url}${ASSET_PATHS.depositProof}?id=${proofId}`, alice.headers)
    for (const side of ['front', 'back']) images[side] = await served(`${running.url}${PROFILE_PATHS.kycPhoto}?side=${side}`, bob.headers)
    images.avatar = await served(running.url + avatar)
    await running.app.close()
    running = undefined
  }, 60_000)

  afterAll(async () => {
    await running?.app.close()
    await target?.drop()
    for (const dir of [source?.dataDir, target?.dataDir]) if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('copies the stopped installation (exit 0), and the ledger verifies on both sides', async () => {
    const copy = await admin({ database: source }, 'copy-to-postgres', String(target.databaseUrl))
    expect(copy.code, copy.stderr).toBe(0)
    expect(copy.stdout).toMatch(/copied \d+ rows of \d+ tables and 4 images/)
    for (const side of [source, target]) {
      const verify = await admin({ database: side }, 'verify')
      expect(verify.code, verify.stderr).toBe(0)
    }
  }, 30_000)

  it('holds every balance, asset record, order, position, subscription and session as the same row, decimals as written', async () => {
    const [sqlite, postgres] = [await withDatabase(source, moneyRows), await withDatabase(target, moneyRows)]
    expect(postgres).toEqual(sqlite)
    // Not two empty tables: the activity above is there, and its decimals kept their trailing zeros.
    expect(sqlite.spot_orders).toHaveLength(1)
    expect(sqlite.contract_positions).toHaveLength(1)
    expect(sqlite.seconds_orders).toHaveLength(2)
    expect(sqlite.launch_subscriptions?.length).toBeGreaterThanOrEqual(2)
    const price = await withDatabase(target, async (db) => (await db.get('SELECT price FROM spot_orders'))?.price)
    expect(price).toBe(restingPrice)
  })

  it('serves the same answers to the same users on the copy: copied sessions, images and deposit addresses', async () => {
    // An empty DATA_DIR: the images and the address secret can only come from the database.
    running = await buildOn(target, clock)
    expect(await answersOf(running, users, projectId)).toEqual(before)
    expect(await served(`${running.url}${ASSET_PATHS.depositProof}?id=${proofId}`, users.alice?.headers)).toBe(images.proof)
    for (const side of ['front', 'back']) expect(await served(`${running.url}${PROFILE_PATHS.kycPhoto}?side=${side}`, users.bob?.headers)).toBe(images[side])
    expect(await served(running.url + avatar)).toBe(images.avatar)
  })

  it('gives rows made on the copy ids after the copied ones', async () => {
    const last = await withDatabase(source, async (db) => Number((await db.get('SELECT max(id) AS id FROM asset_records'))?.id))
    const transfer = await ok(running!.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, { ...users.alice?.headers, ...key('transfer-on-copy') }))
    expect(Number(transfer.id)).toBe(last + 1)
    const lastUser = await withDatabase(source, async (db) => Number((await db.get('SELECT max(id) AS id FROM users'))?.id))
    expect((await member(keptAsTestServer(running!, target), 'dave@copy.test')).userId).toBe(lastUser + 1)
    await running!.app.close()
    running = undefined
  })

  it('refuses a second copy into the now non-empty database, which stays exactly as it was', async () => {
    const print = await withDatabase(target, fingerprint)
    const again = await admin({ database: source }, 'copy-to-postgres', String(target.databaseUrl))
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/not empty/)
    expect(await withDatabase(target, fingerprint)).toEqual(print)
  }, 30_000)

  it('refuses a database of something else before migrating it, and leaves one whose check fails empty', async () => {
    const other = await freshDatabase(target.dataDir)
    try {
      await withDatabase(other, async (db) => await db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY)'))
      const foreign = await admin({ database: source }, 'copy-to-postgres', String(other.databaseUrl))
      expect(foreign.code).toBe(1)
      expect(foreign.stderr).toMatch(/tables of something else \(invoices\)/)
      expect(await withDatabase(other, fingerprint)).toEqual({ invoices: { n: 0, digest: expect.any(String) }, sequences: [] })

      // A source whose ledger does not verify: everything is written, then the check rolls it all back.
      const broken: DatabaseLocation = { dataDir: await mkdtemp(join(tmpdir(), 'exchange-copy-broken-')), databaseUrl: undefined }
      await cp(source.dataDir, broken.dataDir, { recursive: true })
      await withDatabase(broken, async (db) => await db.run("UPDATE balances SET available = '1' || available WHERE user_id = ? AND account_type = 1 AND currency = 'USDT'", users.alice?.userId ?? 0))
      await withDatabase(other, async (db) => await db.exec('DROP TABLE invoices'))
      const failed = await admin({ database: broken }, 'copy-to-postgres', String(other.databaseUrl))
      await rm(broken.dataDir, { recursive: true, force: true })
      expect(failed.code).toBe(1)
      expect(failed.stderr).toMatch(/the ledger does not verify on SQLite/)
      const left = await withDatabase(other, fingerprint)
      const counts = Object.entries(left).filter(([table]) => table !== 'sequences').map(([table, print]) => [table, (print as { n: number }).n])
      // Migrated, and only the seeded tables hold rows: the rows the copy had written are gone.
      expect(counts.filter(([, n]) => n !== 0).map(([table]) => table)).toEqual(['contract_config', 'params', 'schema_migrations', 'seconds_config', 'withdraw_config'])
    } finally {
      await other.drop()
    }
  }, 30_000)

  it('refuses a target that is not a postgres:// URL, or that cannot be reached', async () => {
    const wrong = await admin({ database: source }, 'copy-to-postgres', 'mysql://127.0.0.1/exchange')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/postgres:\/\/ URL/)
    const unreachable = await admin({ database: source }, 'copy-to-postgres', 'postgres://127.0.0.1:1/exchange')
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toMatch(/^copy-to-postgres: /)
  }, 30_000)
})
