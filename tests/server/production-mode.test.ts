// EXCHANGE_MODE=production (architecture §6 "Production mode"): the start refuses every test or demo
// knob and a database that still holds the demo account, writing nothing; a new database gets no
// demo account; and `npm run admin -- demo remove` takes the demo account out of a database with
// the ledger still exact: what is open ended through its engine, the money to 'house', no login.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { CONTRACT_PATHS, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { BB_OK, SESSION_EXPIRED, TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { ORDER_STATUS } from '../../src/contract/spot.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG, readConfig, type ServerConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { str } from '../../server/db/rows.ts'
import { freeze } from '../../server/ledger/operations.ts'
import { insertRecord } from '../../server/ledger/records.ts'
import { systemTotals } from '../../server/ledger/verify.ts'
import { checkProductionSettings, ProductionRefusal } from '../../server/production-mode.ts'
import { DEMO_ACCOUNT } from '../../server/seed.ts'
import { admin } from './admin-cli.ts'
import { lastAt, pairOf, placed, shifted } from './spot-fixtures.ts'
import { startServer, type TestServer } from './harness.ts'
import { type DatabaseLocation, freshDatabase, TEST_ENGINE, withDatabase } from './test-database.ts'

/** Every test and demo knob, as an operator would set it. */
const KNOBS: ReadonlyArray<[string, string]> = [
  ['DEMO_AUTO_APPROVE_SECONDS', '0'],
  ['LAUNCH_TEST_PROJECT_SECONDS', '20'],
  ['CONTRACT_TEST_MMR', '0.00999'],
  ['SECONDS_EXTRA_DURATION', '5'],
  ['SPOT_FEED_LIQUIDITY', 'off'],
]

const configOn = (location: DatabaseLocation, overrides: Partial<ServerConfig>): ServerConfig =>
  ({ ...DEFAULT_CONFIG, dataDir: location.dataDir, databaseUrl: location.databaseUrl, staticDir: join(location.dataDir, 'dist'), ...overrides })

/** What a refused start must leave exactly as it was. */
const fingerprint = (location: DatabaseLocation) =>
  withDatabase(location, async (db: Database) => {
    const counts: Record<string, number> = {}
    for (const table of ['schema_migrations', 'users', 'sessions', 'ledger_entries', 'ledger_postings', 'asset_records', 'spot_orders', 'contract_positions', 'launch_subscriptions', 'messages']) {
      counts[table] = Number((await db.get(`SELECT count(*) AS n FROM ${table}`))?.n)
    }
    const rows = async (sql: string) => (await db.all(sql)).map((row) => ({ ...row }))
    return {
      counts,
      users: await rows('SELECT id, email, password_hash, trade_password_hash FROM users ORDER BY id'),
      balances: await rows('SELECT * FROM balances ORDER BY user_id, account_type, currency'),
      records: await rows('SELECT id, status FROM asset_records ORDER BY id'),
    }
  })

const login = (server: TestServer) => server.post(USER_PATHS.login, { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })

