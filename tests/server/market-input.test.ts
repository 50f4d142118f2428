// Market calls with every kind of bad input: unknown symbols, periods, depth types and quote
// coins, sizes out of range or not numbers, arrays and objects, malformed and huge bodies, wrong
// methods. Each gets the market envelope with a clear err-msg and never a 5xx; and the envelope
// of each successful call has exactly the contract's keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import type { TestServer } from './harness.ts'
import { startMarket } from './market-support.ts'
import { rawRequest } from './raw-http.ts'

let server: TestServer
beforeAll(async () => {
  server = await startMarket()
})
afterAll(() => server.close())

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'content-type': 'application/json' }
const form = (values: Record<string, string>) => new URLSearchParams(values).toString()
const LEAK = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|FST_ERR|TypeError|ReferenceError/

interface Case {
  name: string
  method?: string
  path: string
  body?: string
  headers?: Record<string, string>
  status: number
  errCode: string
}

const invalid = (name: string, path: string, values: Record<string, string>): Case => ({
  name,
  path,
  body: form(values),
  headers: FORM,
  status: 200,
  errCode: 'invalid-parameter',
})
const malformed = (name: string, path: string, body: string | undefined, headers: Record<string, string> = JSON_TYPE): Case => ({
  name,
  path,
  body,
  headers,
  status: 400,
  errCode: 'bad-request',
})

function cases(): Case[] {
  const { kline, depth, trades, details, detailsByQuote } = MARKET_PATHS
  const list: Case[] = []
  for (const path of [kline, depth, trades, details]) {
    list.push(
      invalid('unknown symbol', path, { symbol: 'shibusdt' }),
      invalid('symbol with junk', path, { symbol: 'btcusdt; drop table' }),
      invalid('reversed symbol', path, { symbol: 'usdtbtc' }),
      malformed('no symbol', path, form({ timer: '1min' }), FORM),
      malformed('no body', path, undefined, {}),
      malformed('symbol as array', path, JSON.stringify({ symbol: ['btcusdt'] })),
      malformed('symbol as object', path, JSON.stringify({ symbol: { a: 1 } })),
      malformed('symbol as boolean', path, JSON.stringify({ symbol: true })),
      malformed('symbol repeated', path, 'symbol=btcusdt&symbol=ethusdt', FORM),
      malformed('symbol very long', path, form({ symbol: 'b'.repeat(5000) }), FORM),
      malformed('JSON array body', path, '[1,2]'),
      malformed('JSON string body', path, '"btcusdt"'),
      malformed('invalid JSON', path, '{"symbol":'),
      malformed('__proto__ key', path, '{"__proto__":{"x":1},"symbol":"btcusdt"}'),
      malformed('text/xml', path, '<symbol>btcusdt</symbol>', { 'content-type': 'text/xml' }),
      { name: 'huge body', path, body: `symbol=${'a'.repeat(1024 * 1024)}`, headers: FORM, status: 413, errCode: 'request-too-large' },
      { name: 'GET', method: 'GET', path, status: 404, errCode: 'not-found' },
    )
  }
  for (const size of ['0', '2001', 'abc', '1.5', '-1', '1e3', '0x10', '٣', '99999999999999999999']) {
    list.push(invalid(`kline size ${size}`, kline, { symbol: 'btcusdt', timer: '1min', size }))
  }
  for (const timer of ['1m', '60min', '1week', '1MIN', 'step0']) list.push(invalid(`kline period ${timer}`, kline, { symbol: 'btcusdt', timer }))
  for (const size of ['0', '21', 'x']) list.push(invalid(`depth size ${size}`, depth, { symbol: 'btcusdt', size }))
  for (const timer of ['step6', '1min', 'percent10']) list.push(invalid(`depth type ${timer}`, depth, { symbol: 'btcusdt', timer }))
  for (const size of ['0', '101']) list.push(invalid(`trades size ${size}`, trades, { symbol: 'btcusdt', size }))
  list.push(
    malformed('kline size as array', kline, JSON.stringify({ symbol: 'btcusdt', size: [2000] })),
    malformed('kline timer as object', kline, JSON.stringify({ symbol: 'btcusdt', timer: { p: 1 } })),
    malformed('details timer as array', details, JSON.stringify({ symbol: 'btcusdt', timer: ['1day'] })),
    invalid('unknown quote coin', detailsByQuote, { quoteCoin: 'EUR' }),
    malformed('no quote coin', detailsByQuote, '{}'),
    malformed('quote coin as array', detailsByQuote, 'quoteCoin=USDT&quoteCoin=BTC', FORM),
    { name: 'unknown market call', path: '/bb/huobi/getEverything', body: 'a=b', headers: FORM, status: 404, errCode: 'not-found' },
    { name: 'PUT', method: 'PUT', path: MARKET_PATHS.prices, status: 404, errCode: 'not-found' },
  )
  return list
}

