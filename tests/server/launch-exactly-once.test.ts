// Exactly once with several processes on one database: many subscribers in several oversubscribed
// projects; at the end four worker threads (each its own connection, as other servers would be),
// the server's own timer and a pass on yet another connection all race. Every project is
// allocated once, every subscription settled once (one allocation entry each), and the same for
// the unlock; a restart (a new server on the same DATA_DIR) finds nothing left. Then fast-check
// runs random subscriptions through the real server: allocated ≤ for sale, allocation + refund =
// frozen for every subscriber, per-user caps, and the ledger clean.
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../server/app.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { launchPass } from '../../server/launch/pass.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { type Funded, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { addProject, ok, subscribeCall, subscriber } from './launch-support.ts'

let server: TestServer
const T0 = Date.UTC(2026, 6, 1, 0, 0, 0)

beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
})
afterAll(() => server.close())

type PassAnswer = { allocated: number; unlocked: number; errors: string[] }

async function race(now: number): Promise<PassAnswer[]> {
  const workers = Array.from({ length: 4 }, () => new Worker(new URL('./launch-pass-worker.ts', import.meta.url), { workerData: { location: server.database, now, passes: 3 } }))
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))))
  const results = workers.map((worker) => new Promise<PassAnswer>((resolve) => worker.once('message', resolve)))
  for (const worker of workers) worker.postMessage({ go: true }, [])
  server.clock.now = now
  const mine = await withDb(server, async (db) => await launchPass(db, now))
  const done = await Promise.all(results)
  await Promise.all(workers.map((worker) => worker.terminate()))
  await new Promise((resolve) => setTimeout(resolve, 600)) // the server's own ticks
  return [...done, { ...mine, errors: [] }]
}

const count = (sql: string): Promise<number> => withDb(server, async (db) => Number((await db.get(sql))?.n))

describe('exactly once', () => {
  it('allocates and unlocks once across racing connections and a restart', async () => {
    const projects = await Promise.all(['ONEA', 'TWOB', 'THRC'].map((symbol) => addProject(server, { symbol, joinStart: T0, forSale: '50', maxPerUser: '40' })))
    const users: Funded[] = []
    for (let i = 0; i < 12; i++) users.push(await subscriber(server, `racer${i}@launch.test`, '100'))
    for (const [i, user] of users.entries()) {
      await Promise.all(projects.map((project, p) => ok(subscribeCall(server, user, project.id, String(3 + ((i + p) % 7))))))
    }
    const [first] = projects
    if (!first) throw new Error('no project')
    const allocation = await race(first.joinEnd)
    expect(allocation.flatMap((answer) => answer.errors)).toEqual([])
    // The server's ticks may have taken some: whatever the split, three projects were allocated once.
    expect(allocation.reduce((sum, answer) => sum + answer.allocated, 0)).toBeLessThanOrEqual(3)
    expect(await count("SELECT count(*) AS n FROM launch_projects WHERE state = 'allocated' AND symbol IN ('ONEA', 'TWOB', 'THRC')")).toBe(3)
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'launch_allocate' AND (memo LIKE 'launch allocation ONEA #%' OR memo LIKE 'launch allocation TWOB #%' OR memo LIKE 'launch allocation THRC #%')")).toBe(36)
    expect(await count("SELECT count(*) AS n FROM launch_subscriptions WHERE status = 'pending'")).toBe(0)

    const unlock = await race(first.unlockAt)
    expect(unlock.flatMap((answer) => answer.errors)).toEqual([])
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'launch_unlock'")).toBe(36)

    // A restart: a new server on the same file runs its start pass and finds nothing to do.
    const again = await buildServer({ config: { ...DEFAULT_CONFIG, dataDir: server.dataDir, databaseUrl: server.database.databaseUrl, staticDir: join(server.dataDir, 'dist'), stepUpSeconds: 0 }, now: () => first.unlockAt + 1000 })
    await again.close()
    // 72 and the seeded demo allocation (its unlock is a month after the real start, not yet).
    expect(await count("SELECT count(*) AS n FROM ledger_entries WHERE kind IN ('launch_allocate', 'launch_unlock')")).toBe(72 + 1)
    await withDb(server, async (db) => expect(await verifyLedger(db)).toEqual([]))
  })
})

describe('allocation through the server (fast-check)', () => {
  it('allocated ≤ for sale, allocation + refund = frozen, caps respected, ledger clean', async () => {
    let round = 0
    const start = server.clock.now
    const users: Funded[] = []
    for (let i = 0; i < 5; i++) users.push(await subscriber(server, `prop${i}@launch.test`, '100000'))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 100, max: 4000 })), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 200 }),
        async (asks, forSaleUnits) => {
          round++
          server.clock.now = start + 3 * 3_600_000 * round
          const project = await addProject(server, {
            symbol: `P${round}X`, joinStart: server.clock.now, warmupStart: server.clock.now, forSale: new BigNumber(forSaleUnits).shiftedBy(-1).toFixed(),
            minPerUser: '0.01', maxPerUser: new BigNumber(forSaleUnits).shiftedBy(-1).toFixed(), price: '0.3', precision: 2,
          })
          const asked = new Map<number, BigNumber>()
          for (const [who, units] of asks) {
            const user = users[who] as Funded
            const quantity = new BigNumber(units).shiftedBy(-2).toFixed()
            const answer = await subscribeCall(server, user, project.id, quantity)
            if (answer.json.code === 1) asked.set(user.userId, (asked.get(user.userId) ?? new BigNumber(0)).plus(quantity))
            else expect(answer.json.msg).toBe('The quantity is above the maximum per user')
          }
          await withDb(server, async (db) => await launchPass(db, project.joinEnd))
          const rows = await withDb(server, async (db) => await db.all('SELECT * FROM launch_subscriptions WHERE project_id = ?', Number(project.id)))
          let given = new BigNumber(0)
          for (const row of rows) {
            given = given.plus(String(row.allocated))
            expect(new BigNumber(String(row.allocated)).times('0.3').plus(String(row.refunded)).toFixed()).toBe(String(row.frozen))
            expect(new BigNumber(String(row.allocated)).isLessThanOrEqualTo(String(row.quantity))).toBe(true)
          }
          expect(given.isLessThanOrEqualTo(new BigNumber(forSaleUnits).shiftedBy(-1))).toBe(true)
          for (const total of asked.values()) expect(total.isLessThanOrEqualTo(new BigNumber(forSaleUnits).shiftedBy(-1))).toBe(true)
          await withDb(server, async (db) => expect(await verifyLedger(db)).toEqual([]))
        },
      ),
      { numRuns: 15 },
    )
  })
})
