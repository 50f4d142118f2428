// Hundreds of bad contract requests: each is refused with its exact message (HTTP 200, code 0) or as
// malformed (HTTP 400), never a 5xx, and nothing changes — balances, journal, records and positions
// are compared before and after the whole battery. The caller can afford one small DOGE position
// and nothing more, so an input wrongly accepted shows up as 'Insufficient available balance'
// instead of its own refusal rather than as an opened position. Another user's positions stay
// invisible to the caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { IDEMPOTENCY_HEADER, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type Funded, fundedUser } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { type ContractState, contractState, lastAt, opened, priceOf, ticksOf } from './contracts-support.ts'

const M = SERVER_MESSAGES
const T0 = Date.UTC(2026, 2, 10, 9, 30, 0, 250)
let server: TestServer
let poor: Funded
let owner: Funded
let mine: { holding: string }
let theirs: { holding: string; pending: string; cancelled: string }
let before: ContractState

const last = ticksOf('btcusdt', lastAt('btcusdt', T0))
const btc = (ticks: number) => priceOf('btcusdt', ticks)
const VALID = { symbol: 'btcusdt', direction: '1', leverage: '10', entryType: '1', quantity: '0.001' }
const SHORT = { ...VALID, direction: '2' }
const LIMIT = { ...VALID, entryType: '2', price: btc(Math.round(last * 0.97)) }
type Fields = Record<string, string | undefined>
type Case = [label: string, fields: Fields, msg: string]

beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
  poor = await fundedUser(server, 'poor@contracts.test', [{ currency: 'USDT', amount: '2', accountType: 2 }])
  owner = await fundedUser(server, 'owner@contracts.test', [{ currency: 'USDT', amount: '1000', accountType: 2 }])
  mine = { holding: (await opened(server, poor.headers, { symbol: 'dogeusdt', direction: '1', leverage: '50', quantity: '200' })).id }
  const holding = await opened(server, owner.headers, { direction: '1', leverage: '10', quantity: '0.001' })
  const pending = await opened(server, owner.headers, { ...LIMIT, direction: '1' } as never)
  const cancelled = await opened(server, owner.headers, { ...LIMIT, direction: '1' } as never)
  await server.post(CONTRACT_PATHS.cancel, { id: cancelled.id }, owner.headers)
  theirs = { holding: holding.id, pending: pending.id, cancelled: cancelled.id }
  before = await contractState(server)
})
afterAll(() => server.close())

const each = (base: Fields, field: string, values: readonly (string | undefined)[], msg: string): Case[] =>
  values.map((value) => [`${field} ${JSON.stringify(value)}`, { ...base, [field]: value }, msg])
const dropUndefined = (fields: Fields): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined))

const NOT_AMOUNTS = ['-1', '+1', '1e-3', '1E-3', 'abc', 'NaN', 'Infinity', '0x1', '1,5', '.5', '1.', ' 1', '1 ', '١']
const NOT_PRICES = ['-1', '0', '0.00', '7e4', 'abc', 'NaN', 'Infinity', '0x10', '1,5', '.5', '9'.repeat(16), '٧٠٠٠٠']
const E = lastAt('btcusdt', T0)
/** A 10× long's liquidation price is about 9.5 % below the entry. */
const [aboveEntry, belowLiquidation, justBelow] = [btc(last + 100), btc(Math.round(last * 0.85)), btc(last - 100)]