const message = async (path: string, values: Record<string, string>) => (await server.post(path, values)).json?.['err-msg']

describe('market calls with bad input', () => {
  it('answer the market envelope with the right status and err-code, never a 5xx', async () => {
    const problems: string[] = []
    const all = cases()
    for (const item of all) {
      const answer = await rawRequest(server.url, item.method ?? 'POST', item.path, item.body, item.headers)
      const label = `${item.path} [${item.name}] → ${answer.status} ${answer.body.slice(0, 100)}`
      let body: any
      try {
        body = JSON.parse(answer.body)
      } catch {
        problems.push(`not JSON: ${label}`)
        continue
      }
      if (answer.status >= 500) problems.push(`5xx: ${label}`)
      if (answer.status !== item.status) problems.push(`expected ${item.status}: ${label}`)
      if (body.status !== 'error' || body['err-code'] !== item.errCode) problems.push(`expected ${item.errCode}: ${label}`)
      if (typeof body['err-msg'] !== 'string' || body['err-msg'] === '') problems.push(`no err-msg: ${label}`)
      if (LEAK.test(answer.body)) problems.push(`leak: ${label}`)
    }
    expect(problems).toEqual([])
    expect(all.length).toBeGreaterThan(90)
  })

  it('says what is wrong', async () => {
    expect(await message(MARKET_PATHS.kline, { symbol: 'nope' })).toBe('invalid symbol')
    expect(await message(MARKET_PATHS.kline, { symbol: 'btcusdt', timer: '2min' })).toMatch(/period.*1min, 5min, 15min, 30min, 1day/)
    expect(await message(MARKET_PATHS.kline, { symbol: 'btcusdt', size: '0' })).toMatch(/size.*1 to 2000/)
    expect(await message(MARKET_PATHS.detailsByQuote, { quoteCoin: 'EUR' })).toMatch(/USDT, BTC, ETH/)
  })
})

describe('market call envelopes', () => {
  it('have the contract keys, accept JSON bodies with numbers, and defaults for optional fields', async () => {
    const keys = async (path: string, values: Record<string, string>) => Object.keys((await server.post(path, values)).json).toSorted()
    expect(await keys(MARKET_PATHS.kline, { symbol: 'btcusdt', timer: '1min', size: '5' })).toEqual(['ch', 'data', 'status', 'ts'])
    expect(await keys(MARKET_PATHS.depth, { symbol: 'btcusdt' })).toEqual(['ch', 'status', 'tick', 'ts'])
    expect(await keys(MARKET_PATHS.trades, { symbol: 'btcusdt' })).toEqual(['ch', 'data', 'status', 'ts'])
    expect(await keys(MARKET_PATHS.details, { symbol: 'btcusdt' })).toEqual(['ch', 'status', 'tick', 'ts'])
    expect(await keys(MARKET_PATHS.detailsByQuote, { quoteCoin: 'USDT' })).toEqual(['data', 'status', 'ts'])
    expect(await keys(MARKET_PATHS.prices, {})).toEqual(['data', 'status', 'ts'])

    const viaJson = await server.postRaw(MARKET_PATHS.kline, JSON.stringify({ symbol: 'BTCUSDT', timer: '15min', size: 3 }), JSON_TYPE)
    expect(viaJson.json.ch).toBe('market.btcusdt.kline.15min')
    expect(viaJson.json.data).toHaveLength(3)
    const defaults = (await server.post(MARKET_PATHS.kline, { symbol: 'btcusdt' })).json
    expect([defaults.ch, defaults.data.length]).toEqual(['market.btcusdt.kline.1min', 2000])
    const book = (await server.post(MARKET_PATHS.depth, { symbol: 'btcusdt' })).json
    expect([book.ch, book.tick.bids.length]).toEqual(['market.btcusdt.depth.step0', 20])
    // The price list needs no body at all.
    expect((await server.postRaw(MARKET_PATHS.prices, undefined)).json.status).toBe('ok')
  })
})
