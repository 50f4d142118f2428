// The ledger operations called directly on a temp database: exact decimal arithmetic, balanced
// entries, refusals that change nothing, the schema's own guards, and the migration of 003's journal.
import { join } from 'node:path'
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate.ts'
import { openSqlite } from '../../server/db/sqlite.ts'
import {
  creditFromOutside,
  exchangeCurrencies,
  freeze,
  InsufficientBalanceError,
  payOutFrozen,
  transferBetweenAccounts,
  unfreeze,
} from '../../server/ledger/operations.ts'
import { systemTotals, verifyLedger } from '../../server/ledger/verify.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { TEST_ENGINE } from './test-database.ts'

let ledger: LedgerDb
let userId: number
const now = 1_700_000_000_000
const spot = 1 as const
const move = (currency: string, amount: string) => ({ userId, accountType: spot, currency, amount, memo: 'test', now })

beforeEach(async () => {
  ledger = await openLedgerDb()
  userId = await ledger.addUser('ledger@x.io')
})
afterEach(() => ledger.close())

describe('ledger operations', () => {
  it('adds exactly in decimal and writes one balanced entry per operation', async () => {
    await creditFromOutside(ledger.db, { ...move('USDT', '0.1'), kind: 'credit' })
    await creditFromOutside(ledger.db, { ...move('USDT', '0.2'), kind: 'credit' })
    expect(await ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.3', frozen: '0' })
    await freeze(ledger.db, move('USDT', '0.25'))
    expect(await ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.05', frozen: '0.25' })
    await unfreeze(ledger.db, move('USDT', '0.05'))
    await payOutFrozen(ledger.db, { ...move('USDT', '0.2'), fee: '0.01' })
    expect(await ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.1', frozen: '0' })
    expect(await ledger.count('ledger_entries')).toBe(5)
    expect(await systemTotals(ledger.db)).toEqual(new Map([['outside:USDT', '-0.11'], ['fees:USDT', '0.01']]))
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('transfers between the two accounts and exchanges through the exchange account', async () => {
    await creditFromOutside(ledger.db, { ...move('BTC', '1'), kind: 'credit' })
    await transferBetweenAccounts(ledger.db, { userId, currency: 'BTC', amount: '0.4', from: 1, to: 2, memo: '', now })
    expect((await ledger.balance(userId, 2, 'BTC')).available).toBe('0.4')
    await exchangeCurrencies(ledger.db, { userId, accountType: spot, from: 'BTC', to: 'USDT', amount: '0.5', gross: '30000', fee: '60', memo: '', now })
    expect((await ledger.balance(userId, spot, 'BTC')).available).toBe('0.1')
    expect((await ledger.balance(userId, spot, 'USDT')).available).toBe('29940')
    const totals = await systemTotals(ledger.db)
    expect(totals.get('exchange:BTC')).toBe('0.5')
    expect(totals.get('exchange:USDT')).toBe('-30000')
    expect(totals.get('fees:USDT')).toBe('60')
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('refuses to overdraw any bucket and then changes nothing, even inside a caller transaction', async () => {
    await creditFromOutside(ledger.db, { ...move('BTC', '0.00000001'), kind: 'credit' })
    const before = await ledger.count('ledger_postings')
    await expect(freeze(ledger.db, move('BTC', '0.00000002'))).rejects.toThrow(InsufficientBalanceError)
    await expect(unfreeze(ledger.db, move('BTC', '0.00000001'))).rejects.toThrow(InsufficientBalanceError)
    await expect(payOutFrozen(ledger.db, { ...move('BTC', '0.00000001'), fee: '0' })).rejects.toThrow(InsufficientBalanceError)
    // The caller catches the refusal and goes on: only the failed operation is undone.
    await ledger.db.transaction(async () => {
      await creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
      await expect(transferBetweenAccounts(ledger.db, { userId, currency: 'ETH', amount: '2', from: 1, to: 2, memo: '', now })).rejects.toThrow(
        InsufficientBalanceError,
      )
    })
    expect(await ledger.balance(userId, spot, 'BTC')).toEqual({ available: '0.00000001', frozen: '0' })
    expect(await ledger.balance(userId, spot, 'ETH')).toEqual({ available: '1', frozen: '0' })
    expect(await ledger.balance(userId, 2, 'ETH')).toEqual({ available: '0', frozen: '0' })
    expect(await ledger.count('ledger_postings')).toBe(before + 2)
    expect(ledger.db.inTransaction).toBe(false)
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('throws on amounts server code must never pass, before touching anything', async () => {
    for (const amount of ['abc', '', 'NaN', 'Infinity', '0', '-1', '0.000000001']) {
      await expect(creditFromOutside(ledger.db, { ...move('ETH', amount), kind: 'credit' }), amount).rejects.toThrow(/invalid amount/)
    }
    await expect(creditFromOutside(ledger.db, { ...move('NOPE', '1'), kind: 'credit' })).rejects.toThrow(/unknown currency/)
    await expect(payOutFrozen(ledger.db, { ...move('ETH', '1'), fee: '2' })).rejects.toThrow(/fee exceeds/)
    expect(await ledger.count('ledger_entries')).toBe(0)
  })
})

// What the schema itself refuses, whatever code writes. SQLite keeps money as decimal text, so its
// CHECKs also refuse text that is no plain decimal ('1e5', '5.'); PostgreSQL's NUMERIC reads such
// text as the number it spells and refuses what is no number at all, and its CHECKs refuse the
// negative, the zero posting and NaN/Infinity, which NUMERIC could otherwise hold.
const REFUSED = TEST_ENGINE === 'sqlite' ? /CHECK constraint failed/ : /violates check constraint|invalid input syntax for type numeric/
const BAD_BALANCES = TEST_ENGINE === 'sqlite' ? ['-1', '1e5', '1.2.3', 'abc', '', '5.'] : ['-1', '-0.00000001', '1.2.3', 'abc', '', 'NaN', 'Infinity']
const BAD_POSTINGS = TEST_ENGINE === 'sqlite' ? ['0', '-0', '1e5', '--1', '-', '0.0'] : ['0', '-0', '--1', '-', '0.0', 'NaN', 'Infinity', '-Infinity']

describe('schema guards', () => {
  it('refuses negative or non-decimal balances and unbalanced-looking postings', async () => {
    await creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
    for (const value of BAD_BALANCES) {
      await expect(ledger.db.run("UPDATE balances SET available = ? WHERE currency = 'ETH'", value), value).rejects.toThrow(REFUSED)
    }
    for (const amount of BAD_POSTINGS) {
      await expect(ledger.db.run("INSERT INTO ledger_postings (entry_id, system, currency, amount) VALUES (1, 'fees', 'ETH', ?)", amount), amount).rejects.toThrow(
        REFUSED,
      )
    }
    // A posting names a user bucket or a system account, never both or neither.
    await expect(
      ledger.db.run("INSERT INTO ledger_postings (entry_id, user_id, account_type, bucket, system, currency, amount) VALUES (1, ?, 1, 'available', 'fees', 'ETH', '1')", userId),
    ).rejects.toThrow(REFUSED)
    expect(await ledger.balance(userId, spot, 'ETH')).toEqual({ available: '1', frozen: '0' })
    expect(await verifyLedger(ledger.db)).toEqual([])
  })

  it('lets verifyLedger see a balance edited behind the ledger and an unbalanced entry', async () => {
    await creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
    await ledger.db.run("UPDATE balances SET available = '2' WHERE currency = 'ETH'")
    await ledger.db.run("INSERT INTO ledger_postings (entry_id, system, currency, amount) VALUES (1, 'fees', 'ETH', '0.5')")
    expect(await verifyLedger(ledger.db)).toEqual([
      { kind: 'entry', entryId: 1, currency: 'ETH', sum: '0.5', postings: 3 },
      { kind: 'balance', userId, accountType: 1, currency: 'ETH', bucket: 'available', stored: '2', fromPostings: '1' },
    ])
  })
})

describe('migrations', () => {
  it('applies each once, in order', async () => {
    expect(await migrate(ledger.db)).toEqual([])
    const versions = (await ledger.db.all('SELECT version FROM schema_migrations ORDER BY version')).map((row) => row.version)
    const files = readdirSync(join(import.meta.dirname, '../../server/db/migrations', TEST_ENGINE)).filter((name) => name.endsWith('.sql'))
    expect(versions).toEqual(files.map((name) => Number(name.slice(0, 3))).toSorted((a, b) => a - b))
  })
})

// SQLite's own history: 003 kept a one-sided journal that 004 folded into the ledger. A PostgreSQL
// database starts at the double-entry schema and never had a journal to migrate.
describe.skipIf(TEST_ENGINE !== 'sqlite')('the SQLite journal migration', () => {
  it("turns 003's one-sided journal into balanced entries with credit records", async () => {
    const db = openSqlite(join(ledger.dir, 'old.sqlite'))
    const migrations = join(MIGRATIONS_DIR, 'sqlite')
    const upTo003 = join(ledger.dir, 'upto003')
    // Build a 003-era database from the first three files only.
    mkdirSync(upTo003)
    for (const name of ['001_users.sql', '002_params.sql', '003_ledger.sql']) copyFileSync(join(migrations, name), join(upTo003, name))
    await migrate(db, upTo003)
    await db.exec(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES ('1', 'old@x.io', 'h', 'OLD12345', 0);
      INSERT INTO balances (user_id, account_type, currency, available) VALUES (1, 1, 'USDT', '10000'), (1, 2, 'USDT', '1000');
      INSERT INTO journal (user_id, account_type, currency, amount, kind, memo, created_at) VALUES
        (1, 1, 'USDT', '10000', 'seed', 'demo account', 5), (1, 2, 'USDT', '1000', 'seed', 'demo account', 5);`)
    await migrate(db)
    expect(await verifyLedger(db)).toEqual([])
    expect(await systemTotals(db)).toEqual(new Map([['outside:USDT', '-11000']]))
    const records = await db.all('SELECT account_type, trade_type, amount, status FROM asset_records ORDER BY id')
    expect(records.map((row) => ({ ...row }))).toEqual([
      { account_type: 1, trade_type: 7, amount: '10000', status: 1 },
      { account_type: 2, trade_type: 7, amount: '1000', status: 1 },
    ])
    await db.close()
  })
})
