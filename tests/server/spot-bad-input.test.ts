// Hundreds of bad spot requests: each is refused with its exact message (HTTP 200, code 0) or as
// malformed (HTTP 400), never a 5xx, and nothing changes — balances, journal, records, orders and
// fills are compared before and after the whole battery. The caller is too poor to pay for any
// order, so an input wrongly accepted shows up as 'Insufficient available balance' instead of its
// own refusal rather than as a placed order. Another user's orders stay invisible to the caller.
import { BigNumber } from 'bignumber.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { PAIR_PRECISION } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { AMOUNT_PRECISION, MIN_NOTIONAL, SPOT_PATHS } from '../../src/contract/spot.ts'
import { PAIRS } from '../../server/market/pairs.ts'
import { type Funded, fundedUser } from './assets-support.ts'
import { startServer, type TestServer } from './harness.ts'
import { lastAt } from './spot-fixtures.ts'
import { bandAt, priceOf, type SpotState, spotState } from './spot-support.ts'

const M = SERVER_MESSAGES
const T0 = Date.UTC(2026, 2, 10, 9, 30, 0, 250)
let server: TestServer
let poor: Funded
let owner: Funded
let theirs: { resting: string; cancelled: string }
let before: SpotState
beforeAll(async () => {
  server = await startServer()
  server.clock.now = T0
  poor = await fundedUser(server, 'poor@spot.test', [{ currency: 'USDT', amount: '1' }, { currency: 'BTC', amount: '0.00001' }])
  owner = await fundedUser(server, 'owner@spot.test', [{ currency: 'USDT', amount: '1000' }])
  const [resting, cancelled] = await Promise.all([VALID, VALID].map((fields) => server.post(SPOT_PATHS.place, fields, owner.headers)))
  expect(resting?.json.data.status).toBe(2)
  await server.post(SPOT_PATHS.cancel, { id: cancelled?.json.data.id }, owner.headers)
  theirs = { resting: resting?.json.data.id, cancelled: cancelled?.json.data.id }
  before = await spotState(server)
})
afterAll(() => server.close())

const band = bandAt('btcusdt', T0)
const btc = (ticks: number) => priceOf('btcusdt', ticks)
const P = btc(Math.round(band.last * 0.95))
const VALID = { symbol: 'btcusdt', side: '1', type: '1', price: P, amount: '0.001' }
const MARKET_BUY = { symbol: 'btcusdt', side: '1', type: '2', total: '10' }
const MARKET_SELL = { symbol: 'btcusdt', side: '2', type: '2', amount: '0.001' }
const STOP = { symbol: 'btcusdt', side: '1', type: '3', triggerPrice: btc(band.last + 500), price: btc(band.last + 600), amount: '0.001' }
type Fields = Record<string, string | undefined>
type Case = [label: string, fields: Fields, msg: string]

const each = (base: Fields, field: string, values: readonly (string | undefined)[], msg: string): Case[] =>
  values.map((value) => [`${field} ${JSON.stringify(value)}`, { ...base, [field]: value }, msg])
const dropUndefined = (fields: Fields): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined))

const NOT_AMOUNTS = ['-1', '+1', '1e-3', '1E-3', 'abc', 'NaN', 'Infinity', '0x1', '1,5', '.5', '1.', ' 1', '1 ', '١']
const NOT_PRICES = [undefined, '-1', '0', '0.00', `+${P}`, '7e4', '7E4', 'abc', 'NaN', 'Infinity', '-Infinity', '0x10', ` ${P}`, `${P} `, '1,5', `${P}.`, '.5', '9'.repeat(16), `1.${'0'.repeat(20)}1`, '٧٠٠٠٠']
const OUT_OF_BAND = [btc(band.low - 1), btc(band.high + 1), btc(band.last * 2), btc(Math.round(band.last / 2)), '1', '0.01', '9'.repeat(15), '999999999999999.99']

