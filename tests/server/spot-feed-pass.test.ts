// The feed pass on the real server: a resting limit the price path reaches while the server is
// down fills on start at its own price and at the instant it was reached; a stop-limit triggers
// once, at the first instant its trigger was reached, with that instant's price and book; further
// passes — another connection, as another server process would — change nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BigNumber } from 'bignumber.js'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { COUNTERPARTIES, FILL_ROLES, ORDER_STATUS } from '../../src/contract/spot.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import { spotFeed } from '../../server/spot/feed.ts'
import { createSpotPass } from '../../server/spot/feed-pass.ts'
import { balanceOf, fundedUser, openServerDb, snapshot, withDb } from './assets-support.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'
import { waitFor } from './seconds-support.ts'
import { depthAt, detail, extremeAhead, firstSecond, lastAt, placed, shifted, sum } from './spot-fixtures.ts'
import { keptAsTestServer, keptServer } from './spot-support.ts'
import { type DatabaseLocation, freshDatabase } from './test-database.ts'
import { creditWithRecord } from '../../server/ledger/operator-credit.ts'

const quiet = { error: () => {}, info: () => {} } as unknown as FastifyBaseLogger
const entries = (server: TestServer) => withDb(server, async (db) => Number((await db.get('SELECT count(*) AS n FROM ledger_entries'))?.n))

/** An instant (whole second + 300 ms) from which the price falls below the best bid within 10 minutes. */
function dippingInstant(from: number): { at: number; low: { price: string; second: number } } {
  for (let at = Math.ceil(from / 1000) * 1000 + 300; ; at += 60_000) {
    const low = extremeAhead('btcusdt', at, 600, 'low')
    if (new BigNumber(low.price).isLessThan(depthAt('btcusdt', at).bids[0]?.[0] ?? '0')) return { at, low }
  }
}

describe('while the server is down', () => {
  // One database for the three servers in turn, as one installation restarted.
  let kept: Awaited<ReturnType<typeof freshDatabase>>
  afterAll(async () => {
    await kept.drop()
    await rm(kept.dataDir, { recursive: true, force: true })
  })

  it('a resting buy the price reached fills on start, at its price and its crossing instant, once', async () => {
    kept = await freshDatabase(await mkdtemp(join(tmpdir(), 'exchange-spot-restart-')))
    const location: DatabaseLocation = { dataDir: kept.dataDir, databaseUrl: kept.databaseUrl }
    const { at, low } = dippingInstant(Date.now())
    const clock = { now: at }
    const first = await keptServer(location, clock)
    const reader = keptAsTestServer(first, location)
    const session = await registerAndLogin(reader, 'sleeper@spot.test')
    const userId = Number(session.userId)
    const headers = { 'access-token': session.token }
    await withDb(reader, async (db) => await creditWithRecord(db, { userId, accountType: 1, currency: 'USDT', amount: '10000', kind: 'credit', info: 'test', now: at }))
    const order = await placed(first, headers, { side: '1', type: '1', price: low.price, amount: '0.05' })
    expect(order.status).toBe(ORDER_STATUS.open)
    await first.app.close()

    clock.now = at + 3_600_000
    const second = await keptServer(location, clock)
    const done = await detail(second, headers, order.id)
    expect(done).toMatchObject({ status: ORDER_STATUS.filled, filled: '0.05', avgPrice: low.price })
    expect(done.fills).toEqual([
      expect.objectContaining({ price: low.price, amount: '0.05', at: low.second * 1000, role: FILL_ROLES.maker, counterparty: COUNTERPARTIES.market }),
    ])
    const paid = new BigNumber(done.fills[0].quoteAmount).plus(done.fills[0].fee)
    expect(await balanceOf(reader, userId, 1, 'USDT')).toEqual({ available: new BigNumber(10000).minus(paid).toFixed(), frozen: '0' })
    expect((await balanceOf(reader, userId, 1, 'BTC')).available).toBe('0.05')
    const written = await entries(reader)
    await second.app.close()
    const third = await keptServer(location, clock)
    expect(await entries(reader)).toBe(written)
    await third.app.close()
  })
})

describe('stop-limit', () => {
  let server: TestServer
  afterEach(() => server.close())

  it('triggers once, at the first instant the price reached it, with that instant’s price and book', async () => {
    server = await startServer()
    const start = server.clock.now
    const high = extremeAhead('btcusdt', start, 900, 'high')
    const last = lastAt('btcusdt', start)
    // Halfway from here to the high of the next 15 minutes: reached, but not at once.
    const trigger = new BigNumber(last).plus(high.price).div(2).toFixed(2, BigNumber.ROUND_UP)
    const reachedAt = firstSecond('btcusdt', start, (price) => price.isGreaterThanOrEqualTo(trigger))
    const limit = shifted(trigger, '0.002', 2)
    const { userId, headers } = await fundedUser(server, 'stop@spot.test', [{ currency: 'USDT', amount: '10000' }])
    const order = await placed(server, headers, { side: '1', type: '3', price: limit, triggerPrice: trigger, amount: '0.01' })
    expect(order).toMatchObject({ status: ORDER_STATUS.untriggered, triggerPrice: trigger })
    expect((await balanceOf(server, userId, 1, 'USDT')).frozen).not.toBe('0')

    server.clock.now = (reachedAt + 5) * 1000
    const done = await waitFor(async () => {
      const state = await detail(server, headers, order.id)
      return state.status === ORDER_STATUS.untriggered ? undefined : state
    })
    expect(done).toMatchObject({ triggeredAt: reachedAt * 1000, triggeredPrice: lastAt('btcusdt', reachedAt * 1000), status: ORDER_STATUS.filled })
    const asks = depthAt('btcusdt', reachedAt * 1000).asks.filter(([price]) => new BigNumber(price).isLessThanOrEqualTo(limit))
    expect(done.fills.map((fill: { price: string }) => fill.price)).toEqual(asks.slice(0, done.fills.length).map(([price]) => price))
    expect(done.fills.every((fill: { at: number }) => fill.at === reachedAt * 1000)).toBe(true)
    expect(sum(done.fills.map((fill: { amount: string }) => fill.amount)).toFixed()).toBe('0.01')

    const before = await snapshot(server)
    const db = openServerDb(server)
    try {
      const pass = createSpotPass({ db, now: () => server.clock.now, log: quiet }, spotFeed(createSimSource(DEFAULT_CONFIG.marketSeed, () => server.clock.now), true))
      expect((await pass()).acted).toBe(0)
    } finally {
      await db.close()
    }
    expect(await snapshot(server)).toEqual(before)
    expect(before.differences).toEqual([])
  })
})
