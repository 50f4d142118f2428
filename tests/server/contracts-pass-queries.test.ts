// Two ways the pass could go wrong that the other suites would not see, on a database of their own
// with the engine run by hand:
//   - an opening reads its clock (and price) before it waits for SQLite's write lock; a pass
//     another server runs meanwhile saves its cursor past that instant without having seen the
//     position. The position must count as watched only from when it was written, and the pass then
//     acts at the first second after that which reaches it — never skipping one;
//   - the pass runs every 250 ms on the server's one thread, so what it reads must not grow with the
//     history of ended positions: no query of it scans contract_positions.
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import type { AppContext } from '../../server/context.ts'
import { closePosition } from '../../server/contracts/manage.ts'
import { openPosition } from '../../server/contracts/open.ts'
import { creditFromOutside } from '../../server/ledger/operations.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { type LedgerDb, openLedgerDb } from './ledger-db.ts'
import { fullScans, notingPrepared } from './query-plans.ts'
import { openTestDatabase } from './test-database.ts'
import { collectingLog, engineOn, firstSecond, heldProblems, priceOf, ticksAt } from './contracts-support.ts'
import { unkeyed } from '../../server/assets/idempotency.ts'

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0, 250)
let ledger: LedgerDb
afterEach(() => ledger.close())

async function exchange(now: () => number) {
  ledger = await openLedgerDb()
  const userId = await ledger.addUser(`trader-${ledger.dir.slice(-6)}@contracts.test`)
  await creditFromOutside(ledger.db, { userId, accountType: 2, currency: 'USDT', amount: '100000', kind: 'credit', memo: '', now: T0 })
  const errors: string[] = []
  const ctx = { db: ledger.db, now, log: collectingLog(errors), config: DEFAULT_CONFIG } as unknown as AppContext
  return { userId, errors, ctx, engine: engineOn(ledger.db, () => ctx.now(), errors) }
}

/** The next second's price is below this one's, and no other second of the minute after falls as low. */
function lone(second: number): boolean {
  const level = ticksAt('btcusdt', second + 1)
  return level < ticksAt('btcusdt', second) && firstSecond('btcusdt', second + 1, (t) => t <= level, 59) === undefined
}

describe('an opening that waited for the write lock', () => {
  it('is watched from when it was written, and not skipped by the pass another connection ran meanwhile', async () => {
    // A second s whose next second is the only one within a minute at which the price falls to its level.
    let s = Math.floor(T0 / 1000)
    while (!lone(s)) s += 1
    const clock = { now: s * 1000 - 10_000 }
    const { userId, errors, ctx, engine } = await exchange(() => clock.now)
    // A 2× long far from anything keeps the pair waiting, so the other pass keeps a cursor.
    expect((await openPosition(ctx, engine, unkeyed(userId), { symbol: 'btcusdt', direction: '1', leverage: '2', entryType: '1', quantity: '0.001' })).code).toBe(1)
    const other = openTestDatabase(ledger.location)
    const passing = { now: (s + 1) * 1000 + 100 }
    const passer = engineOn(other, () => passing.now, errors)
    // The opening reads s.950 (its price) and waits for the lock; the other pass runs at s+1.100;
    // the lock is the opening's at s+1.150.
    let reads = 0
    ctx.now = () => (reads++ === 0 ? s * 1000 + 950 : (s + 1) * 1000 + 150)
    await passer.walk.pass()
    const stopLoss = priceOf('btcusdt', ticksAt('btcusdt', s + 1))
    const opened = await openPosition(ctx, engine, unkeyed(userId), { symbol: 'btcusdt', direction: '1', leverage: '10', entryType: '1', quantity: '0.001', stopLoss })
    expect(opened.data).toMatchObject({ status: 2, entryPrice: priceOf('btcusdt', ticksAt('btcusdt', s)), createdAt: s * 1000 + 950 })
    passing.now = (s + 60) * 1000
    await passer.walk.pass()
    // Whatever instant it is watched from, the pass acted at the first second after it that reached it.
    const row = await ledger.db.get('SELECT watch_from, status, closed_at FROM contract_positions WHERE id = ?', Number(opened.data?.id)) ?? {}
    const watched = Number(row.watch_from ?? (s + 1) * 1000 + 150)
    const reached = firstSecond('btcusdt', Math.floor(watched / 1000), (t) => t <= ticksAt('btcusdt', s + 1), s + 60 - Math.floor(watched / 1000))
    expect({ status: row.status, closedAt: row.closed_at }).toEqual(reached === undefined ? { status: 2, closedAt: null } : { status: 3, closedAt: reached * 1000 })
    expect(watched).toBe((s + 1) * 1000 + 150)
    await other.close()
    expect(errors).toEqual([])
    expect([await verifyLedger(ledger.db), await heldProblems(ledger.db)]).toEqual([[], []])
  })
})

describe('the pass', () => {
  it('reads no more than the positions waiting: no query of it scans the history', async () => {
    const clock = { now: T0 }
    const { userId, ctx, engine } = await exchange(() => clock.now)
    const open = (leverage: string) => openPosition(ctx, engine, unkeyed(userId), { symbol: 'btcusdt', direction: '1', leverage, entryType: '1', quantity: '0.001' })
    for (let i = 0; i < 30; i++) {
      const done = await open('10')
      expect((await closePosition(ctx, engine, unkeyed(userId), done.data?.id ?? '', undefined)).code).toBe(1)
    }
    expect((await open('5')).code).toBe(1)
    // No cursor, as after the pair was idle: the walk also asks where its positions are watched from.
    await ledger.db.run('DELETE FROM contract_feed_cursor')
    // The pass on a connection that notes every statement it prepares.
    const { db: noting, seen } = notingPrepared(ledger.db)
    const pass = engineOn(noting, () => clock.now).walk
    for (const step of [1, 60, 3600]) {
      clock.now += step * 1000
      await pass.pass()
    }
    const scans = await fullScans(ledger.db, seen, 'contract_positions')
    expect(seen.size).toBeGreaterThan(2)
    expect(scans).toEqual([])
  })
})
