// Every kind of bad input to the seconds calls is refused in the seconds envelope with a clear
// message and changes nothing (balances, journal, records and orders compared before and after);
// a battery of strange bodies on every seconds path never gets a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { type Funded, fundedUser, type Snapshot, snapshot, withDb } from './assets-support.ts'
import type { TestServer } from './harness.ts'
import { place, startSecondsServer } from './seconds-support.ts'

const M = SERVER_MESSAGES
let server: TestServer
let user: Funded
let before: Snapshot & { orders: number }
const state = async (): Promise<Snapshot & { orders: number }> => ({
  ...(await snapshot(server)),
  orders: await withDb(server, async (db) => Number((await db.get('SELECT count(*) AS n FROM seconds_orders'))?.n)),
})
beforeAll(async () => {
  server = await startSecondsServer()
  user = await fundedUser(server, 'careless@seconds.test', [{ currency: 'USDT', amount: '100', accountType: 2 }, { currency: 'USDT', amount: '5000' }])
  before = await state()
})
afterAll(() => server.close())

const VALID = { openAmount: '10', baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: '30', tradeType: '1' }

const CASES: Array<[field: keyof typeof VALID, value: string, msg: string]> = [
  ['openAmount', '-1', M.invalidAmount],
  ['openAmount', '+10', M.invalidAmount],
  ['openAmount', '0', M.amountNotPositive],
  ['openAmount', '0.00000000', M.amountNotPositive],
  ['openAmount', '10.000000001', M.amountTooPrecise],
  ['openAmount', '1e3', M.invalidAmount],
  ['openAmount', '1E-5', M.invalidAmount],
  ['openAmount', 'abc', M.invalidAmount],
  ['openAmount', 'NaN', M.invalidAmount],
  ['openAmount', 'Infinity', M.invalidAmount],
  ['openAmount', '0x10', M.invalidAmount],
  ['openAmount', '10 ', M.invalidAmount],
  ['openAmount', '1,5', M.invalidAmount],
  ['openAmount', '10.', M.invalidAmount],
  ['openAmount', '.5', M.invalidAmount],
  ['openAmount', '1000000000000', M.amountTooLarge],
  ['openAmount', '9'.repeat(400), M.amountTooLarge],
  ['openAmount', '0.000001', M.amountBelowMinimum],
  ['openAmount', '0.00001', M.secondsBelowDurationMinimum],
  ['openAmount', '9.99999999', M.secondsBelowDurationMinimum],
  ['openAmount', '100.00000001', M.insufficientBalance],
  ['openAmount', '4000', M.insufficientBalance],
  ['baseCoin', 'FOO', M.unknownPair],
  ['baseCoin', 'USDT', M.unknownPair],
  ['baseCoin', 'BTC;', M.unknownPair],
  ['baseCoin', 'constructor', M.unknownPair],
  ['quoteCoin', 'EOS', M.unknownPair],
  ['quoteCoin', 'BTCUSDT', M.unknownPair],
  ['positionTime', '7', M.secondsUnknownDuration],
  ['positionTime', '0', M.secondsUnknownDuration],
  ['positionTime', '-30', M.secondsUnknownDuration],
  ['positionTime', '30.0', M.secondsUnknownDuration],
  ['positionTime', '3e1', M.secondsUnknownDuration],
  ['positionTime', '99999999999', M.secondsUnknownDuration],
  ['positionTime', 'thirty', M.secondsUnknownDuration],
  ['tradeType', '0', M.secondsInvalidTradeType],
  ['tradeType', '3', M.secondsInvalidTradeType],
  ['tradeType', 'up', M.secondsInvalidTradeType],
  ['tradeType', '1.0', M.secondsInvalidTradeType],
]

