// Every kind of bad input to the money calls is refused with a clear message and changes nothing:
// the balances, the journal and the records are compared before and after, and nothing is a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { findRecord } from '../../server/ledger/records.ts'
import { type Funded, fundedUser, type Snapshot, snapshot, withDb } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'

let server: TestServer
let user: Funded
let before: Snapshot
beforeAll(async () => {
  server = await startServer()
  user = await fundedUser(server, 'bad@assets.test', [{ currency: 'USDT', amount: '50' }, { currency: 'BTC', amount: '1' }])
  before = await snapshot(server)
})
afterAll(() => server.close())

const M = SERVER_MESSAGES
const AMOUNTS: Array<[string, string]> = [
  ['-1', M.invalidAmount],
  ['+1', M.invalidAmount],
  ['0', M.amountNotPositive],
  ['0.00000000', M.amountNotPositive],
  ['0.000000001', M.amountTooPrecise],
  ['1.123456789', M.amountTooPrecise],
  ['0.000001', M.amountBelowMinimum],
  ['1e3', M.invalidAmount],
  ['1E-5', M.invalidAmount],
  ['abc', M.invalidAmount],
  ['NaN', M.invalidAmount],
  ['Infinity', M.invalidAmount],
  ['0x10', M.invalidAmount],
  [' 1', M.invalidAmount],
  ['1 ', M.invalidAmount],
  ['1,5', M.invalidAmount],
  ['1.', M.invalidAmount],
  ['.5', M.invalidAmount],
  ['1000000000000', M.amountTooLarge],
  ['9'.repeat(400), M.amountTooLarge],
  ['51', M.insufficientBalance],
]

describe('transfer', () => {
  it.each(AMOUNTS)('refuses the amount %j: %s', async (amount, msg) => {
    const answer = await server.post(ASSET_PATHS.transfer, { amount, currency: 'USDT', type: '1' }, user.headers)
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
  })

  it.each([
    ['currency', 'FOO', M.unknownCurrency],
    ['currency', 'USDT;', M.unknownCurrency],
    ['type', '3', M.invalidTransferType],
    ['type', '0', M.invalidTransferType],
    ['type', 'spot', M.invalidTransferType],
    ['type', 'constructor', M.invalidTransferType],
  ])('refuses %s %j', async (field, value, msg) => {
    const answer = await server.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1', [field]: value }, user.headers)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
  })
})

describe('exchange', () => {
  it.each(AMOUNTS)('refuses the amount %j: %s', async (amount, msg) => {
    for (const path of [ASSET_PATHS.exchange, ASSET_PATHS.exchangeQuote]) {
      const answer = await server.post(path, { from: 'USDT', to: 'BTC', amount }, user.headers)
      // A quote moves nothing, so it cannot know about the balance.
      const expected = path === ASSET_PATHS.exchangeQuote && msg === M.insufficientBalance ? M.ok : msg
      expect(answer.json.msg, path).toBe(expected)
    }
  })

  it('refuses unknown currencies, one currency twice, and amounts too small to yield anything', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ from: 'FOO', to: 'BTC', amount: '1' }, M.unknownCurrency],
      [{ from: 'USDT', to: 'BAR', amount: '1' }, M.unknownCurrency],
      [{ from: 'BTC', to: 'btc', amount: '1' }, M.sameCurrency],
      [{ from: 'DOGE', to: 'BTC', amount: '0.00001' }, M.exchangeTooSmall],
    ]
    for (const [body, msg] of cases) {
      const answer = await server.post(ASSET_PATHS.exchange, body, user.headers)
      expect(answer.json, JSON.stringify(body)).toEqual({ code: 0, msg, data: null })
    }
  })
})

