// MARKET_SOURCE=huobi against a local server playing the Huobi REST API with recorded answers in
// its documented shapes (fixtures/huobi/): the mapping to the contract, the short shared cache,
// and every way the upstream fails (its own error, HTTP 500, a timeout, unreachable).
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import type { TestServer } from './harness.ts'
import { startMarket } from './market-support.ts'

const FIXTURES = join(import.meta.dirname, 'fixtures', 'huobi')
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8')
const ANSWERS: Record<string, string> = {
  '/market/history/kline': fixture('kline-btcusdt-1min.json'),
  '/market/depth': fixture('depth-btcusdt-step0.json'),
  '/market/history/trade': fixture('trade-btcusdt.json'),
  '/market/detail': fixture('detail-btcusdt.json'),
  '/market/tickers': fixture('tickers.json'),
}
/** The upstream no longer lists this one: it answers with its own error. */
const DELISTED = 'eoseth'

type Mode = 'ok' | 'http500' | 'slow'

interface FakeUpstream {
  url: string
  hits: string[]
  modes: Map<string, Mode>
  close(): Promise<void>
}

async function startUpstream(): Promise<FakeUpstream> {
  const hits: string[] = []
  const modes = new Map<string, Mode>()
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream')
    hits.push(url.pathname + url.search)
    const mode = modes.get(url.pathname) ?? 'ok'
    if (mode === 'http500') return void response.writeHead(500, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>')
    const body = url.searchParams.get('symbol') === DELISTED ? fixture('error-invalid-symbol.json') : ANSWERS[url.pathname]
    const send = () => response.writeHead(200, { 'content-type': 'application/json' }).end(body ?? '{"status":"error","err-code":"bad-request","err-msg":"unknown path"}')
    if (mode === 'slow') setTimeout(send, 2_000).unref()
    else send()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    modes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let upstream: FakeUpstream
let server: TestServer
beforeAll(async () => {
  upstream = await startUpstream()
  server = await startMarket({ marketSource: 'huobi', huobiUrl: upstream.url, huobiTimeoutMs: 300 })
})
afterAll(async () => {
  await server.close()
  await upstream.close()
})
beforeEach(() => {
  upstream.modes.clear()
  // Past any cached answer of the previous test (the cache runs on the server's clock).
  server.clock.advance(60)
  upstream.hits.length = 0
})

const post = (path: string, form: Record<string, string>) => server.post(path, form)

describe('Huobi proxy: mapping recorded answers', () => {
  it('kline: candles newest first, amounts as volume, every number a plain decimal string', async () => {
    const answer = await post(MARKET_PATHS.kline, { symbol: 'btcusdt', timer: '1min', size: '5' })
    expect(upstream.hits).toEqual(['/market/history/kline?symbol=btcusdt&period=1min&size=5'])
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ status: 'ok', ch: 'market.btcusdt.kline.1min', ts: 1736918017331 })
    expect(answer.json.data[0]).toEqual({ id: 1736917980, open: '99812.45', close: '99830.01', high: '99841.7', low: '99805.12', vol: '2.118352718393219' })
    expect(answer.json.data.map((candle: { vol: string }) => candle.vol)).toEqual(['2.118352718393219', '5.03', '3.7102', '0.000001', '4.209877'])
  })

  it('depth: asks for the smallest upstream depth that covers the size, and keeps size levels', async () => {
    const compact = (await post(MARKET_PATHS.depth, { symbol: 'btcusdt', timer: 'step0', size: '5' })).json
    const full = (await post(MARKET_PATHS.depth, { symbol: 'btcusdt', timer: 'step0', size: '20' })).json
    expect(upstream.hits).toEqual(['/market/depth?symbol=btcusdt&type=step0&depth=5', '/market/depth?symbol=btcusdt&type=step0&depth=20'])
    expect(compact.ch).toBe('market.btcusdt.depth.step0')
    expect([compact.tick.bids.length, compact.tick.asks.length, full.tick.bids.length, full.tick.asks.length]).toEqual([5, 5, 20, 20])
    expect(full.tick.bids[0]).toEqual(['99829.99', '0.512'])
    expect(full.tick.asks[0]).toEqual(['99830.01', '0.000017'])
    expect(full.tick.ts).toBe(1736918017201)
  })

  it('trades: nested matches flattened, keyed by trade-id, newest first; the inner id is not used', async () => {
    const answer = (await post(MARKET_PATHS.trades, { symbol: 'btcusdt' })).json
    expect(upstream.hits).toEqual(['/market/history/trade?symbol=btcusdt&size=30'])
    expect(answer.ch).toBe('market.btcusdt.trade.detail')
    expect(answer.data).toEqual([
      { 'trade-id': 102341873105, price: '99830.02', amount: '0.1', direction: 'buy', ts: 1736918017466 },
      { 'trade-id': 102341873104, price: '99830.01', amount: '0.0381', direction: 'buy', ts: 1736918017466 },
      { 'trade-id': 102341873101, price: '99829.99', amount: '0.00012', direction: 'sell', ts: 1736918016980 },
      { 'trade-id': 102341873099, price: '99829.5', amount: '0.5', direction: 'sell', ts: 1736918016550 },
    ])
    expect((await post(MARKET_PATHS.trades, { symbol: 'btcusdt', size: '2' })).json.data).toHaveLength(2)
  })

  it('details: the 24 h tick', async () => {
    const answer = (await post(MARKET_PATHS.details, { symbol: 'btcusdt', timer: '1day', size: '1' })).json
    expect(upstream.hits).toEqual(['/market/detail?symbol=btcusdt'])
    expect(answer).toEqual({
      status: 'ok',
      ch: 'market.btcusdt.detail',
      ts: 1736918017700,
      tick: { open: '96834.09', close: '99830.01', high: '100190', low: '96322.22', amount: '13661.291805117362', vol: '1342770359.1730142', count: 1249876 },
    })
  })

  it('pair lists and prices: one tickers call for all, catalogue order, local logos, delisted pairs left out', async () => {
    const usdt = (await post(MARKET_PATHS.detailsByQuote, { quoteCoin: 'USDT' })).json
    const eth = (await post(MARKET_PATHS.detailsByQuote, { quoteCoin: 'ETH' })).json
    const btc = (await post(MARKET_PATHS.detailsByQuote, { quoteCoin: 'BTC' })).json
    const prices = (await post(MARKET_PATHS.prices, {})).json
    expect(upstream.hits).toEqual(['/market/tickers'])
    expect(usdt.data.map((row: { symbol: string }) => row.symbol)).toEqual(['btcusdt', 'ethusdt', 'ltcusdt', 'eosusdt', 'adausdt', 'xrpusdt', 'dogeusdt'])
    expect(eth.data.map((row: { symbol: string }) => row.symbol)).toEqual(['adaeth', 'dogeeth'])
    expect(btc.data[1]).toEqual({
      baseCoin: 'EOS',
      quoteCoin: 'BTC',
      symbol: 'eosbtc',
      logo: '/bb/huobi/logo/eos.svg',
      precision: 9,
      tick: { open: '0.00000875', close: '0.00000874', high: '0.0000089', low: '0.00000861', amount: '3123123.12', vol: '27.31', count: 1022 },
    })
    expect(prices.ts).toBe(1736918018001)
    expect(prices.data).toHaveLength(15)
    expect(prices.data.find((item: { symbol: string }) => item.symbol === 'xrpbtc')).toEqual({ symbol: 'xrpbtc', baseCoin: 'XRP', quoteCoin: 'BTC', close: '0.00002686' })
  })
})