describe('the production start refuses test and demo knobs', () => {
  it('refuses each knob on its own, naming it, and takes none of them in demo mode', () => {
    for (const [name, value] of KNOBS) {
      const config = readConfig({ EXCHANGE_MODE: 'production', [name]: value })
      expect(() => checkProductionSettings(config), name).toThrow(ProductionRefusal)
      expect(() => checkProductionSettings(config), name).toThrow(new RegExp(`EXCHANGE_MODE=production .*${name}.*Unset ${name}.*Nothing was written`))
      expect(() => checkProductionSettings(readConfig({ [name]: value })), `${name} in demo mode`).not.toThrow()
    }
    // All of them at once are named together.
    const all = readConfig({ EXCHANGE_MODE: 'production', ...Object.fromEntries(KNOBS) })
    expect(() => checkProductionSettings(all)).toThrow(/DEMO_AUTO_APPROVE_SECONDS.*LAUNCH_TEST_PROJECT_SECONDS.*CONTRACT_TEST_MMR.*SECONDS_EXTRA_DURATION.*SPOT_FEED_LIQUIDITY=off/)
    // Unset, empty, or the production value of a knob is no knob.
    expect(() => checkProductionSettings(readConfig({ EXCHANGE_MODE: 'production' }))).not.toThrow()
    expect(() => checkProductionSettings(readConfig({ EXCHANGE_MODE: 'production', SPOT_FEED_LIQUIDITY: 'on', DEMO_AUTO_APPROVE_SECONDS: ' ', CONTRACT_TEST_MMR: '' }))).not.toThrow()
  })

  it('refuses them before the database is opened: nothing is created or written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'exchange-production-'))
    const dataDir = join(root, 'data')
    const database = await freshDatabase(dataDir)
    try {
      for (const [name, value] of KNOBS) {
        const config = { ...readConfig({ EXCHANGE_MODE: 'production', [name]: value }), dataDir, databaseUrl: database.databaseUrl }
        await expect(buildServer({ config }), name).rejects.toThrow(ProductionRefusal)
      }
      expect(existsSync(dataDir)).toBe(false)
      if (TEST_ENGINE === 'postgres') {
        const tables = await withDatabase(database, async (db) => Number((await db.get('SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema()'))?.n))
        expect(tables).toBe(0)
      }
    } finally {
      await database.drop()
      await rm(root, { recursive: true, force: true })
    }
  })

  it('`node server/main.ts` exits 1 with the message, and leaves no DATA_DIR behind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'exchange-production-'))
    const dataDir = join(root, 'data')
    try {
      const main = join(import.meta.dirname, '../../server/main.ts')
      const env = { PATH: process.env.PATH, EXCHANGE_MODE: 'production', DEMO_AUTO_APPROVE_SECONDS: '30', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }
      const run = await promisify(execFile)(process.execPath, [main], { env, timeout: 15_000 }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      )
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(/^Could not start the server: EXCHANGE_MODE=production does not start with test or demo settings: DEMO_AUTO_APPROVE_SECONDS \(/)
      expect(run.stderr).toMatch(/Unset DEMO_AUTO_APPROVE_SECONDS/)
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('a new database in production mode', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ mode: 'production' })
  })
  afterAll(() => server.close())

  it('starts without any demo data: no demo account, no demo projects, no money', async () => {
    const counts = await server.withDb(async (db) => ({
      users: Number((await db.get('SELECT count(*) AS n FROM users'))?.n),
      projects: Number((await db.get('SELECT count(*) AS n FROM launch_projects'))?.n),
      entries: Number((await db.get('SELECT count(*) AS n FROM ledger_entries'))?.n),
    }))
    expect(counts).toEqual({ users: 0, projects: 0, entries: 0 })
    expect((await login(server)).json.code).not.toBe(BB_OK)
    // And it starts again on its own database.
    await server.restart()
    expect((await server.withDb(async (db) => await db.get('SELECT count(*) AS n FROM users')))?.n).toEqual(0)
  })
})

