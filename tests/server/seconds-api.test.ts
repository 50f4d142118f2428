// The seconds calls' answers: the configuration (and the operator's edits of it), an order's
// shape and its money, idempotency keys, the order list's paging and filters, and ids that are
// not the caller's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import type { AppContext } from '../../server/context.ts'
import { runCommand } from '../../server/admin/commands.ts'
import { readConfig } from '../../server/config.ts'
import { balanceOf, type Funded, fundedUser, snapshot, withDb } from './assets-support.ts'
import type { TestServer } from './harness.ts'
import { place, priceAt, settled, startSecondsServer, waitFor } from './seconds-support.ts'

const M = SERVER_MESSAGES
let server: TestServer
let user: Funded
beforeAll(async () => {
  server = await startSecondsServer()
  user = await fundedUser(server, 'api@seconds.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }, { currency: 'BTC', amount: '25', accountType: 2 }])
})
afterAll(() => server.close())

const DEFAULTS = [
  { second: 5, incomeRate: '0.8', openAmountMin: '10' },
  { second: 30, incomeRate: '0.8', openAmountMin: '10' },
  { second: 60, incomeRate: '0.85', openAmountMin: '10' },
  { second: 120, incomeRate: '0.9', openAmountMin: '50' },
  { second: 300, incomeRate: '0.95', openAmountMin: '100' },
]
const admin = (...args: string[]) => withDb(server, (db) => runCommand({ db } as AppContext, 'seconds', args))

describe('getConfig', () => {
  it('answers the durations to anyone, with the test duration first', async () => {
    expect((await server.post(SECONDS_PATHS.config)).json).toEqual({ code: 200, msg: 'success', result: DEFAULTS })
    const json = await server.postRaw(SECONDS_PATHS.config, '{}', { 'content-type': 'application/json', ...user.headers })
    expect(json.json.result).toEqual(DEFAULTS)
  })

  it('follows the operator’s edits at once, and refuses nonsense', async () => {
    expect(await admin('set', '45', '0.82', '20')).toMatchObject({ exitCode: 0, out: 'offering 45s at rate 0.82, minimum 20' })
    expect((await server.post(SECONDS_PATHS.config)).json.result).toContainEqual({ second: 45, incomeRate: '0.82', openAmountMin: '20' })
    expect((await admin('set', '45', '0.9', '25')).exitCode).toBe(0)
    expect((await admin('list')).out).toContain('45s\trate 0.9\tmin 25')
    for (const args of [['0', '0.8', '1'], ['86401', '0.8', '1'], ['45', '10', '1'], ['45', '-1', '1'], ['45', '0.8', '1e3'], ['45', '0.8', '0.000000001']]) {
      expect((await admin('set', ...args)).exitCode, args.join(' ')).toBe(1)
    }
    expect((await admin('set', '45')).exitCode).toBe(2)
    expect(await admin('remove', '45')).toMatchObject({ exitCode: 0 })
    expect((await admin('remove', '45')).exitCode).toBe(1)
    expect((await server.post(SECONDS_PATHS.config)).json.result).toEqual(DEFAULTS)
  })
})

describe('SECONDS_EXTRA_DURATION', () => {
  it('is off unless set, and must be whole seconds from 1 to a day', () => {
    expect(readConfig({}).secondsExtraDuration).toBeUndefined()
    expect(readConfig({ SECONDS_EXTRA_DURATION: '5' }).secondsExtraDuration).toBe(5)
    for (const bad of ['0', '-5', '2.5', 'five', '86401']) expect(() => readConfig({ SECONDS_EXTRA_DURATION: bad }), bad).toThrow(/SECONDS_EXTRA_DURATION/)
  })
})

describe('createOrder', () => {
  it('answers the order, accepts coins in any case, and works on a BTC-quoted pair', async () => {
    const answer = await place(server, user.headers, { openAmount: '10.5', baseCoin: 'eth', quoteCoin: 'usdt', positionTime: '60', tradeType: '2' })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      code: 200,
      msg: 'success',
      result: {
        id: expect.any(String), baseCoin: 'ETH', quoteCoin: 'USDT', tradeType: 2, openAmount: '10.5', fee: '0', positionTime: 60,
        incomeRate: '0.85', openTime: server.clock.now, settleTime: server.clock.now + 60_000, openPrice: priceAt('ethusdt', server.clock.now),
        settlePrice: '', status: 1, result: null, profit: '',
      },
    })
    // The minimum is stated in the pair's quote coin, BTC here.
    const onBtc = await place(server, user.headers, { openAmount: '10', baseCoin: 'ETH', quoteCoin: 'BTC', positionTime: '5', tradeType: '1' })
    expect(onBtc.json.result).toMatchObject({ quoteCoin: 'BTC', openAmount: '10', openPrice: priceAt('ethbtc', server.clock.now) })
    expect(await balanceOf(server, user.userId, 2, 'BTC')).toEqual({ available: '15', frozen: '10' })
    expect(await balanceOf(server, user.userId, 2, 'USDT')).toEqual({ available: '989.5', frozen: '10.5' })
  })

  it('moves money once for one idempotency key sent ten times at once, and refuses the key for another order', async () => {
    const headers = { ...user.headers, [IDEMPOTENCY_HEADER]: 'order-tap-0001' }
    const fields = { openAmount: '12', positionTime: '30', tradeType: '1' }
    const before = await snapshot(server)
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(server, headers, fields)))
    expect(answers[0]?.json.code).toBe(200)
    for (const answer of answers) expect(answer.text).toBe(answers[0]?.text)
    const after = await snapshot(server)
    expect(after.entries).toBe(before.entries + 1)
    expect(after.records).toBe(before.records + 1)
    const reused = await place(server, headers, { ...fields, openAmount: '13' })
    expect(reused.json).toEqual({ code: 0, msg: M.idempotencyKeyReused, result: null })
    const malformed = await place(server, { ...user.headers, [IDEMPOTENCY_HEADER]: 'bad key' }, fields)
    expect(malformed.status).toBe(400)
    expect(malformed.json).toEqual({ code: 0, msg: M.invalidIdempotencyKey, result: null })
    // The replay after settlement still answers the order as it was placed, and moves nothing.
    server.clock.advance(31)
    await settled(server, user.headers, answers[0]?.json.result.id)
    const settledState = await snapshot(server)
    expect((await place(server, headers, fields)).text).toBe(answers[0]?.text)
    expect(await snapshot(server)).toEqual(settledState)
  })
})

