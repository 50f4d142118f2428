// The launchpad end to end on the real server with an injected clock: phase boundaries 1 ms either
// side, per-user limits adding up, the allocation (pro rata, dust kept, refunds) exactly once even
// with a racing pass on a second connection and a pass as a restart would run it, the unlock at
// its instant, the sale with its exact postings to burn and stakers, the spot account listing the
// new coin, and the ledger's check clean after all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES, ASSET_PATHS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { LAUNCH_PATHS } from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { launchPass } from '../../server/launch/pass.ts'
import { verifyLedger } from '../../server/ledger/verify.ts'
import type { Funded } from './assets-support.ts'
import { withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { addProject, messagesOf, ok, postingsOf, sellCall, spot, subscribeCall, subscriber, type Timeline } from './launch-support.ts'

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0)
let server: TestServer
let alice: Funded
let bob: Funded
let project: { id: string } & Timeline

beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
  project = await addProject(server)
  alice = await subscriber(server, 'alice@launch.test', '100')
  bob = await subscriber(server, 'bob@launch.test', '100')
})
afterAll(() => server.close())

const at = (instant: number) => {
  server.clock.now = instant
}

describe('joining', () => {
  it('opens at joinStart and not 1 ms before', async () => {
    at(project.joinStart - 1)
    expect((await subscribeCall(server, alice, project.id, '10')).json.msg).toBe(SERVER_MESSAGES.launchNotJoining)
    const detail = await ok(server.post(LAUNCH_PATHS.detail, { id: project.id }))
    expect(detail.project.phase).toBe('warmup')
    expect(detail.serverTime).toBe(project.joinStart - 1)
    expect(detail.terms).toEqual({ feeRate: '0.1', burnRate: '0.025' })
    // The description in the caller's language (accept-language), English otherwise.
    const described = async (language: string) => (await ok(server.post(LAUNCH_PATHS.detail, { id: project.id }, { 'accept-language': language }))).project.description
    expect([await described('zh-CN,zh;q=0.9'), await described('ko-KR'), await described('ja'), await described('fr-FR')]).toEqual(['中文', '한국어', '日本語', 'English'])
    at(project.joinStart)
    const first = await ok(subscribeCall(server, alice, project.id, '10'))
    expect(first).toMatchObject({ quantity: '10', frozen: '5', status: 'pending', tag: null, allocated: null })
    expect(await withDb(server, async (db) => await spot(db, alice.userId, 'USDT'))).toEqual({ available: '95', frozen: '5' })
  })

  it('adds one user’s subscriptions up within the maximum, checks the minimum and the precision', async () => {
    at(project.joinStart + 1000)
    expect((await subscribeCall(server, alice, project.id, '70.01')).json.msg).toBe(SERVER_MESSAGES.launchAboveMaximum)
    expect((await subscribeCall(server, alice, project.id, '0.5')).json.msg).toBe(SERVER_MESSAGES.amountBelowMinimum)
    expect((await subscribeCall(server, alice, project.id, '1.001')).json.msg).toBe(SERVER_MESSAGES.launchTooPrecise)
    // A retry with the same key is a replay, not a second subscription.
    const key = { [IDEMPOTENCY_HEADER]: 'alice-second-0001' }
    const second = await subscribeCall(server, alice, project.id, '50', key)
    const again = await subscribeCall(server, alice, project.id, '50', key)
    expect(again.text).toBe(second.text)
    expect((await ok(server.post(LAUNCH_PATHS.detail, { id: project.id }, alice.headers))).project.mine).toBe('60')
    expect((await subscribeCall(server, alice, project.id, '20.01')).json.msg).toBe(SERVER_MESSAGES.launchAboveMaximum)
    expect((await subscribeCall(server, bob, project.id, '80')).json.code).toBe(1)
    // Bob has 60 USDT left: 80 more tokens' worth is not there (and above the max anyway).
    expect((await subscribeCall(server, bob, project.id, '1')).json.msg).toBe(SERVER_MESSAGES.launchAboveMaximum)
  })

  it('refuses a user whose identity is not verified, and moves nothing (spec §6)', async () => {
    const stranger = await subscriber(server, 'unverified@launch.test', '100', { verified: false })
    expect((await subscribeCall(server, stranger, project.id, '10')).json.msg).toBe(SERVER_MESSAGES.kycRequired)
    expect(await withDb(server, async (db) => await spot(db, stranger.userId, 'USDT'))).toEqual({ available: '100', frozen: '0' })
    expect((await ok(server.post(LAUNCH_PATHS.mine, {}, stranger.headers))).sum).toBe(0)
  })

  it('refuses without enough USDT', async () => {
    const poor = await subscriber(server, 'poor@launch.test', '1')
    expect((await subscribeCall(server, poor, project.id, '3')).json.msg).toBe(SERVER_MESSAGES.insufficientBalance)
    expect(await withDb(server, async (db) => await spot(db, poor.userId, 'USDT'))).toEqual({ available: '1', frozen: '0' })
  })

  it('closes at joinEnd, still open 1 ms before', async () => {
    at(project.joinEnd - 1)
    expect((await ok(server.post(LAUNCH_PATHS.detail, { id: project.id }))).project.phase).toBe('joining')
    expect(await withDb(server, async (db) => await launchPass(db, project.joinEnd - 1))).toEqual({ allocated: 0, unlocked: 0 })
    at(project.joinEnd)
    expect((await subscribeCall(server, bob, project.id, '1')).json.msg).toBe(SERVER_MESSAGES.launchNotJoining)
  })
})