describe('createOrder refuses', () => {
  it.each(CASES)('%s %j: %s', async (field, value, msg) => {
    const answer = await place(server, user.headers, { ...VALID, [field]: value })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: 0, msg, result: null })
    expect(await state()).toEqual(before)
  })

  it('an amount below the minimum of a longer duration', async () => {
    const answer = await place(server, user.headers, { ...VALID, openAmount: '49.99', positionTime: '120' })
    expect(answer.json).toEqual({ code: 0, msg: M.secondsBelowDurationMinimum, result: null })
    expect(await state()).toEqual(before)
  })

  it('an amount the balance covers but not together with the fee', async () => {
    await withDb(server, (db) => db.run("UPDATE params SET value = '0.002' WHERE name = 'contract_second_fee_rate'"))
    try {
      const answer = await place(server, user.headers, { ...VALID, openAmount: '100' })
      expect(answer.json).toEqual({ code: 0, msg: M.insufficientBalance, result: null })
      expect(await state()).toEqual(before)
    } finally {
      await withDb(server, (db) => db.run("UPDATE params SET value = '0' WHERE name = 'contract_second_fee_rate'"))
    }
  })

  it('missing fields and malformed bodies with HTTP 400 in the seconds envelope', async () => {
    for (const field of Object.keys(VALID)) {
      const body = Object.fromEntries(Object.entries(VALID).filter(([name]) => name !== field))
      const answer = await server.post(SECONDS_PATHS.createOrder, body, user.headers)
      expect(answer.status, field).toBe(400)
      expect(answer.json, field).toEqual({ code: 0, msg: M.missingField, result: null })
    }
    const json = { ...user.headers, 'content-type': 'application/json' }
    for (const body of ['{"openAmount":', JSON.stringify([1]), JSON.stringify({ ...VALID, openAmount: ['10'] }), JSON.stringify({ ...VALID, tradeType: { up: 1 } })]) {
      const answer = await server.postRaw(SECONDS_PATHS.createOrder, body, json)
      expect(answer.status, body).toBe(400)
      expect(answer.json, body).toEqual({ code: 0, msg: M.invalidRequest, result: null })
    }
    expect(await state()).toEqual(before)
  })

  it('without a session or with a made-up one: code -2, on every call that needs one', async () => {
    const bodies: Record<string, Record<string, string>> = {
      [SECONDS_PATHS.createOrder]: VALID,
      [SECONDS_PATHS.records]: {},
      [SECONDS_PATHS.recordById]: { id: '1' },
    }
    for (const [path, body] of Object.entries(bodies)) {
      const none = await server.post(path, body)
      expect(none.json, path).toEqual({ code: SESSION_EXPIRED, msg: M.pleaseLogin, result: null })
      const madeUp = await server.post(path, body, { 'access-token': 'f'.repeat(64) })
      expect(madeUp.json, path).toEqual({ code: SESSION_EXPIRED, msg: M.sessionExpired, result: null })
    }
    expect(await state()).toEqual(before)
  })
})

describe('every seconds path', () => {
  it('never answers 5xx, always with the seconds envelope and without internals', async () => {
    const strange = ['', ' ', '0', '-1', '1e308', 'null', 'undefined', '__proto__', 'constructor', '%00', '\u202e', 'é', '9'.repeat(1024), "' OR 1=1 --", '<script>']
    const fields = ['openAmount', 'baseCoin', 'quoteCoin', 'positionTime', 'tradeType', 'pageNo', 'pageSize', 'entryStatus', 'id']
    const problems: string[] = []
    for (const path of Object.values(SECONDS_PATHS)) {
      const requests: Array<[string | undefined, Record<string, string>]> = [
        [undefined, {}],
        ['{}', { 'content-type': 'application/json' }],
        ['{"__proto__":{"x":1}}', { 'content-type': 'application/json' }],
        ['x'.repeat(70 * 1024), { 'content-type': 'application/x-www-form-urlencoded' }],
        ['a=1', { 'content-type': 'text/xml' }],
      ]
      for (const value of strange) {
        requests.push([new URLSearchParams({ ...VALID, ...Object.fromEntries(fields.map((field) => [field, value])) }).toString(), { 'content-type': 'application/x-www-form-urlencoded' }])
        requests.push([JSON.stringify(Object.fromEntries(fields.map((field) => [field, value]))), { 'content-type': 'application/json' }])
      }
      for (const [body, headers] of requests) {
        const answer = await server.postRaw(path, body, { ...user.headers, ...headers })
        const label = `${path} ${answer.status} ${String(body).slice(0, 60)}`
        if (answer.status >= 500) problems.push(`5xx: ${label}`)
        if (typeof answer.json?.code !== 'number' || typeof answer.json?.msg !== 'string' || !('result' in answer.json)) problems.push(`envelope: ${label}`)
        if (/at .*\.ts|stack|Error:/.test(answer.text)) problems.push(`internals: ${label}`)
      }
    }
    expect(problems).toEqual([])
    expect(await state()).toEqual(before)
  })
})