const OPENINGS: Case[] = [
  ['the valid market long itself', VALID, M.insufficientBalance],
  ['a valid market short', SHORT, M.insufficientBalance],
  ['a valid limit long', LIMIT, M.insufficientBalance],
  ['a valid long with both stops', { ...VALID, stopLoss: justBelow, takeProfit: aboveEntry }, M.insufficientBalance],
  ['a symbol in upper case', { ...VALID, symbol: 'BTCUSDT' }, M.insufficientBalance],
  ...each(VALID, 'symbol', ['FOO', 'ethbtc', 'eoseth', 'btc', 'usdt', 'btcusdt;', 'btc/usdt', 'constructor', '__proto__', 'toString', '%00', '<script>', 'ＢＴＣＵＳＤＴ'], M.unknownPair),
  ...each(VALID, 'direction', ['0', '3', '-1', '01', '1.0', 'long', 'short', 'constructor', '１'], M.contractInvalidDirection),
  ...each(VALID, 'leverage', ['0', '3', '101', '1000', '-10', '10.0', '1e1', '10x', 'constructor', '１０'], M.contractLeverageNotOffered),
  ...each({ ...VALID, symbol: 'dogeusdt', quantity: '100' }, 'leverage', ['100'], M.contractLeverageNotOffered),
  ...each(VALID, 'entryType', ['0', '3', '01', 'market', 'limit', 'constructor'], M.contractInvalidEntryType),
  ...each(VALID, 'quantity', NOT_AMOUNTS, M.invalidAmount),
  ...each(VALID, 'quantity', ['0', '0.000000'], M.amountNotPositive),
  ...each(VALID, 'quantity', ['0.001000001'], M.amountTooPrecise),
  ...each(VALID, 'quantity', ['0.0010001', '0.0000001'], M.spotAmountTooPrecise),
  ...each(VALID, 'quantity', ['0.000999', '0.000001'], M.amountBelowMinimum),
  ...each(VALID, 'quantity', ['1000000000000', '9'.repeat(400)], M.amountTooLarge),
  ...each(LIMIT, 'price', [undefined, ...NOT_PRICES], M.spotNeedsPrice),
  ...each(LIMIT, 'price', [`${E}1`, `${btc(last - 50)}9`], M.spotPriceTooPrecise),
  ...each(LIMIT, 'price', [btc(Math.round(last * 0.85)), btc(last * 2), '1'], M.spotPriceOutOfBand),
  ...each(LIMIT, 'price', [E, btc(last + 1), btc(Math.round(last * 1.05))], M.contractLimitAlreadyReached),
  ...each({ ...LIMIT, direction: '2' }, 'price', [E, btc(last - 1), btc(Math.round(last * 0.95))], M.contractLimitAlreadyReached),
  ...each(VALID, 'stopLoss', [E, aboveEntry, belowLiquidation, btc(1)], M.contractStopLossInvalid),
  ...each(SHORT, 'stopLoss', [E, justBelow, btc(Math.round(last * 1.15))], M.contractStopLossInvalid),
  ...each(VALID, 'stopLoss', ['abc', '-1', '0'], M.spotNeedsPrice),
  ...each(VALID, 'stopLoss', [`${justBelow}1`], M.spotPriceTooPrecise),
  ...each(VALID, 'takeProfit', [E, justBelow], M.contractTakeProfitInvalid),
  ...each(SHORT, 'takeProfit', [E, aboveEntry], M.contractTakeProfitInvalid),
  ...each(VALID, 'takeProfit', ['abc', '1e5', '999999999999999', '90071992547410.00'], M.spotNeedsPrice),
  ['a take profit as far as exact ticks reach', { ...VALID, takeProfit: '90071992547409.91' }, M.insufficientBalance],
]

describe('opening refuses', () => {
  it.each(OPENINGS)('%s', async (_label, fields, msg) => {
    const answer = await server.post(CONTRACT_PATHS.open, dropUndefined(fields), poor.headers)
    expect([answer.status, answer.json]).toEqual([200, { code: 0, msg, data: null }])
  })

  it('bodies of the wrong shape, missing fields and bad keys: HTTP 400 with the reason', async () => {
    const json = { ...poor.headers, 'content-type': 'application/json' }
    const cases: Array<[string, string, Record<string, string>?]> = [['[1,2]', M.invalidRequest], ['"btcusdt"', M.invalidRequest], ['{"symbol":', M.invalidRequest], ['null', M.missingField]]
    for (const field of [...Object.keys(VALID), 'price', 'stopLoss', 'takeProfit']) {
      for (const value of [1, ['1'], { a: 1 }, true, 'x'.repeat(1025), 'btc\u0000usdt']) cases.push([JSON.stringify({ ...VALID, [field]: value }), M.invalidRequest])
    }
    for (const field of Object.keys(VALID)) for (const value of [undefined, null, '', '   ']) cases.push([JSON.stringify({ ...VALID, [field]: value }), M.missingField])
    for (const key of ['short', 'x'.repeat(101), 'has space ok', 'dots.in.key']) cases.push([JSON.stringify(VALID), M.invalidIdempotencyKey, { [IDEMPOTENCY_HEADER]: key }])
    for (const [body, msg, extra = {}] of cases) {
      const answer = await server.postRaw(CONTRACT_PATHS.open, body, { ...json, ...extra })
      expect([answer.status, answer.json], body.slice(0, 80)).toEqual([400, { code: 0, msg, data: null }])
    }
  })
})