describe('allocation', () => {
  it('happens once, pro rata, across a racing pass and a restart', async () => {
    // Two connections pass at the end: one allocates, the other finds nothing; then a pass as a
    // restart would run it finds nothing either.
    const results = [await withDb(server, async (db) => await launchPass(db, project.joinEnd)), await withDb(server, async (db) => await launchPass(db, project.joinEnd + 5))]
    await new Promise((resolve) => setTimeout(resolve, 400)) // the server's own timer passes too
    results.push(await withDb(server, async (db) => await launchPass(db, project.joinEnd + 10)))
    const allocated = results.reduce((sum, result) => sum + result.allocated, 0)
    expect(allocated).toBeLessThanOrEqual(1)
    const mine = await ok(server.post(LAUNCH_PATHS.mine, {}, alice.headers))
    expect(mine.sum).toBe(2)
    // 140 asked for 100: alice's 50 → 35.71 (truncated), her 10 → 7.14; bob's 80 → 57.14.
    expect(mine.list.map((s: { allocated: string; refunded: string; tag: string }) => [s.allocated, s.refunded, s.tag])).toEqual([
      ['35.71', '7.145', 'LOCKED'],
      ['7.14', '1.43', 'LOCKED'],
    ])
    expect(await withDb(server, async (db) => await Promise.all([spot(db, alice.userId, 'USDT'), spot(db, alice.userId, 'NOVA'), spot(db, bob.userId, 'NOVA')]))).toEqual([
      { available: '78.575', frozen: '0' },
      { available: '0', frozen: '42.85' },
      { available: '0', frozen: '57.14' },
    ])
    // Dust (100 − 99.99) stays with the project: the pool issued exactly what was given.
    await withDb(server, async (db) => {
      expect((await db.get("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'launch_allocate' AND memo LIKE 'launch allocation NOVA %'"))?.n).toBe(3)
      const issued = (await db.all("SELECT amount FROM ledger_postings WHERE system = 'launch' AND currency = 'NOVA'")).map((row) => String(row.amount))
      expect(issued.toSorted()).toEqual(['-35.71', '-57.14', '-7.14'])
      expect(await verifyLedger(db)).toEqual([])
    })
    const rows = await ok(server.post(ASSET_PATHS.accounts, { accountType: String(ACCOUNT_TYPES.spot) }, alice.headers))
    expect(rows.at(-1)).toEqual({ currencyName: 'NOVA', availableCurrency: '0', frozenCurrency: '42.85' })
    const records = await ok(server.post(ASSET_PATHS.records, { currency: 'NOVA' }, alice.headers))
    expect(records.list.map((r: { tradeType: number; amount: string }) => [r.tradeType, r.amount])).toEqual([[RECORD_TYPES.launch, '35.71'], [RECORD_TYPES.launch, '7.14']])
    // One inbox message per allocated subscription, with what was given and refunded, however many passes ran.
    const allocations = await withDb(server, async (db) => await messagesOf(db, alice.userId, 'launchAllocation'))
    expect(allocations.map(({ amount, currency, refund }) => [amount, currency, refund]).toSorted()).toEqual([
      ['35.71', 'NOVA', '7.145'],
      ['7.14', 'NOVA', '1.43'],
    ])
    // A transfer of a launched coin stays refused.
    expect((await server.post(ASSET_PATHS.transfer, { currency: 'NOVA', amount: '1', type: '1' }, alice.headers)).json.msg).toBe(SERVER_MESSAGES.unknownCurrency)
  })

  it('refuses a sale while locked', async () => {
    const [latest] = (await ok(server.post(LAUNCH_PATHS.mine, {}, alice.headers))).list
    expect((await sellCall(server, alice, latest.id, '1')).json.msg).toBe(SERVER_MESSAGES.launchNotSellable)
  })
})

