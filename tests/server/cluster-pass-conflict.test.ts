// A contracts pass that meets another process's write of the same balance mid-transaction still
// acts at the position's FIRST crossing second (architecture §6, "Engines that move money"). On
// PostgreSQL the pass's close waits on the row another transaction holds and, when that commits,
// fails with a serialization conflict inside the position's savepoint; the whole batch must then run
// again, not skip the position while the walk's cursor moves past its second (which closed it a
// second late, at another price). SQLite takes the write lock up front (BEGIN IMMEDIATE), so a
// pass waits before it starts and never meets this; there, and with the in-thread connections this
// test uses, the synchronous busy wait would block the thread that must release the other writer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundedUser } from './assets-support.ts'
import { engineOn, firstSecond, heldProblems, lastAt, opened } from './contracts-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { expectAdminVerifyClean } from './cluster-support.ts'
import { TEST_ENGINE } from './test-database.ts'

const T0 = Date.UTC(2026, 7, 3, 15, 0, 0, 250)

describe.skipIf(TEST_ENGINE !== 'postgres')('a contracts pass racing a write of the same balance', () => {
  let server: TestServer
  beforeAll(async () => {
    // The server's own clock stays at T0: its tick never walks to the crossing, only the pass below does.
    server = await startServer({ contractTestMmr: '0.0099' })
    server.clock.now = T0
  })
  afterAll(() => server.close())

  it('liquidates at the first crossing second although its first try conflicted', async () => {
    const user = await fundedUser(server, 'conflict@cluster.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const position = await opened(server, user.headers, { symbol: 'btcusdt', direction: '1', leverage: '100', quantity: '0.002' })
    const row = await server.withDb((db) => db.get('SELECT liquidation_ticks, watch_from FROM contract_positions WHERE id = ?', Number(position.id)))
    const liquidation = Number(row?.liquidation_ticks)
    const crossing = firstSecond('btcusdt', Math.floor(Number(row?.watch_from) / 1000), (ticks) => ticks <= liquidation)
    if (crossing === undefined) throw new Error('the path never reaches the liquidation price within a day')

    // Another process holds the user's contract balance row in an open transaction…
    const other = server.openDb()
    const passDb = server.openDb()
    const errors: string[] = []
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    const writer = other.transaction(async () => {
      await other.run(`UPDATE balances SET available = available WHERE user_id = ? AND account_type = 2 AND currency = 'USDT'`, user.userId)
      holding()
      await released
    })
    try {
      await held
      // …while a pass walks up to the crossing second and, closing the position, waits on that row.
      const pass = engineOn(passDb, () => crossing * 1000 + 500, errors).walk.pass()
      await new Promise((resolve) => setTimeout(resolve, 500))
      release()
      await writer
      expect((await pass).acted).toBe(1)
    } finally {
      release()
      await other.close()
      await passDb.close()
    }

    expect(errors).toEqual([])
    const after = await server.withDb((db) => db.get('SELECT status, close_reason, closed_at, exit_price FROM contract_positions WHERE id = ?', Number(position.id)))
    expect(after).toEqual({ status: 4, close_reason: 4, closed_at: crossing * 1000, exit_price: lastAt('btcusdt', crossing * 1000) })
    expect(await server.withDb(heldProblems)).toEqual([])
    await expectAdminVerifyClean(server)
  }, 30_000)
})
