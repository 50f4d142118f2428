import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open.ts'
import { ACCOUNT_TYPE, credit, InsufficientBalanceError } from '../../server/ledger/credit.ts'

let dir: string
let db: DatabaseSync
let userId: number

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'exchange-ledger-test-'))
  db = openDatabase(join(dir, 'test.sqlite'))
  migrate(db)
  userId = Number(
    db
      .prepare(`INSERT INTO users (uid, email, password_hash, invitation_code, created_at) VALUES ('10000001', 'l@x.io', 'h', 'AAAA2222', 0)`)
      .run().lastInsertRowid,
  )
})
afterEach(async () => {
  db.close()
  await rm(dir, { recursive: true, force: true })
})

const balance = (currency: string) =>
  db.prepare('SELECT available FROM balances WHERE user_id = ? AND account_type = 1 AND currency = ?').get(userId, currency)?.available
const journal = () => db.prepare('SELECT amount, kind FROM journal WHERE user_id = ? ORDER BY id').all(userId)

describe('credit', () => {
  it('adds exactly, in decimal, and journals each change', () => {
    credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'usdt', amount: '0.1', kind: 'test' }, 1)
    credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'USDT', amount: '0.2', kind: 'test' }, 2)
    expect(balance('USDT')).toBe('0.3')
    expect(credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'USDT', amount: '-0.30', kind: 'test' }, 3)).toBe('0')
    expect(journal()).toEqual([
      { amount: '0.1', kind: 'test' },
      { amount: '0.2', kind: 'test' },
      { amount: '-0.3', kind: 'test' },
    ])
  })

  it('refuses to go below zero and changes nothing then', () => {
    credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'BTC', amount: '1e-8', kind: 'test' }, 1)
    expect(balance('BTC')).toBe('0.00000001')
    expect(() =>
      credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'BTC', amount: '-0.00000002', kind: 'test' }, 2),
    ).toThrow(InsufficientBalanceError)
    expect(balance('BTC')).toBe('0.00000001')
    expect(journal()).toHaveLength(1)
    expect(db.isTransaction).toBe(false)
  })

  it('rejects amounts that are not numbers', () => {
    for (const amount of ['abc', '', 'NaN', 'Infinity', '0']) {
      expect(() => credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'ETH', amount, kind: 'test' }, 1)).toThrow()
    }
    expect(journal()).toHaveLength(0)
  })

  it('is backed by CHECK constraints that refuse negative or non-decimal balances', () => {
    credit(db, { userId, accountType: ACCOUNT_TYPE.spot, currency: 'ETH', amount: '1', kind: 'test' }, 1)
    for (const value of ['-1', '1e5', '1.2.3', 'abc', '', '5.']) {
      expect(() => db.prepare("UPDATE balances SET available = ? WHERE currency = 'ETH'").run(value), value).toThrow(/CHECK/)
    }
  })
})

describe('migrate', () => {
  it('applies each migration once', () => {
    expect(migrate(db)).toEqual([])
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((row) => row.version)
    expect(versions).toEqual([1, 2, 3])
  })
})