describe('getContractRecord and getContractRecordById', () => {
  it('page the caller’s own orders newest first, by status and pair', async () => {
    const trader = await fundedUser(server, 'pages@seconds.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
    const ids: string[] = []
    for (let i = 0; i < 13; i++) {
      const answer = await place(server, trader.headers, { openAmount: '10', baseCoin: i % 3 === 0 ? 'DOGE' : 'BTC', positionTime: i < 5 ? '5' : '60', tradeType: '1' })
      ids.push(answer.json.result.id)
    }
    const page = (fields: Record<string, string>) => server.post(SECONDS_PATHS.records, fields, trader.headers)
    const first = await page({})
    expect(first.json).toMatchObject({ code: 200, msg: 'success', result: { totalRow: 13, serverTime: server.clock.now } })
    expect(first.json.result.list.map((order: { id: string }) => order.id)).toEqual(ids.toReversed().slice(0, 10))
    expect((await page({ pageNo: '2' })).json.result.list.map((order: { id: string }) => order.id)).toEqual(ids.toReversed().slice(10))
    expect((await page({ pageNo: '3' })).json.result.list).toEqual([])
    expect((await page({ baseCoin: 'doge', quoteCoin: 'USDT', pageSize: '50' })).json.result.totalRow).toBe(5)

    server.clock.advance(6)
    await waitFor(async () => ((await page({ entryStatus: '2' })).json.result.totalRow === 5 ? true : undefined))
    const done = await page({ entryStatus: '2', pageSize: '3' })
    expect(done.json.result.list.map((order: { id: string }) => order.id)).toEqual(ids.slice(2, 5).toReversed())
    expect(done.json.result.list.every((order: { status: number; settlePrice: string }) => order.status === 2 && order.settlePrice !== '')).toBe(true)
    expect((await page({ entryStatus: '1' })).json.result.totalRow).toBe(8)
    expect((await page({ entryStatus: '2', baseCoin: 'DOGE' })).json.result.totalRow).toBe(2)

    const malformed: Array<Record<string, string>> = [{ pageNo: '0' }, { pageNo: 'x' }, { pageSize: '51' }, { pageSize: '0' }, { entryStatus: '3' }, { entryStatus: 'open' }]
    for (const bad of malformed) {
      const answer = await page(bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(answer.json, JSON.stringify(bad)).toEqual({ code: 0, msg: M.invalidRequest, result: null })
    }
    expect((await page({ baseCoin: 'NOPE' })).json).toEqual({ code: 0, msg: M.unknownCurrency, result: null })

    const one = await server.post(SECONDS_PATHS.recordById, { id: ids[0] ?? '' }, trader.headers)
    expect(one.json).toMatchObject({ code: 200, result: { id: ids[0], status: 2, baseCoin: 'DOGE' } })
    // Another user sees none of them, neither listed nor by id.
    expect((await server.post(SECONDS_PATHS.records, { entryStatus: '2' }, user.headers)).json.result.list.some((order: { id: string }) => ids.includes(order.id))).toBe(false)
    for (const id of [ids[0] ?? '', ids[12] ?? '', '999999', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      const answer = await server.post(SECONDS_PATHS.recordById, { id }, user.headers)
      expect(answer.json, id).toEqual({ code: 0, msg: M.recordNotFound, result: null })
    }
    expect((await snapshot(server)).differences).toEqual([])
  })
})
