// Property-based: random sequences of credits, transfers, exchanges, freezes, unfreezes and
// pay-outs, applied by the real ledger operations to two fresh users of a database and to a plain model.
// After every step the database equals the model, no balance is negative, a refused step changed
// nothing, every currency sums to zero across users and system accounts, and verifyLedger is clean.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteExchange } from '../../server/assets/exchange-quote.ts'
import type { Database } from '../../server/db/database.ts'
import * as ops from '../../server/ledger/operations.ts'
import { systemTotals, verifyLedger } from '../../server/ledger/verify.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'

const CURRENCIES = ['USDT', 'BTC', 'DOGE'] as const
const PRICES: Record<string, BigNumber> = { USDT: new BigNumber(1), BTC: new BigNumber('65432.17'), DOGE: new BigNumber('0.123457') }
const USERS = [1, 2]
type Acct = 1 | 2

const units = fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 10_000_000_000 }))
const amount = units.map((n) => new BigNumber(n).shiftedBy(-8).toFixed())
const user = fc.constantFrom(...USERS)
const acct = fc.constantFrom<Acct>(1, 2)
const currency = fc.constantFrom(...CURRENCIES)

// Credits weigh more so that the other steps find money to move often enough to succeed.
const command = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('credit' as const), user, acct, currency, amount }), weight: 3 },
  fc.record({ op: fc.constant('transfer' as const), user, acct, currency, amount }),
  fc.record({ op: fc.constant('freeze' as const), user, acct, currency, amount }),
  fc.record({ op: fc.constant('unfreeze' as const), user, acct, currency, amount }),
  fc.record({ op: fc.constant('payout' as const), user, acct, currency, amount, feeShare: fc.integer({ min: 0, max: 100 }) }),
  fc.record({ op: fc.constant('exchange' as const), user, currency, to: currency, amount }),
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

/** The model: user|acct|currency|bucket → amount. */
type Model = Map<string, BigNumber>
const key = (u: number, a: number, c: string, bucket: 'available' | 'frozen') => `${u}|${a}|${c}|${bucket}`
const get = (model: Model, k: string) => model.get(k) ?? new BigNumber(0)

const price = (name: string): BigNumber => PRICES[name] ?? new BigNumber(Number.NaN)
const quoteOf = (c: { currency: string; to: string; amount: string }) =>
  quoteExchange({ from: c.currency, to: c.to, amount: c.amount }, price(c.currency), price(c.to), '0.002')

/** What a command should change in the user buckets, or 'skip' for one the API would never send. */
function plan(c: Command): Map<string, BigNumber> | 'skip' {
  const changes = new Map<string, BigNumber>()
  const add = (k: string, v: BigNumber.Value) => changes.set(k, (changes.get(k) ?? new BigNumber(0)).plus(v))
  const a = 'acct' in c ? c.acct : 1
  const avail = key(c.user, a, c.currency, 'available')
  const frozen = key(c.user, a, c.currency, 'frozen')
  if (c.op === 'credit') add(avail, c.amount)
  if (c.op === 'transfer') {
    add(avail, new BigNumber(c.amount).negated())
    add(key(c.user, a === 1 ? 2 : 1, c.currency, 'available'), c.amount)
  }
  if (c.op === 'freeze') {
    add(avail, new BigNumber(c.amount).negated())
    add(frozen, c.amount)
  }
  if (c.op === 'unfreeze') {
    add(frozen, new BigNumber(c.amount).negated())
    add(avail, c.amount)
  }
  if (c.op === 'payout') add(frozen, new BigNumber(c.amount).negated())
  if (c.op === 'exchange') {
    if (c.currency === c.to) return 'skip'
    const quote = quoteOf(c)
    if (!new BigNumber(quote.receive).isGreaterThan(0)) return 'skip'
    add(avail, new BigNumber(c.amount).negated())
    add(key(c.user, 1, c.to, 'available'), quote.receive)
  }
  return changes
}

/** The two users of one run: a command's `user` (1 or 2) is a slot, this maps it to the user's id. */
type Users = ReadonlyMap<number, number>
const idOf = (users: Users, slot: number): number => users.get(slot) ?? Number.NaN