/** Per catalogue pair: a valid buy (refused for the money only) and its four ways of being wrong. */
const perPair: Case[] = PAIRS.flatMap((pair): Case[] => {
  const { symbol } = pair
  const precision = PAIR_PRECISION[symbol] ?? 0
  const digits = AMOUNT_PRECISION[pair.base] ?? 0
  const edge = bandAt(symbol, T0)
  const price = priceOf(symbol, Math.round(edge.last * 0.95))
  const amount = new BigNumber(MIN_NOTIONAL[pair.quote] ?? 0).times(2).div(price).decimalPlaces(digits, BigNumber.ROUND_UP).toFixed(digits)
  const valid = { symbol, side: '1', type: '1', price, amount }
  return [
    [`${symbol} valid but unaffordable`, valid, M.insufficientBalance],
    [`${symbol} upper case, valid but unaffordable`, { ...valid, symbol: symbol.toUpperCase() }, M.insufficientBalance],
    [`${symbol} price with ${precision + 1} decimals`, { ...valid, price: `${price}3` }, M.spotPriceTooPrecise],
    [`${symbol} amount with ${digits + 1} decimals`, { ...valid, amount: `${amount}1` }, M.spotAmountTooPrecise],
    [`${symbol} the smallest amount, below the minimum value`, { ...valid, amount: new BigNumber(1).shiftedBy(-digits).toFixed() }, M.amountBelowMinimum],
    [`${symbol} one tick above the band`, { ...valid, price: priceOf(symbol, edge.high + 1) }, M.spotPriceOutOfBand],
    [`${symbol} one tick below the band`, { ...valid, side: '2', price: priceOf(symbol, edge.low - 1) }, M.spotPriceOutOfBand],
  ]
})