const BAD_IDS = ['0', '-1', '+1', 'abc', '1e3', '0x1', '1.0', '1.5', '9'.repeat(16), '9'.repeat(17), '9007199254740993', '1'.repeat(1024), '١']

describe('positions of others, ids that name nothing, and changes a position cannot take', () => {
  it('another user’s positions can be neither read, closed, cancelled nor changed', async () => {
    const calls: Array<[string, Record<string, string>]> = [[CONTRACT_PATHS.detail, {}], [CONTRACT_PATHS.close, {}], [CONTRACT_PATHS.cancel, {}], [CONTRACT_PATHS.addMargin, { amount: '1' }], [CONTRACT_PATHS.editStops, { stopLoss: btc(last - 10) }]]
    for (const id of [theirs.holding, theirs.pending, theirs.cancelled, ` ${theirs.holding} `, ...BAD_IDS]) {
      for (const [path, form] of calls) {
        const answer = await server.post(path, { id, ...form }, poor.headers)
        expect([answer.status, answer.json], `${path} ${id.slice(0, 30)}`).toEqual([200, { code: 0, msg: M.contractPositionNotFound, data: null }])
      }
    }
    for (const status of ['1', '2', '3']) {
      const answer = await server.post(CONTRACT_PATHS.history, { status }, poor.headers)
      expect(answer.json.data.list.every((position: { id: string }) => position.id === mine.holding), status).toBe(true)
    }
    expect((await server.post(CONTRACT_PATHS.positions, {}, poor.headers)).json.data.map((position: { id: string }) => position.id)).toEqual([mine.holding])
  })

  it('the caller’s own position refuses closes, margin and stops it cannot take', async () => {
    const entry = ticksOf('dogeusdt', lastAt('dogeusdt', T0))
    const cases: Array<[string, Record<string, string>, string]> = [
      [CONTRACT_PATHS.cancel, {}, M.contractNotCancellable],
      ...(['1000', '200.01'] as const).map((quantity): [string, Record<string, string>, string] => [CONTRACT_PATHS.close, { quantity }, M.contractCloseTooLarge]),
      [CONTRACT_PATHS.close, { quantity: '150' }, M.contractRemainderTooSmall],
      [CONTRACT_PATHS.close, { quantity: '50' }, M.amountBelowMinimum],
      [CONTRACT_PATHS.close, { quantity: '100.001' }, M.spotAmountTooPrecise],
      ...NOT_AMOUNTS.map((quantity): [string, Record<string, string>, string] => [CONTRACT_PATHS.close, { quantity }, M.invalidAmount]),
      [CONTRACT_PATHS.addMargin, { amount: '1000' }, M.insufficientBalance],
      [CONTRACT_PATHS.addMargin, { amount: '0' }, M.amountNotPositive],
      [CONTRACT_PATHS.addMargin, { amount: '0.000000001' }, M.amountTooPrecise],
      ...NOT_AMOUNTS.map((amount): [string, Record<string, string>, string] => [CONTRACT_PATHS.addMargin, { amount }, M.invalidAmount]),
      [CONTRACT_PATHS.editStops, { stopLoss: priceOf('dogeusdt', entry + 10) }, M.contractStopLossInvalid],
      [CONTRACT_PATHS.editStops, { stopLoss: priceOf('dogeusdt', Math.round(entry * 0.5)) }, M.contractStopLossInvalid],
      [CONTRACT_PATHS.editStops, { takeProfit: priceOf('dogeusdt', entry - 10) }, M.contractTakeProfitInvalid],
      [CONTRACT_PATHS.editStops, { takeProfit: `${priceOf('dogeusdt', entry + 10)}1` }, M.spotPriceTooPrecise],
    ]
    for (const [path, form, msg] of cases) {
      const answer = await server.post(path, { id: mine.holding, ...form }, poor.headers)
      expect([answer.status, answer.json], `${path} ${JSON.stringify(form)}`).toEqual([200, { code: 0, msg, data: null }])
    }
  })

  it('lists refuse bad paging, filters and pairs', async () => {
    const forms: Array<Record<string, string>> = [{ pageNo: '0' }, { pageNo: 'x' }, { pageSize: '51' }, { status: '0' }, { status: '4' }, { status: 'constructor' }]
    for (const form of forms) {
      const answer = await server.post(CONTRACT_PATHS.history, form, poor.headers)
      expect([answer.status, answer.json], JSON.stringify(form)).toEqual([400, { code: 0, msg: M.invalidRequest, data: null }])
    }
    for (const symbol of ['FOO', 'ethbtc', '__proto__']) expect((await server.post(CONTRACT_PATHS.positions, { symbol }, poor.headers)).json.msg).toBe(M.unknownPair)
  })

  it('answers code -2 without a session or with a made-up one; config needs none', async () => {
    for (const path of Object.values(CONTRACT_PATHS).filter((candidate) => candidate !== CONTRACT_PATHS.config)) {
      const body = { ...VALID, id: theirs.holding, amount: '1' }
      expect((await server.post(path, body)).json, path).toEqual({ code: SESSION_EXPIRED, msg: M.pleaseLogin, data: null })
      expect((await server.post(path, body, { 'access-token': 'f'.repeat(64) })).json, path).toEqual({ code: SESSION_EXPIRED, msg: M.sessionExpired, data: null })
    }
    expect((await server.post(CONTRACT_PATHS.config)).json.code).toBe(1)
  })
})