describe('Huobi proxy: cache and failures', () => {
  it('shares one upstream call between many clients for a short while', async () => {
    const form = { symbol: 'btcusdt', timer: '1min', size: '5' }
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(MARKET_PATHS.kline, form)))
    expect(answers.every((answer) => answer.json?.status === 'ok')).toBe(true)
    expect(upstream.hits).toHaveLength(1)
    server.clock.advance(1)
    await post(MARKET_PATHS.kline, form)
    expect(upstream.hits).toHaveLength(1)
    server.clock.advance(1)
    await post(MARKET_PATHS.kline, form)
    expect(upstream.hits).toHaveLength(2)
  })

  it('relays the upstream’s own error in the market envelope', async () => {
    const answer = await post(MARKET_PATHS.details, { symbol: DELISTED })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ status: 'error', 'err-code': 'invalid-parameter', 'err-msg': 'invalid symbol', data: null })
  })

  it('answers 502 when the upstream fails, 504 when it is too slow, and retries at once after', async () => {
    upstream.modes.set('/market/detail', 'http500')
    const broken = await post(MARKET_PATHS.details, { symbol: 'btcusdt' })
    expect(broken.status).toBe(502)
    expect(broken.json).toMatchObject({ status: 'error', 'err-code': 'upstream-unavailable', data: null })

    upstream.modes.set('/market/depth', 'slow')
    const started = Date.now()
    const slow = await post(MARKET_PATHS.depth, { symbol: 'btcusdt' })
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(slow.status).toBe(504)
    expect(slow.json).toMatchObject({ status: 'error', 'err-code': 'upstream-timeout', data: null })

    // Failures are not cached: the next call goes upstream again.
    upstream.modes.clear()
    upstream.hits.length = 0
    expect((await post(MARKET_PATHS.details, { symbol: 'btcusdt' })).json.status).toBe('ok')
    expect((await post(MARKET_PATHS.depth, { symbol: 'btcusdt' })).json.status).toBe('ok')
    expect(upstream.hits).toHaveLength(2)
  })

  it('never asks the upstream about what is not in the catalogue', async () => {
    const answer = await post(MARKET_PATHS.kline, { symbol: 'shibusdt', timer: '1min' })
    expect(answer.json).toMatchObject({ status: 'error', 'err-code': 'invalid-parameter' })
    expect(upstream.hits).toEqual([])
  })

  it('answers 502 when the upstream cannot be reached', async () => {
    const closedPort = await startUpstream()
    await closedPort.close()
    const lonely = await startMarket({ marketSource: 'huobi', huobiUrl: closedPort.url, huobiTimeoutMs: 300 })
    try {
      const answer = await lonely.post(MARKET_PATHS.prices, {})
      expect(answer.status).toBe(502)
      expect(answer.json).toMatchObject({ status: 'error', 'err-code': 'upstream-unavailable' })
    } finally {
      await lonely.close()
    }
  })
})