describe('unlock and sale', () => {
  it('unlocks at its instant, not 1 ms before', async () => {
    expect((await withDb(server, async (db) => await launchPass(db, project.unlockAt - 1))).unlocked).toBe(0)
    at(project.unlockAt)
    const passes = [await withDb(server, async (db) => await launchPass(db, project.unlockAt)), await withDb(server, async (db) => await launchPass(db, project.unlockAt))]
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(passes[1]?.unlocked).toBe(0)
    expect(await withDb(server, async (db) => await spot(db, alice.userId, 'NOVA'))).toEqual({ available: '42.85', frozen: '0' })
    const tags = (await ok(server.post(LAUNCH_PATHS.mine, {}, alice.headers))).list.map((s: { tag: string; sellable: string }) => [s.tag, s.sellable])
    expect(tags).toEqual([['HOLD', '35.71'], ['HOLD', '7.14']])
    expect(await withDb(server, async (db) => (await messagesOf(db, alice.userId, 'launchUnlock')).map((params) => params.amount).toSorted())).toEqual(['35.71', '7.14'])
  })

  it('sells back at the listing price: 2.5 % burned, 7.5 % to stakers, exact postings, SELLED', async () => {
    const [, older] = (await ok(server.post(LAUNCH_PATHS.mine, {}, alice.headers))).list
    expect((await sellCall(server, alice, older.id, '7.15')).json.msg).toBe(SERVER_MESSAGES.launchSellTooMuch)
    const sale = await ok(sellCall(server, alice, older.id, '7.14', { [IDEMPOTENCY_HEADER]: 'alice-sale-000001' }))
    expect(sale).toMatchObject({ gross: '3.57', fee: '0.357', burn: '0.08925', stakers: '0.26775', net: '3.213' })
    expect(sale.subscription).toMatchObject({ tag: 'SELLED', sold: '7.14', proceeds: '3.213', fee: '0.357', sellable: '0' })
    const replay = await sellCall(server, alice, older.id, '7.14', { [IDEMPOTENCY_HEADER]: 'alice-sale-000001' })
    expect(replay.json.data.net).toBe('3.213')
    await withDb(server, async (db) => {
      expect(await postingsOf(db, 'launch_sell')).toEqual([
        [`user${alice.userId}:available NOVA -7.14`, 'launch NOVA 7.14', 'launch USDT -3.57', `user${alice.userId}:available USDT 3.213`, 'burn USDT 0.08925', 'stakers USDT 0.26775'],
      ])
      expect(await spot(db, alice.userId, 'USDT')).toEqual({ available: '81.788', frozen: '0' })
      expect(await verifyLedger(db)).toEqual([])
    })
    expect((await sellCall(server, alice, older.id, '1')).json.msg).toBe(SERVER_MESSAGES.launchNotSellable)
  })

  it('lists the launched coin with its listing price', async () => {
    expect(await ok(server.post(LAUNCH_PATHS.coins, {}))).toContainEqual({ symbol: 'NOVA', name: 'Nova Test', logo: `/bb/launch/logo?id=${project.id}`, price: '0.5', precision: 2 })
  })
})

describe('cancel', () => {
  it('refunds every subscriber once, and a cancelled project cannot be joined', async () => {
    const { cancelProject } = await import('../../server/launch/pass.ts')
    const other = await addProject(server, { symbol: 'CNCL', warmupStart: server.clock.now - 2000, joinStart: server.clock.now - 1000, joinEnd: server.clock.now + 3_600_000 })
    const carol = await subscriber(server, 'carol@launch.test', '50')
    await ok(subscribeCall(server, carol, other.id, '20'))
    await ok(subscribeCall(server, carol, other.id, '30'))
    expect(await withDb(server, async (db) => await spot(db, carol.userId, 'USDT'))).toEqual({ available: '25', frozen: '25' })
    const done = [await withDb(server, (db) => cancelProject(db, Number(other.id), server.clock.now)), await withDb(server, (db) => cancelProject(db, Number(other.id), server.clock.now))]
    expect(done).toEqual([true, false])
    expect(await withDb(server, async (db) => await spot(db, carol.userId, 'USDT'))).toEqual({ available: '50', frozen: '0' })
    expect((await subscribeCall(server, carol, other.id, '20')).json.msg).toBe(SERVER_MESSAGES.launchNotJoining)
    const list = (await ok(server.post(LAUNCH_PATHS.mine, {}, carol.headers))).list
    expect(list.map((s: { status: string; refunded: string; phase: string }) => [s.status, s.refunded, s.phase])).toEqual([
      ['refunded', '15', 'cancelled'],
      ['refunded', '10', 'cancelled'],
    ])
    // The pass never allocates a cancelled project, even after its end.
    expect((await withDb(server, async (db) => await launchPass(db, other.joinEnd + 1))).allocated).toBe(0)
    await withDb(server, async (db) => expect(await verifyLedger(db)).toEqual([]))
  })
})