const PLACEMENTS: Case[] = [
  ['the valid limit buy itself', VALID, M.insufficientBalance],
  ['a limit buy at the band’s lower edge', { ...VALID, price: btc(band.low) }, M.insufficientBalance],
  ['a limit buy at the band’s upper edge', { ...VALID, price: btc(band.high) }, M.insufficientBalance],
  ['a limit sell at the band’s lower edge', { ...VALID, side: '2', price: btc(band.low) }, M.insufficientBalance],
  ...each(VALID, 'symbol', ['FOO', 'btc', 'usdt', 'usdtbtc', 'btcusdt;', 'btc/usdt', 'btc_usdt', 'btc-usdt', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'btcusdtx', 'xbtcusdt', 'btcusdt btcusdt', '%00', '<script>', 'ＢＴＣＵＳＤＴ'], M.unknownPair),
  ...each(VALID, 'side', ['0', '3', '-1', '01', '1.0', '1e0', 'buy', 'sell', 'BUY', 'constructor', 'true', '１'], M.spotInvalidSide),
  ...each(VALID, 'type', ['0', '4', '-1', '01', '2.0', 'limit', 'market', 'stop', 'constructor', '１'], M.spotInvalidType),
  ...each(MARKET_BUY, 'postOnly', ['1', 'true'], M.invalidRequest),
  ...each(MARKET_SELL, 'postOnly', ['1'], M.invalidRequest),
  ...each(STOP, 'postOnly', ['1', 'true'], M.invalidRequest),
  ...each(VALID, 'price', NOT_PRICES, M.spotNeedsPrice),
  ...each(VALID, 'price', [`${P}1`, `${P}000000001`, `${P}9`], M.spotPriceTooPrecise),
  ...each(VALID, 'price', OUT_OF_BAND, M.spotPriceOutOfBand),
  ...each(VALID, 'amount', [undefined, ...NOT_AMOUNTS], M.invalidAmount),
  ...each(VALID, 'amount', ['0', '0.0', '0.000000'], M.amountNotPositive),
  ...each(VALID, 'amount', ['0.001000001', '0.0000000001'], M.amountTooPrecise),
  ...each(VALID, 'amount', ['0.0010001', '0.00000001'], M.spotAmountTooPrecise),
  ...each(VALID, 'amount', ['1000000000000', '9'.repeat(400)], M.amountTooLarge),
  ...each(VALID, 'amount', ['0.000001', new BigNumber(4.99).div(P).decimalPlaces(6, BigNumber.ROUND_DOWN).toFixed()], M.amountBelowMinimum),
  ...each(MARKET_BUY, 'total', [undefined, '-5', '5e1', 'abc', ...NOT_AMOUNTS.slice(4)], M.invalidAmount),
  ...each(MARKET_BUY, 'total', ['0', '0.00000000'], M.amountNotPositive),
  ...each(MARKET_BUY, 'total', ['5.000000001'], M.amountTooPrecise),
  ...each(MARKET_BUY, 'total', ['4.99999999', '0.00000001'], M.amountBelowMinimum),
  ...each(MARKET_BUY, 'total', ['1000000000000'], M.amountTooLarge),
  ...each(MARKET_BUY, 'total', ['5', '10'], M.insufficientBalance),
  [`a market buy with an amount instead of a total`, { ...MARKET_BUY, total: undefined, amount: '0.001' }, M.invalidAmount],
  ...each(MARKET_SELL, 'amount', [undefined, '-1', '1e-3'], M.invalidAmount),
  ...each(MARKET_SELL, 'amount', ['0.000001'], M.amountBelowMinimum),
  ...each(MARKET_SELL, 'amount', ['0.0010001'], M.spotAmountTooPrecise),
  ...each(MARKET_SELL, 'amount', ['0.001', '1'], M.insufficientBalance),
  ...each(STOP, 'triggerPrice', [lastAt('btcusdt', T0)], M.spotTriggerAtMarket),
  ...each(STOP, 'triggerPrice', [undefined, '0', '-1', 'abc', '1e5'], M.spotNeedsPrice),
  ...each(STOP, 'triggerPrice', [btc(band.high + 1), btc(band.low - 1)], M.spotPriceOutOfBand),
  ...each(STOP, 'triggerPrice', [`${STOP.triggerPrice}5`], M.spotPriceTooPrecise),
  ...each(STOP, 'price', [undefined, '0'], M.spotNeedsPrice),
  ...each(STOP, 'price', [btc(band.high + 1)], M.spotPriceOutOfBand),
  ...each(STOP, 'amount', ['0.000001'], M.amountBelowMinimum),
  ['a stop-limit waiting for a fall', { ...STOP, triggerPrice: btc(band.last - 500), price: btc(band.last - 600) }, M.insufficientBalance],
  ['a stop-limit sell', { ...STOP, side: '2', triggerPrice: btc(band.last - 500), price: btc(band.last - 600) }, M.insufficientBalance],
  ...perPair,
]

describe('placing refuses', () => {
  it.each(PLACEMENTS)('%s: %s', async (_label, fields, msg) => {
    const answer = await server.post(SPOT_PATHS.place, dropUndefined(fields), poor.headers)
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ code: 0, msg, data: null })
  })

  it('bodies of the wrong shape, missing and blank fields, bad keys: HTTP 400 with the reason', async () => {
    const json = { ...poor.headers, 'content-type': 'application/json' }
    const cases: Array<[string, string, Record<string, string>?]> = [['[1,2]', M.invalidRequest], ['"btcusdt"', M.invalidRequest], ['123', M.invalidRequest], ['{"symbol":', M.invalidRequest], ['null', M.missingField]]
    for (const field of Object.keys({ ...VALID, total: '', triggerPrice: '', postOnly: '' })) {
      for (const value of [1, ['1'], { a: 1 }, true, 'x'.repeat(1025), 'btc\u0000usdt']) cases.push([JSON.stringify({ ...VALID, [field]: value }), M.invalidRequest])
    }
    for (const field of ['symbol', 'side', 'type']) {
      for (const value of [undefined, null, '', '   ']) cases.push([JSON.stringify({ ...VALID, [field]: value }), M.missingField])
    }
    for (const key of ['short', 'x'.repeat(101), 'has space ok', 'semi;colon1', 'dots.in.key', 'slash/in/key']) cases.push([JSON.stringify(VALID), M.invalidIdempotencyKey, { [IDEMPOTENCY_HEADER]: key }])
    for (const [body, msg, extra = {}] of cases) {
      const answer = await server.postRaw(SPOT_PATHS.place, body, { ...json, ...extra })
      expect([answer.status, answer.json], body.slice(0, 80)).toEqual([400, { code: 0, msg, data: null }])
    }
  })
})