describe('every contract path', () => {
  it('never answers 5xx, always with the envelope and without internals', async () => {
    const strange = ['', ' ', '0', '-1', '1e308', 'null', '__proto__', 'constructor', '%00', '\u202e', 'é', '9'.repeat(1024), "' OR 1=1 --", '<script>', '1', '2', '100']
    const fields = ['symbol', 'direction', 'leverage', 'entryType', 'quantity', 'price', 'stopLoss', 'takeProfit', 'id', 'amount', 'status', 'pageNo', 'pageSize']
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const problems: string[] = []
    for (const path of Object.values(CONTRACT_PATHS)) {
      const requests: Array<[string | undefined, Record<string, string>]> = [[undefined, {}], ['{}', { 'content-type': 'application/json' }], ['{"__proto__":{"x":1}}', { 'content-type': 'application/json' }], ['a=1', { 'content-type': 'text/xml' }]]
      for (const value of strange) {
        // Every field the same strange value, but the id another user's (the caller's own, id 1, could legitimately take margin).
        requests.push([new URLSearchParams({ ...VALID, ...Object.fromEntries(fields.map((field) => [field, value])), id: theirs.holding }).toString(), form])
        // Another user's id: a change that wrongly went through would show as code 1 here, and in the final comparison.
        requests.push([new URLSearchParams({ ...VALID, id: theirs.holding, [fields[value.length % fields.length] ?? 'id']: value }).toString(), form])
        requests.push([JSON.stringify({ ...Object.fromEntries(fields.map((field) => [field, value])), id: value === '1' ? theirs.holding : value }), { 'content-type': 'application/json' }])
      }
      for (const [body, headers] of requests) {
        const answer = await server.postRaw(path, body, { ...poor.headers, ...headers })
        const label = `${path} ${answer.status} ${String(body).slice(0, 60)}`
        if (answer.status !== 200 && answer.status !== 400) problems.push(`status: ${label}`)
        if (typeof answer.json?.code !== 'number' || typeof answer.json?.msg !== 'string' || !('data' in answer.json)) problems.push(`envelope: ${label}`)
        const changes = path !== CONTRACT_PATHS.config && path !== CONTRACT_PATHS.positions && path !== CONTRACT_PATHS.history && path !== CONTRACT_PATHS.detail
        if (answer.json?.code === 1 && changes) problems.push(`changed: ${label}`)
        if (/at .*\.ts|stack|Error:/.test(answer.text)) problems.push(`internals: ${label}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('after the whole battery', () => {
  it('nothing moved: balances, journal, records and positions as before, and the ledger agrees', async () => {
    const after = await contractState(server)
    expect(after).toEqual(before)
    expect(after.differences).toEqual([])
  })
})
