// Settlement against the deterministic feed: up and down orders that win, lose and draw, each with
// exact balances, ledger postings, 'house' and 'fees' totals and asset record; the settlement price
// is the feed's price at the due instant whenever the pass runs; nothing settles early, and an
// order settles within a second of its due time.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { SECONDS_RESULTS } from '../../src/contract/seconds.ts'
import { systemTotals } from '../../server/ledger/verify.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import type { TestServer } from './harness.ts'
import { findInstant, type Move, orderById, place, priceAt, settled, startSecondsServer, waitFor } from './seconds-support.ts'

let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startSecondsServer()
  user = await fundedUser(server, 'trader@seconds.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
  await withDb(server, (db) => db.run("UPDATE params SET value = '0.01' WHERE name = 'contract_second_fee_rate'"))
})
afterAll(() => server.close())

const contract = () => balanceOf(server, user.userId, 2, 'USDT')
const system = async (name: string) => new BigNumber((await withDb(server, systemTotals)).get(`${name}:USDT`) ?? '0')
const settleEntry = (orderId: string) =>
  withDb(server, async (db) => {
    const row = await db.get('SELECT settle_entry_id AS id FROM seconds_orders WHERE id = ?', Number(orderId))
    const entry = await db.get('SELECT kind FROM ledger_entries WHERE id = ?', Number(row?.id))
    const postings = (await db.all('SELECT coalesce(system, bucket) AS account, amount FROM ledger_postings WHERE entry_id = ? ORDER BY id', Number(row?.id)))
      .map((posting) => `${String(posting.account)} ${String(posting.amount)}`)
    return { kind: entry?.kind, postings }
  })

// 12.3456789 USDT at the test duration (5 s, rate 0.8) with a 1 % fee.
const STAKE = '12.3456789'
const FEE = '0.12345678'
const PAYOUT = '9.87654312'

type Case = [tradeType: '1' | '2', move: Move, result: number]
const CASES: Case[] = [
  ['1', 'up', SECONDS_RESULTS.win],
  ['1', 'down', SECONDS_RESULTS.lose],
  ['1', 'flat', SECONDS_RESULTS.draw],
  ['2', 'down', SECONDS_RESULTS.win],
  ['2', 'up', SECONDS_RESULTS.lose],
  ['2', 'flat', SECONDS_RESULTS.draw],
]

