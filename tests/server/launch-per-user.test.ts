// The launchpad's allocation is per user on the real server: a user who splits 80 into 40 + 4 × 10
// gets what another gets for 80 in one subscription (33.03 each of 242.2 asked for 100; per
// subscription the splitter got 32.99). Each subscription still carries its own allocation and
// refund, one ledger entry and one message each, and the ledger's check stays clean.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LAUNCH_PATHS } from '../../src/contract/launch.ts'
import { launchPass } from '../../server/launch/pass.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import { type Funded, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { addProject, messagesOf, ok, spot, subscribeCall, subscriber, type Timeline } from './launch-support.ts'

const T0 = Date.UTC(2026, 7, 1, 8, 0, 0)
let server: TestServer
let project: { id: string } & Timeline
let splitter: Funded
let whole: Funded

beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
  project = await addProject(server, { symbol: 'PAIR' })
  splitter = await subscriber(server, 'splitter@launch.test', '100')
  whole = await subscriber(server, 'whole@launch.test', '100')
  server.clock.now = project.joinStart
  await ok(subscribeCall(server, splitter, project.id, '40'))
  for (let i = 0; i < 4; i++) await ok(subscribeCall(server, splitter, project.id, '10'))
  await ok(subscribeCall(server, whole, project.id, '80'))
  // Two more subscribers make it 242.2 asked for 100, where 80 is worth 33.0305…
  await ok(subscribeCall(server, await subscriber(server, 'third@launch.test', '100'), project.id, '80'))
  await ok(subscribeCall(server, await subscriber(server, 'small@launch.test', '100'), project.id, '2.2'))
  server.clock.now = project.joinEnd
  await withDb(server, async (db) => await launchPass(db, project.joinEnd))
})
afterAll(() => server.close())

type Row = { quantity: string; allocated: string; refunded: string; status: string }
const mine = async (who: Funded): Promise<Row[]> =>
  (await ok(server.post(LAUNCH_PATHS.mine, { projectId: project.id }, who.headers))).list.map(({ quantity, allocated, refunded, status }: Row) => ({ quantity, allocated, refunded, status }))

describe('allocation per user', () => {
  it('gives 40 + 4 × 10 the same 33.03 as 80 in one subscription, each subscription with its share and refund', async () => {
    // Newest first: the four 10s get 4.12875 → 4.12 plus one of the units left each; the 40 16.515 → 16.51.
    expect(await mine(splitter)).toEqual([
      ...Array.from({ length: 4 }, () => ({ quantity: '10', allocated: '4.13', refunded: '2.935', status: 'allocated' })),
      { quantity: '40', allocated: '16.51', refunded: '11.745', status: 'allocated' },
    ])
    expect(await mine(whole)).toEqual([{ quantity: '80', allocated: '33.03', refunded: '23.485', status: 'allocated' }])
    await withDb(server, async (db) => {
      for (const who of [splitter, whole]) {
        expect(await spot(db, who.userId, 'PAIR')).toEqual({ available: '0', frozen: '33.03' })
        expect(await spot(db, who.userId, 'USDT')).toEqual({ available: '83.485', frozen: '0' })
      }
    })
  })

  it('keeps one ledger entry and one message per subscription, never more than for sale, the ledger clean', async () => {
    await withDb(server, async (db) => {
      expect((await db.get("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'launch_allocate' AND memo LIKE 'launch allocation PAIR #%'"))?.n).toBe(8)
      const issued = (await db.all("SELECT amount FROM ledger_postings WHERE system = 'launch' AND currency = 'PAIR'")).reduce((sum, row) => sum.minus(String(row.amount)), new BigNumber(0))
      // 33.03 × 3 + 0.9 = 99.99: a unit of dust stays with the project.
      expect(issued.toFixed()).toBe('99.99')
      expect((await messagesOf(db, splitter.userId, 'launchAllocation')).map((params) => params.amount)).toEqual(['16.51', '4.13', '4.13', '4.13', '4.13'])
      expect(await verifyLedger(db)).toEqual([])
    })
  })
})