describe('a database with the demo account', () => {
  let server: TestServer
  let headers: Record<string, string>
  let demoId: number

  beforeAll(async () => {
    server = await startServer()
    const session = (await login(server)).json.data
    demoId = Number(session.userId)
    headers = { [TOKEN_HEADER]: session.token }
  })
  afterAll(() => server.close())

  it('is refused by a production start, which writes nothing and names the way out', async () => {
    const before = await fingerprint(server.database)
    await expect(buildServer({ config: configOn(server.database, { mode: 'production' }) }))
      .rejects.toThrow(/EXCHANGE_MODE=production does not start on a database that holds the demo account demo@exchange\.local.*Nothing was written.*npm run admin -- demo remove/)
    // The same database as a Huobi-fed exchange serving real users: refused alike.
    await expect(buildServer({ config: configOn(server.database, { mode: 'production', marketSource: 'huobi' }) })).rejects.toThrow(ProductionRefusal)
    expect(await fingerprint(server.database)).toEqual(before)
  })

  it('`demo remove` refuses while a contract position is open, lists it, and changes nothing', async () => {
    const limit = shifted(lastAt('btcusdt', server.clock.now), '-0.05', pairOf('btcusdt').precision)
    const opened = await server.post(CONTRACT_PATHS.open, { symbol: 'btcusdt', direction: '1', leverage: '10', entryType: '2', price: limit, quantity: '0.001' }, headers)
    expect(opened.json).toMatchObject({ code: BB_OK, data: { status: POSITION_STATUS.pending } })
    const before = await fingerprint(server.database)
    const refused = await admin(server, 'demo', 'remove')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(new RegExp(`nothing was changed:\\n  contract position #${opened.json.data.id} \\(btcusdt\\): a limit entry waiting for its price`))
    expect(refused.stderr).toMatch(/npm start.*then run npm run admin -- demo remove again/)
    expect(await fingerprint(server.database)).toEqual(before)
    // Its owner can still end it, which is the way out the message names.
    expect((await server.post(CONTRACT_PATHS.cancel, { id: opened.json.data.id }, headers)).json.code).toBe(BB_OK)
  })

  it('`demo remove` ends what is open, gives every unit to the house, and the account can no longer log in', async () => {
    const order = await placed(server, headers, { side: '1', type: '1', price: shifted(lastAt('btcusdt', server.clock.now), '-0.05', pairOf('btcusdt').precision), amount: '0.001' })
    const { withdrawal, deposit } = await server.withDb(async (db) => {
      const now = Date.now()
      const common = { userId: demoId, accountType: ACCOUNT_TYPES.spot, currency: 'USDT', status: RECORD_STATUS.reviewing, chain: 'TRC20', now }
      const entryId = await freeze(db, { userId: demoId, accountType: ACCOUNT_TYPES.spot, currency: 'USDT', amount: '100', memo: 'withdrawal', now })
      return {
        withdrawal: await insertRecord(db, { ...common, tradeType: RECORD_TYPES.withdrawal, amount: '-100', fee: '1', actualArrival: '99', address: 'TWithdrawAddr', entryId }),
        deposit: await insertRecord(db, { ...common, tradeType: RECORD_TYPES.deposit, amount: '50', actualArrival: '0', address: 'TDepositAddr', proof: 'ab'.repeat(16) + '.jpg' }),
      }
    })
    // All the demo account holds, available or frozen, per currency: what the house must get.
    const holdings = async () => server.withDb(async (db) => {
      const sums = new Map<string, BigNumber>()
      for (const row of await db.all('SELECT currency, available, frozen FROM balances WHERE user_id = ?', demoId)) {
        const currency = str(row, 'currency')
        sums.set(currency, (sums.get(currency) ?? new BigNumber(0)).plus(str(row, 'available')).plus(str(row, 'frozen')))
      }
      return sums
    })
    const held = await holdings()
    expect(held.get('TERRA')?.toFixed()).toBe('5000')
    const houseBefore = await server.withDb(systemTotals)

    const removed = await admin(server, 'demo', 'remove')
    expect(removed.code).toBe(0)
    expect(removed.stdout).toMatch(new RegExp(`removed the demo account demo@exchange\\.local \\(user #${demoId}, now removed-demo-${demoId}@exchange\\.invalid\\); it can no longer log in`))
    expect(removed.stdout).toMatch(/ 1 session\(s\) ended/)
    expect(removed.stdout).toContain(`cancelled spot order #${order.id} (btcusdt)`)
    expect(removed.stdout).toContain(`rejected withdrawal #${withdrawal}, 100 USDT unfrozen`)
    expect(removed.stdout).toContain(`rejected deposit #${deposit} of 50 USDT, nothing credited`)
    expect(removed.stdout).toMatch(/unlocked 5000 TERRA of launchpad subscription #\d+/)
    expect(removed.stdout).toContain('to the house: 0.5 BTC (spot)')
    expect(removed.stdout).toContain('to the house: 1000 USDT (contract)')

    // Every unit the account held is now the house's, and nothing else moved.
    const houseAfter = await server.withDb(systemTotals)
    for (const [currency, amount] of held) {
      const key = `house:${currency}`
      expect(new BigNumber(houseAfter.get(key) ?? 0).minus(houseBefore.get(key) ?? 0).toFixed(), currency).toBe(amount.toFixed())
    }
    expect([...await holdings()].filter(([, amount]) => !amount.isZero())).toEqual([])
    expect(await admin(server, 'verify')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^ledger consistent/) })
    const states = await server.withDb(async (db) => ({
      order: Number((await db.get('SELECT status FROM spot_orders WHERE id = ?', Number(order.id)))?.status),
      withdrawal: Number((await db.get('SELECT status FROM asset_records WHERE id = ?', withdrawal))?.status),
      deposit: Number((await db.get('SELECT status FROM asset_records WHERE id = ?', deposit))?.status),
      locked: Number((await db.get("SELECT count(*) AS n FROM launch_subscriptions WHERE user_id = ? AND status = 'allocated' AND unlocked = 0", demoId))?.n),
    }))
    expect(states).toEqual({ order: ORDER_STATUS.cancelled, withdrawal: RECORD_STATUS.rejected, deposit: RECORD_STATUS.rejected, locked: 0 })

    // No way in: the published password, the session it had, and the new name are all refused.
    expect((await login(server)).json.code).not.toBe(BB_OK)
    expect((await server.post(USER_PATHS.info, { userId: String(demoId) }, headers)).json.code).toBe(SESSION_EXPIRED)
    expect((await server.post(USER_PATHS.login, { account: `removed-demo-${demoId}@exchange.invalid`, password: DEMO_ACCOUNT.password })).json.code).not.toBe(BB_OK)

    // A second run finds nothing to remove and changes nothing.
    const before = await fingerprint(server.database)
    expect(await admin(server, 'demo', 'remove')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^nothing to remove: this database holds no demo account \(demo@exchange\.local\)/) })
    expect(await fingerprint(server.database)).toEqual(before)

    // Production now starts on this database, and seeds nothing.
    const production = await buildServer({ config: configOn(server.database, { mode: 'production' }) })
    await production.close()
    expect(await fingerprint(server.database)).toEqual(before)
  })
})