describe('an order settles against the feed at its due instant', () => {
  it.each(CASES)('tradeType %s, price %s → result %i, with exact money', async (tradeType, move, result) => {
    const openAt = findInstant('btcusdt', 5, move, server.clock.now + 1000)
    server.clock.now = openAt
    const before = await contract()
    const [house, fees] = [await system('house'), await system('fees')]

    const placed = await place(server, user.headers, { openAmount: STAKE, positionTime: '5', tradeType })
    expect(placed.json).toMatchObject({ code: 200, msg: 'success' })
    const order = placed.json.result
    expect(order).toMatchObject({
      baseCoin: 'BTC', quoteCoin: 'USDT', tradeType: Number(tradeType), openAmount: STAKE, fee: FEE, positionTime: 5,
      incomeRate: '0.8', openTime: openAt, settleTime: openAt + 5000, openPrice: priceAt('btcusdt', openAt),
      settlePrice: '', status: 1, result: null, profit: '',
    })
    expect(await contract()).toEqual({
      available: new BigNumber(before.available).minus(STAKE).minus(FEE).toFixed(),
      frozen: new BigNumber(before.frozen).plus(STAKE).toFixed(),
    })

    // A millisecond before the due instant nothing happens, however many ticks pass.
    server.clock.now = openAt + 4999
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect((await orderById(server, user.headers, order.id)).status).toBe(1)

    // At the due instant it settles within a second of real time.
    server.clock.now = openAt + 5000
    const done = await settled(server, user.headers, order.id, 1000)
    const profit = result === SECONDS_RESULTS.win ? PAYOUT : result === SECONDS_RESULTS.lose ? `-${STAKE}` : '0'
    expect(done).toMatchObject({ status: 2, result, profit, settlePrice: priceAt('btcusdt', openAt + 5000), openPrice: order.openPrice })

    const back = result === SECONDS_RESULTS.win ? new BigNumber(STAKE).plus(PAYOUT) : result === SECONDS_RESULTS.lose ? new BigNumber(0) : new BigNumber(STAKE)
    expect(await contract()).toEqual({
      available: new BigNumber(before.available).minus(STAKE).minus(FEE).plus(back).toFixed(),
      frozen: before.frozen,
    })
    expect((await system('fees')).minus(fees).toFixed()).toBe(FEE)
    const houseChange = result === SECONDS_RESULTS.win ? `-${PAYOUT}` : result === SECONDS_RESULTS.lose ? STAKE : '0'
    expect((await system('house')).minus(house).toFixed()).toBe(houseChange)

    const entry = await settleEntry(order.id)
    if (result === SECONDS_RESULTS.win) {
      expect(entry).toEqual({ kind: 'seconds_win', postings: [`frozen -${STAKE}`, 'available 22.22222202', `house -${PAYOUT}`] })
    } else if (result === SECONDS_RESULTS.lose) {
      expect(entry).toEqual({ kind: 'seconds_loss', postings: [`frozen -${STAKE}`, `house ${STAKE}`] })
    } else {
      expect(entry).toEqual({ kind: 'seconds_draw', postings: [`frozen -${STAKE}`, `available ${STAKE}`] })
    }

    const records = await server.post(ASSET_PATHS.records, { accountType: '2', tradeType: String(RECORD_TYPES.contract), pageSize: '1' }, user.headers)
    expect(records.json.data.list[0]).toMatchObject({
      accountType: 2, tradeType: RECORD_TYPES.contract, currency: 'USDT', amount: `-${STAKE}`, fee: FEE,
      actualArrival: back.toFixed(), status: RECORD_STATUS.finished,
    })
    expect(records.json.data.list[0].info).toContain(`#${order.id} BTC/USDT`)
    expect(records.json.data.list[0].info).toContain(`profit ${result === SECONDS_RESULTS.win ? '+' : ''}${profit}`)
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('uses the price of the due instant even when the pass runs an hour late', async () => {
    const openAt = findInstant('ethusdt', 60, 'up', server.clock.now + 1000)
    server.clock.now = openAt
    const placed = await place(server, user.headers, { openAmount: '20', baseCoin: 'ETH', positionTime: '60', tradeType: '2' })
    expect(placed.json.code).toBe(200)
    const late = openAt + 60_000 + 3_600_000
    // The test means something only if the price an hour later differs from the due instant's.
    expect(priceAt('ethusdt', late)).not.toBe(priceAt('ethusdt', openAt + 60_000))
    server.clock.now = late
    const done = await settled(server, user.headers, placed.json.result.id)
    expect(done).toMatchObject({ settlePrice: priceAt('ethusdt', openAt + 60_000), result: SECONDS_RESULTS.lose, profit: '-20' })
    const settledAt = await withDb(server, async (db) => (await db.get('SELECT settled_at FROM seconds_orders WHERE id = ?', Number(done.id)))?.settled_at)
    expect(settledAt).toBe(late)
    expect((await snapshot(server)).differences).toEqual([])
  })

  it('settles orders of several pairs and durations due at once, each at its own instant', async () => {
    const openAt = server.clock.now + 1000
    server.clock.now = openAt
    const orders = [
      { baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: '30', tradeType: '1' },
      { baseCoin: 'DOGE', quoteCoin: 'USDT', positionTime: '60', tradeType: '2' },
      { baseCoin: 'XRP', quoteCoin: 'USDT', positionTime: '5', tradeType: '1' },
    ]
    const ids: string[] = []
    for (const fields of orders) {
      const answer = await place(server, user.headers, { openAmount: '10', ...fields })
      expect(answer.json.code).toBe(200)
      ids.push(answer.json.result.id)
    }
    server.clock.now = openAt + 61_000
    for (const [i, fields] of orders.entries()) {
      const done = await settled(server, user.headers, ids[i] ?? '')
      const symbol = `${fields.baseCoin}${fields.quoteCoin}`.toLowerCase()
      expect(done.settlePrice).toBe(priceAt(symbol, openAt + Number(fields.positionTime) * 1000))
    }
    await waitFor(async () => ((await contract()).frozen === '0' ? true : undefined))
    expect((await snapshot(server)).differences).toEqual([])
  })
})