async function run(db: Database, c: Command, users: Users): Promise<void> {
  const base = { userId: idOf(users, c.user), currency: c.currency, amount: c.amount, memo: '', now: 1 }
  if (c.op === 'credit') await ops.creditFromOutside(db, { ...base, accountType: c.acct, kind: 'credit' })
  if (c.op === 'transfer') await ops.transferBetweenAccounts(db, { ...base, from: c.acct, to: c.acct === 1 ? 2 : 1 })
  if (c.op === 'freeze') await ops.freeze(db, { ...base, accountType: c.acct })
  if (c.op === 'unfreeze') await ops.unfreeze(db, { ...base, accountType: c.acct })
  if (c.op === 'payout') {
    const fee = new BigNumber(c.amount).times(c.feeShare).div(100).decimalPlaces(8, BigNumber.ROUND_DOWN).toFixed()
    await ops.payOutFrozen(db, { ...base, accountType: c.acct, fee })
  }
  if (c.op === 'exchange') {
    const quote = quoteOf(c)
    const gross = new BigNumber(quote.receive).plus(quote.fee).toFixed()
    await ops.exchangeCurrencies(db, { ...base, accountType: 1, from: c.currency, to: c.to, gross, fee: quote.fee })
  }
}

let runs = 0
/** Two new users for one run: runs share the database (a fresh PostgreSQL one per run would be slow). */
async function newUsers(ledger: LedgerDb): Promise<Users> {
  runs += 1
  const users = new Map<number, number>()
  for (const slot of USERS) users.set(slot, await ledger.addUser(`run${runs}-${slot}@p.io`))
  return users
}

/** The run's users' balances, keyed by slot. */
async function stored(db: Database, users: Users): Promise<Model> {
  const slots = new Map([...users].map(([slot, id]) => [id, slot]))
  const rows = await db.all('SELECT user_id, account_type, currency, available, frozen FROM balances WHERE user_id IN (?, ?)', idOf(users, 1), idOf(users, 2))
  return new Map(
    rows.flatMap((row) => {
      const slot = slots.get(Number(row.user_id)) ?? 0
      return [
        [key(slot, Number(row.account_type), String(row.currency), 'available'), new BigNumber(String(row.available))],
        [key(slot, Number(row.account_type), String(row.currency), 'frozen'), new BigNumber(String(row.frozen))],
      ] as const
    }),
  )
}

async function expectSameMoney(db: Database, model: Model, users: Users): Promise<void> {
  const actual = await stored(db, users)
  for (const k of new Set([...actual.keys(), ...model.keys()])) {
    expect(get(actual, k).toFixed(), k).toBe(get(model, k).toFixed())
    expect(get(actual, k).isNegative(), k).toBe(false)
  }
  // Conservation: what all users hold plus what the system accounts hold is zero in every currency.
  const totals = new Map<string, BigNumber>()
  const add = (c: string, v: BigNumber.Value) => totals.set(c, (totals.get(c) ?? new BigNumber(0)).plus(v))
  for (const row of await db.all('SELECT currency, available, frozen FROM balances')) {
    add(String(row.currency), String(row.available))
    add(String(row.currency), String(row.frozen))
  }
  for (const [k, v] of await systemTotals(db)) add(k.split(':')[1] ?? '', v)
  for (const [c, total] of totals) expect(total.toFixed(), c).toBe('0')
}

const entryCount = async (db: Database): Promise<number> => Number((await db.get('SELECT count(*) AS n FROM ledger_entries'))?.n)

describe('ledger properties', () => {
  let ledger: LedgerDb
  beforeAll(async () => {
    ledger = await openLedgerDb()
  })
  afterAll(() => ledger.close())

  it('conserve every currency, never go negative, refuse without change, and always verify', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        const db = ledger.db
        const users = await newUsers(ledger)
        const model: Model = new Map()
        const entriesAtStart = await entryCount(db)
        let moved = 0
        for (const c of commands) {
          const changes = plan(c)
          if (changes === 'skip') continue
          const wouldOverdraw = [...changes].some(([k, delta]) => get(model, k).plus(delta).isNegative())
          const entriesBefore = await entryCount(db)
          if (wouldOverdraw) {
            await expect(run(db, c, users)).rejects.toThrow(ops.InsufficientBalanceError)
            expect(await entryCount(db)).toBe(entriesBefore)
          } else {
            await run(db, c, users)
            for (const [k, delta] of changes) model.set(k, get(model, k).plus(delta))
            moved += 1
          }
          expect(db.inTransaction).toBe(false)
          await expectSameMoney(db, model, users)
        }
        expect(await verifyLedger(db)).toEqual([])
        expect(await entryCount(db)).toBe(entriesAtStart + moved)
      }),
      { numRuns: 150 },
    )
  })
})
