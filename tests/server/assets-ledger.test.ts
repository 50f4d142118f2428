// The ledger operations called directly on a temp database: exact decimal arithmetic, balanced
// entries, refusals that change nothing, the schema's own guards, and the migration of 003's journal.
import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { immediate } from '../../server/db/transaction.ts'
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

let ledger: LedgerDb
let userId: number
const now = 1_700_000_000_000
const spot = 1 as const
const move = (currency: string, amount: string) => ({ userId, accountType: spot, currency, amount, memo: 'test', now })

beforeEach(async () => {
  ledger = await openLedgerDb()
  userId = ledger.addUser('ledger@x.io')
})
afterEach(() => ledger.close())

describe('ledger operations', () => {
  it('adds exactly in decimal and writes one balanced entry per operation', () => {
    creditFromOutside(ledger.db, { ...move('USDT', '0.1'), kind: 'credit' })
    creditFromOutside(ledger.db, { ...move('USDT', '0.2'), kind: 'credit' })
    expect(ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.3', frozen: '0' })
    freeze(ledger.db, move('USDT', '0.25'))
    expect(ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.05', frozen: '0.25' })
    unfreeze(ledger.db, move('USDT', '0.05'))
    payOutFrozen(ledger.db, { ...move('USDT', '0.2'), fee: '0.01' })
    expect(ledger.balance(userId, spot, 'USDT')).toEqual({ available: '0.1', frozen: '0' })
    expect(ledger.count('ledger_entries')).toBe(5)
    expect(systemTotals(ledger.db)).toEqual(new Map([['outside:USDT', '-0.11'], ['fees:USDT', '0.01']]))
    expect(verifyLedger(ledger.db)).toEqual([])
  })

  it('transfers between the two accounts and exchanges through the exchange account', () => {
    creditFromOutside(ledger.db, { ...move('BTC', '1'), kind: 'credit' })
    transferBetweenAccounts(ledger.db, { userId, currency: 'BTC', amount: '0.4', from: 1, to: 2, memo: '', now })
    expect(ledger.balance(userId, 2, 'BTC').available).toBe('0.4')
    exchangeCurrencies(ledger.db, { userId, accountType: spot, from: 'BTC', to: 'USDT', amount: '0.5', gross: '30000', fee: '60', memo: '', now })
    expect(ledger.balance(userId, spot, 'BTC').available).toBe('0.1')
    expect(ledger.balance(userId, spot, 'USDT').available).toBe('29940')
    const totals = systemTotals(ledger.db)
    expect(totals.get('exchange:BTC')).toBe('0.5')
    expect(totals.get('exchange:USDT')).toBe('-30000')
    expect(totals.get('fees:USDT')).toBe('60')
    expect(verifyLedger(ledger.db)).toEqual([])
  })

  it('refuses to overdraw any bucket and then changes nothing, even inside a caller transaction', () => {
    creditFromOutside(ledger.db, { ...move('BTC', '0.00000001'), kind: 'credit' })
    const before = ledger.count('ledger_postings')
    expect(() => freeze(ledger.db, move('BTC', '0.00000002'))).toThrow(InsufficientBalanceError)
    expect(() => unfreeze(ledger.db, move('BTC', '0.00000001'))).toThrow(InsufficientBalanceError)
    expect(() => payOutFrozen(ledger.db, { ...move('BTC', '0.00000001'), fee: '0' })).toThrow(InsufficientBalanceError)
    // The caller catches the refusal and goes on: only the failed operation is undone.
    immediate(ledger.db, () => {
      creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
      expect(() => transferBetweenAccounts(ledger.db, { userId, currency: 'ETH', amount: '2', from: 1, to: 2, memo: '', now })).toThrow(
        InsufficientBalanceError,
      )
    })
    expect(ledger.balance(userId, spot, 'BTC')).toEqual({ available: '0.00000001', frozen: '0' })
    expect(ledger.balance(userId, spot, 'ETH')).toEqual({ available: '1', frozen: '0' })
    expect(ledger.balance(userId, 2, 'ETH')).toEqual({ available: '0', frozen: '0' })
    expect(ledger.count('ledger_postings')).toBe(before + 2)
    expect(ledger.db.isTransaction).toBe(false)
    expect(verifyLedger(ledger.db)).toEqual([])
  })

  it('throws on amounts server code must never pass, before touching anything', () => {
    for (const amount of ['abc', '', 'NaN', 'Infinity', '0', '-1', '0.000000001']) {
      expect(() => creditFromOutside(ledger.db, { ...move('ETH', amount), kind: 'credit' }), amount).toThrow(/invalid amount/)
    }
    expect(() => creditFromOutside(ledger.db, { ...move('NOPE', '1'), kind: 'credit' })).toThrow(/unknown currency/)
    expect(() => payOutFrozen(ledger.db, { ...move('ETH', '1'), fee: '2' })).toThrow(/fee exceeds/)
    expect(ledger.count('ledger_entries')).toBe(0)
  })
})

describe('schema guards', () => {
  it('refuses negative or non-decimal balances and unbalanced-looking postings', () => {
    creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
    for (const value of ['-1', '1e5', '1.2.3', 'abc', '', '5.']) {
      expect(() => ledger.db.prepare("UPDATE balances SET available = ? WHERE currency = 'ETH'").run(value), value).toThrow(/CHECK/)
    }
    for (const amount of ['0', '-0', '1e5', '--1', '-', '0.0']) {
      expect(
        () => ledger.db.prepare("INSERT INTO ledger_postings (entry_id, system, currency, amount) VALUES (1, 'fees', 'ETH', ?)").run(amount),
        amount,
      ).toThrow(/CHECK/)
    }
    // A posting names a user bucket or a system account, never both or neither.
    expect(() =>
      ledger.db.prepare("INSERT INTO ledger_postings (entry_id, user_id, account_type, bucket, system, currency, amount) VALUES (1, ?, 1, 'available', 'fees', 'ETH', '1')").run(userId),
    ).toThrow(/CHECK/)
  })

  it('lets verifyLedger see a balance edited behind the ledger and an unbalanced entry', () => {
    creditFromOutside(ledger.db, { ...move('ETH', '1'), kind: 'credit' })
    ledger.db.prepare("UPDATE balances SET available = '2' WHERE currency = 'ETH'").run()
    ledger.db.prepare("INSERT INTO ledger_postings (entry_id, system, currency, amount) VALUES (1, 'fees', 'ETH', '0.5')").run()
    expect(verifyLedger(ledger.db)).toEqual([
      { kind: 'entry', entryId: 1, currency: 'ETH', sum: '0.5', postings: 3 },
      { kind: 'balance', userId, accountType: 1, currency: 'ETH', bucket: 'available', stored: '2', fromPostings: '1' },
    ])
  })
})

describe('migrations', () => {
  it('applies each once, in order', () => {
    expect(migrate(ledger.db)).toEqual([])
    const versions = ledger.db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((row) => row.version)
    const files = readdirSync(join(import.meta.dirname, '../../server/db/migrations')).filter((name) => name.endsWith('.sql'))
    expect(versions).toEqual(files.map((name) => Number(name.slice(0, 3))).toSorted((a, b) => a - b))
  })

  it("turns 003's one-sided journal into balanced entries with credit records", () => {
    const db = new DatabaseSync(join(ledger.dir, 'old.sqlite'), { enableForeignKeyConstraints: true })
    const migrations = join(import.meta.dirname, '../../server/db/migrations')
    const upTo003 = join(ledger.dir, 'upto003')
    // Build a 003-era database from the first three files only.
    mkdirSync(upTo003)
    for (const name of ['001_users.sql', '002_params.sql', '003_ledger.sql']) copyFileSync(join(migrations, name), join(upTo003, name))
    migrate(db, upTo003)
    db.exec(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES ('1', 'old@x.io', 'h', 'OLD12345', 0);
      INSERT INTO balances (user_id, account_type, currency, available) VALUES (1, 1, 'USDT', '10000'), (1, 2, 'USDT', '1000');
      INSERT INTO journal (user_id, account_type, currency, amount, kind, memo, created_at) VALUES
        (1, 1, 'USDT', '10000', 'seed', 'demo account', 5), (1, 2, 'USDT', '1000', 'seed', 'demo account', 5);`)
    migrate(db)
    expect(verifyLedger(db)).toEqual([])
    expect(systemTotals(db)).toEqual(new Map([['outside:USDT', '-11000']]))
    const records = db.prepare('SELECT account_type, trade_type, amount, status FROM asset_records ORDER BY id').all()
    expect(records.map((row) => ({ ...row }))).toEqual([
      { account_type: 1, trade_type: 7, amount: '10000', status: 1 },
      { account_type: 2, trade_type: 7, amount: '1000', status: 1 },
    ])
    db.close()
  })
})