const BAD_IDS = ['0', '-1', '+1', 'abc', '1e3', '0x1', '1.0', '1.5', '9'.repeat(16), '9'.repeat(17), '9007199254740993', '1'.repeat(1024), '١']

describe('orders of others, and ids that name nothing', () => {
  it('the owner sees its orders; the poor user can neither read, cancel nor list them', async () => {
    expect((await server.post(SPOT_PATHS.order, { id: theirs.resting }, owner.headers)).json.code).toBe(1)
    for (const [index, id] of [theirs.resting, theirs.cancelled, ` ${theirs.resting} `, ...BAD_IDS].entries()) {
      for (const path of [SPOT_PATHS.order, SPOT_PATHS.cancel]) {
        for (const extra of [{}, { [IDEMPOTENCY_HEADER]: `foreign-id-${index}-${path.length}` }] as Array<Record<string, string>>) {
          const answer = await server.post(path, { id }, { ...poor.headers, ...extra })
          expect([answer.status, answer.json], `${path} ${id.slice(0, 30)}`).toEqual([200, { code: 0, msg: M.spotOrderNotFound, data: null }])
        }
      }
    }
    for (const [path, form] of [[SPOT_PATHS.openOrders, {}], [SPOT_PATHS.openOrders, { symbol: 'btcusdt' }], ...['1', '2', '3'].map((filter) => [SPOT_PATHS.history, { filter }] as const)] as const) {
      const answer = await server.post(path, form, poor.headers)
      expect(answer.json, `${path} ${JSON.stringify(form)}`).toEqual({ code: 1, msg: M.ok, data: { list: [], sum: 0 } })
    }
    const cancelled = await server.post(SPOT_PATHS.cancel, { id: theirs.cancelled }, owner.headers)
    expect(cancelled.json).toEqual({ code: 0, msg: M.spotNotCancellable, data: null })
  })

  it('lists and the book refuse bad paging, filters, grids, sizes and pairs', async () => {
    const malformed: Array<[string, Record<string, string>]> = [
      ...['0', '-1', 'abc', '1000001', '1.5', '1e2'].flatMap((pageNo) => [[SPOT_PATHS.openOrders, { pageNo }], [SPOT_PATHS.history, { pageNo }]] as Array<[string, Record<string, string>]>),
      ...['0', '51', '-1', 'x', '10.0'].map((pageSize): [string, Record<string, string>] => [SPOT_PATHS.history, { pageSize }]),
      ...['0', '4', 'x', 'constructor', '1.0', '__proto__'].map((filter): [string, Record<string, string>] => [SPOT_PATHS.history, { filter }]),
      ...['step6', 'step', 'STEP0', 'constructor', 'step-1', 'step00'].map((type): [string, Record<string, string>] => [SPOT_PATHS.book, { symbol: 'btcusdt', type }]),
      ...['0', '21', '-1', '1.5', 'abc', '100', '020'].map((size): [string, Record<string, string>] => [SPOT_PATHS.book, { symbol: 'btcusdt', size }]),
    ]
    for (const [path, form] of malformed) {
      const answer = await server.post(path, form, poor.headers)
      expect([answer.status, answer.json], `${path} ${JSON.stringify(form)}`).toEqual([400, { code: 0, msg: M.invalidRequest, data: null }])
    }
    for (const symbol of ['FOO', 'constructor', '__proto__', 'btcusdt;', 'toString']) {
      for (const path of [SPOT_PATHS.openOrders, SPOT_PATHS.history, SPOT_PATHS.book]) {
        const answer = await server.post(path, { symbol }, poor.headers)
        expect(answer.json, `${path} ${symbol}`).toEqual({ code: 0, msg: M.unknownPair, data: null })
      }
    }
    expect((await server.post(SPOT_PATHS.book, {}, {})).status).toBe(400)
    expect((await server.post(SPOT_PATHS.book, { symbol: 'btcusdt' }, {})).json.code).toBe(1)
  })

  it('answers code -2 without a session or with a made-up one; config and book need none', async () => {
    const bodies: Record<string, Record<string, string>> = {
      [SPOT_PATHS.place]: VALID, [SPOT_PATHS.cancel]: { id: theirs.resting }, [SPOT_PATHS.order]: { id: theirs.resting }, [SPOT_PATHS.openOrders]: {}, [SPOT_PATHS.history]: {},
    }
    for (const [path, body] of Object.entries(bodies)) {
      expect((await server.post(path, body)).json, path).toEqual({ code: SESSION_EXPIRED, msg: M.pleaseLogin, data: null })
      expect((await server.post(path, body, { 'access-token': 'f'.repeat(64) })).json, path).toEqual({ code: SESSION_EXPIRED, msg: M.sessionExpired, data: null })
    }
    expect((await server.post(SPOT_PATHS.config)).json).toEqual({ code: 1, msg: M.ok, data: { makerFeeRate: '0.001', takerFeeRate: '0.001', priceBand: '0.1' } })
  })
})