describe('malformed requests and sessions', () => {
  it('answers 400 to bodies of the wrong shape and to missing fields', async () => {
    const json = { ...user.headers, 'content-type': 'application/json' }
    const bodies = [
      JSON.stringify({ amount: 1, currency: 'USDT', type: '1' }),
      JSON.stringify({ amount: ['1'], currency: 'USDT', type: '1' }),
      JSON.stringify([1, 2]),
      JSON.stringify({ currency: 'USDT', type: '1' }),
      '{"amount":',
    ]
    for (const body of bodies) {
      const answer = await server.postRaw(ASSET_PATHS.transfer, body, json)
      expect(answer.status, body).toBe(400)
      expect(answer.json.code, body).toBe(0)
    }
  })

  it('answers 400 to paging out of range and unknown record kinds', async () => {
    const queries: Array<Record<string, string>> = [{ pageNo: '0' }, { pageNo: 'abc' }, { pageNo: '-1' }, { pageSize: '51' }, { pageSize: '0' }, { tradeType: '11' }, { tradeType: 'x' }]
    for (const query of queries) {
      const answer = await server.post(ASSET_PATHS.records, query, user.headers)
      expect(answer.status, JSON.stringify(query)).toBe(400)
    }
    const currency = await server.post(ASSET_PATHS.records, { currency: 'NOPE' }, user.headers)
    expect(currency.json).toEqual({ code: 0, msg: M.unknownCurrency, data: null })
    const account = await server.post(ASSET_PATHS.records, { accountType: '7' }, user.headers)
    expect(account.json).toEqual({ code: 0, msg: M.invalidAccountType, data: null })
  })

  it('answers code -2 without a session or with a made-up one, on every call', async () => {
    const bodies: Record<string, Record<string, string>> = {
      [ASSET_PATHS.accounts]: { accountType: '1' },
      [ASSET_PATHS.records]: {},
      [ASSET_PATHS.transfer]: { amount: '1', currency: 'USDT', type: '1' },
      [ASSET_PATHS.exchangeQuote]: { from: 'USDT', to: 'BTC', amount: '1' },
      [ASSET_PATHS.exchange]: { from: 'USDT', to: 'BTC', amount: '1' },
    }
    for (const [path, body] of Object.entries(bodies)) {
      const sessions: Array<Record<string, string>> = [{}, { 'access-token': 'f'.repeat(64) }]
      for (const headers of sessions) {
        const answer = await server.post(path, body, headers)
        expect(answer.json.code, path).toBe(SESSION_EXPIRED)
      }
    }
  })

  it("never finds another user's record by id", async () => {
    const other = await fundedUser(server, 'other@assets.test', [{ currency: 'ETH', amount: '1' }])
    before = await snapshot(server)
    await withDb(server, async (db) => {
      const theirs = await db.get('SELECT id FROM asset_records WHERE user_id = ?', other.userId)
      expect(await findRecord(db, Number(theirs?.id), user.userId)).toBeUndefined()
      expect((await findRecord(db, Number(theirs?.id), other.userId))?.currency).toBe('ETH')
    })
  })
})

describe('after all of it', () => {
  it('nothing moved, and the ledger agrees with the balances', async () => {
    const after = await snapshot(server)
    expect(after).toEqual(before)
    expect(after.differences).toEqual([])
  })
})

describe('without a price', () => {
  it('refuses to quote or exchange when the feed cannot answer, moving nothing', async () => {
    // The Huobi proxy pointed at a port nobody listens on: every price lookup fails.
    const offline = await startServer({ marketSource: 'huobi', huobiUrl: 'http://127.0.0.1:9', huobiTimeoutMs: 200 })
    try {
      const someone = await fundedUser(offline, 'noprice@assets.test', [{ currency: 'USDT', amount: '10' }])
      const state = await snapshot(offline)
      for (const path of [ASSET_PATHS.exchangeQuote, ASSET_PATHS.exchange]) {
        const answer = await offline.post(path, { from: 'USDT', to: 'BTC', amount: '1' }, someone.headers)
        expect(answer.json, path).toEqual({ code: 0, msg: M.priceUnavailable, data: null })
      }
      // USDT is priced at 1 without the feed, but the other side still needs it.
      const transfer = await offline.post(ASSET_PATHS.transfer, { amount: '1', currency: 'USDT', type: '1' }, someone.headers)
      expect(transfer.json.code).toBe(1)
      expect((await snapshot(offline)).entries).toBe(state.entries + 1)
    } finally {
      await offline.close()
    }
  })
})