describe('every spot path', () => {
  it('never answers 5xx, always with the /bb envelope and without internals', async () => {
    const strange = ['', ' ', '0', '-1', '1e308', 'null', 'undefined', '__proto__', 'constructor', '%00', '\u202e', 'é', '9'.repeat(1024), "' OR 1=1 --", '<script>', '1', '2', '3']
    const fields = ['symbol', 'side', 'type', 'price', 'amount', 'total', 'triggerPrice', 'postOnly', 'id', 'pageNo', 'pageSize', 'filter', 'size']
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const problems: string[] = []
    for (const path of Object.values(SPOT_PATHS)) {
      const requests: Array<[string | undefined, Record<string, string>]> = [[undefined, {}], ['{}', { 'content-type': 'application/json' }], ['{"__proto__":{"x":1}}', { 'content-type': 'application/json' }], ['a=1', { 'content-type': 'text/xml' }]]
      for (const value of strange) {
        requests.push([new URLSearchParams({ ...VALID, ...Object.fromEntries(fields.map((field) => [field, value])) }).toString(), form])
        requests.push([new URLSearchParams({ ...VALID, [fields[value.length % fields.length] ?? 'id']: value }).toString(), form])
        requests.push([JSON.stringify(Object.fromEntries(fields.map((field) => [field, value]))), { 'content-type': 'application/json' }])
      }
      for (const [body, headers] of requests) {
        const answer = await server.postRaw(path, body, { ...poor.headers, ...headers })
        const label = `${path} ${answer.status} ${String(body).slice(0, 60)}`
        if (answer.status !== 200 && answer.status !== 400) problems.push(`status: ${label}`)
        if (typeof answer.json?.code !== 'number' || typeof answer.json?.msg !== 'string' || !('data' in answer.json)) problems.push(`envelope: ${label}`)
        if (answer.json?.code === 1 && path === SPOT_PATHS.place) problems.push(`placed: ${label}`)
        if (/at .*\.ts|stack|Error:/.test(answer.text)) problems.push(`internals: ${label}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('after the whole battery', () => {
  it('nothing moved: balances, journal, records, orders and fills as before, and the ledger agrees', async () => {
    const after = await spotState(server)
    expect(after).toEqual(before)
    expect(after.differences).toEqual([])
  })
})
