// The simulated feed's order book, trades, rolling 24 h ticks, pair lists, price list and logos:
// each consistent with the price of the same second, in the shapes of src/contract/market.ts.
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deal, DepthLevel, PairDetail } from '../../src/contract/market.ts'
import { MARKET_PATHS, PAIR_CATALOGUE, PAIR_PRECISION, toSymbol } from '../../src/contract/market.ts'
import type { TestServer } from './harness.ts'
import { rawRequest } from './raw-http.ts'
import { candles, DECIMAL, digitsOf, okAnswer, startMarket, T0 } from './market-support.ts'

let server: TestServer
beforeAll(async () => {
  server = await startMarket()
})
afterAll(() => server.close())

async function lastPrice(symbol: string): Promise<number> {
  const prices = await okAnswer(server, MARKET_PATHS.prices, {})
  return Number(prices.data.find((item: { symbol: string }) => item.symbol === symbol)?.close)
}

/** A decimal string as an exact integer of its last digit (same digits on both sides). */
const units = (value: string) => BigInt(value.replace('.', ''))

const depth = async (form: Record<string, string>) => (await okAnswer(server, MARKET_PATHS.depth, form)).tick

describe('simulated order book', () => {
  it('has 20 levels a side around the last price, bids descending below asks ascending', async () => {
    for (const symbol of ['btcusdt', 'adausdt', 'xrpbtc', 'eoseth']) {
      const answer = await okAnswer(server, MARKET_PATHS.depth, { symbol, timer: 'step0', size: '20' })
      expect(answer.ch).toBe(`market.${symbol}.depth.step0`)
      expect(answer.ts).toBe(Math.floor(T0 / 1000) * 1000)
      const { bids, asks } = answer.tick as { bids: DepthLevel[]; asks: DepthLevel[] }
      expect([bids.length, asks.length]).toEqual([20, 20])
      for (const [price, amount] of [...bids, ...asks]) {
        expect(price).toMatch(DECIMAL)
        expect(digitsOf(price)).toBe(PAIR_PRECISION[symbol])
        expect(Number(amount)).toBeGreaterThan(0)
      }
      const bidPrices = bids.map(([price]) => Number(price))
      const askPrices = asks.map(([price]) => Number(price))
      expect(bidPrices).toEqual(bidPrices.toSorted((a, b) => b - a))
      expect(askPrices).toEqual(askPrices.toSorted((a, b) => a - b))
      expect(new Set(bidPrices).size + new Set(askPrices).size).toBe(40)
      const last = await lastPrice(symbol)
      const [bestBid = 0, bestAsk = 0] = [bidPrices[0], askPrices[0]]
      expect(bestBid).toBeLessThan(last)
      expect(bestAsk).toBeGreaterThan(last)
      // A realistic spread: under 0.1 % of the price (a tick or two on the finest pairs).
      expect((bestAsk - bestBid) / last).toBeLessThan(0.001)
      // The 20 levels span a plausible slice of the price, not the whole market.
      expect(((askPrices[19] ?? 0) - (bidPrices[19] ?? 0)) / last).toBeLessThan(0.05)
    }
  })

  it('answers fewer levels on request, merges levels for stepN, and changes every second', async () => {
    const compact = await depth({ symbol: 'ethusdt', size: '5' })
    expect([compact.bids.length, compact.asks.length]).toEqual([5, 5])
    const merged = await depth({ symbol: 'btcusdt', timer: 'step2', size: '20' })
    for (const [price] of [...merged.bids, ...merged.asks] as DepthLevel[]) expect(price).toMatch(/00$/)
    expect(Number(merged.bids[0][0])).toBeLessThan(Number(merged.asks[0][0]))
    const before = await depth({ symbol: 'ltcusdt' })
    server.clock.advance(1)
    try {
      expect(await depth({ symbol: 'ltcusdt' })).not.toEqual(before)
    } finally {
      server.clock.now = T0
    }
  })
})

describe('simulated trades', () => {
  it('lists recent trades around the last price, newest first, trade-id decreasing', async () => {
    for (const symbol of ['btcusdt', 'dogebtc']) {
      const answer = await okAnswer(server, MARKET_PATHS.trades, { symbol })
      expect(answer.ch).toBe(`market.${symbol}.trade.detail`)
      const deals = answer.data as Deal[]
      expect(deals).toHaveLength(30)
      const last = await lastPrice(symbol)
      for (const [index, deal] of deals.entries()) {
        expect(Object.keys(deal).toSorted()).toEqual(['amount', 'direction', 'price', 'trade-id', 'ts'])
        expect(['buy', 'sell']).toContain(deal.direction)
        expect(Number(deal.amount)).toBeGreaterThan(0)
        expect(digitsOf(deal.price)).toBe(PAIR_PRECISION[symbol])
        expect(Math.abs(Number(deal.price) / last - 1)).toBeLessThan(0.005)
        expect(deal.ts).toBeLessThan(T0)
        expect(deal.ts).toBeGreaterThan(T0 - 3_600_000)
        const older = deals[index + 1]
        if (older) {
          expect(deal['trade-id']).toBeGreaterThan(older['trade-id'])
          expect(deal.ts).toBeGreaterThanOrEqual(older.ts)
        }
      }
      expect(new Set(deals.map((deal) => deal.direction)).size).toBe(2)
    }
    expect((await okAnswer(server, MARKET_PATHS.trades, { symbol: 'ethbtc', size: '100' })).data).toHaveLength(100)
  })

  it('adds up, minute by minute, to the candles’ volume', async () => {
    const deals = (await okAnswer(server, MARKET_PATHS.trades, { symbol: 'btcusdt', size: '100' })).data as Deal[]
    const [forming, closed] = await candles(server, 'btcusdt', '1min', 2)
    const oldest = deals.at(-1)?.ts ?? Infinity
    expect(oldest).toBeLessThan((closed?.id ?? 0) * 1000) // the closed minute is wholly in the list
    for (const candle of [forming, closed]) {
      const inMinute = deals.filter((deal) => Math.floor(deal.ts / 60_000) * 60 === candle?.id)
      expect(inMinute.length).toBeGreaterThan(0)
      expect(inMinute.reduce((sum, deal) => sum + units(deal.amount), 0n)).toBe(units(candle?.vol ?? ''))
    }
  })

  it('adds newer trades with higher ids as time passes', async () => {
    const before = (await okAnswer(server, MARKET_PATHS.trades, { symbol: 'xrpusdt' })).data as Deal[]
    server.clock.advance(30)
    try {
      const after = (await okAnswer(server, MARKET_PATHS.trades, { symbol: 'xrpusdt' })).data as Deal[]
      expect(after[0]?.['trade-id']).toBeGreaterThan(before[0]?.['trade-id'] ?? Infinity)
      // Trades already seen do not change.
      const seen = new Map(before.map((deal) => [deal['trade-id'], deal]))
      for (const deal of after) if (seen.has(deal['trade-id'])) expect(deal).toEqual(seen.get(deal['trade-id']))
    } finally {
      server.clock.now = T0
    }
  })
})

describe('simulated 24 h ticks and lists', () => {
  it('rolls the last 24 h: close is the last price, the window holds the last 1439 closed minutes', async () => {
    const answer = await okAnswer(server, MARKET_PATHS.details, { symbol: 'ethusdt', timer: '1day', size: '1' })
    expect(answer.ch).toBe('market.ethusdt.detail')
    const { tick } = answer
    expect(Object.keys(tick).toSorted()).toEqual(['amount', 'close', 'count', 'high', 'low', 'open', 'vol'])
    const minutes = await candles(server, 'ethusdt', '1min', 1441)
    expect(tick.close).toBe(minutes[0]?.close)
    const whole = minutes.slice(1, 1440)
    expect(Number(tick.high)).toBeGreaterThanOrEqual(Math.max(...whole.map((m) => Number(m.high))))
    expect(Number(tick.low)).toBeLessThanOrEqual(Math.min(...whole.map((m) => Number(m.low))))
    const sum = (list: typeof minutes) => list.reduce((total, m) => total + Number(m.vol), 0)
    expect(Number(tick.amount)).toBeGreaterThanOrEqual(sum(whole) - 1e-6)
    expect(Number(tick.amount)).toBeLessThanOrEqual(sum(minutes) + 1e-6)
    // Turnover (quote) is about amount × price; open is the price of 24 h ago.
    const mean = (Number(tick.high) + Number(tick.low)) / 2
    expect(Number(tick.vol) / Number(tick.amount) / mean).toBeGreaterThan(0.95)
    expect(Number(tick.vol) / Number(tick.amount) / mean).toBeLessThan(1.05)
    expect(Number(tick.open)).toBeGreaterThanOrEqual(Number(minutes[1440]?.low))
    expect(Number(tick.open)).toBeLessThanOrEqual(Number(minutes[1440]?.high))
    expect(tick.count).toBeGreaterThan(1000)
  })

  it('lists each quote coin’s pairs in catalogue order with logo, precision and the same tick', async () => {
    for (const [quote, bases] of Object.entries(PAIR_CATALOGUE)) {
      const answer = await okAnswer(server, MARKET_PATHS.detailsByQuote, { quoteCoin: quote.toLowerCase() })
      const rows = answer.data as PairDetail[]
      expect(rows.map((row) => row.baseCoin)).toEqual(bases)
      for (const row of rows) {
        const symbol = toSymbol(row.baseCoin, quote)
        expect(row).toMatchObject({ quoteCoin: quote, symbol, precision: PAIR_PRECISION[symbol], logo: `/bb/huobi/logo/${row.baseCoin.toLowerCase()}.svg` })
        expect(row.tick).toEqual((await okAnswer(server, MARKET_PATHS.details, { symbol })).tick)
      }
    }
  })

  it('serves every coin logo itself as an inert SVG', async () => {
    const rows = (await okAnswer(server, MARKET_PATHS.detailsByQuote, { quoteCoin: 'USDT' })).data as PairDetail[]
    for (const { logo, baseCoin } of rows) {
      const answer = await server.get(logo)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(answer.text).toContain(`>${baseCoin}</text>`)
      expect(answer.text).not.toMatch(/<script|href=|url\(|on\w+=/i)
    }
    for (const path of ['/bb/huobi/logo/shib.svg', '/bb/huobi/logo/btc.png', '/bb/huobi/logo/..%2Fbtc.svg']) {
      const answer = await server.get(path)
      expect(answer.status).toBe(404)
      expect(answer.json).toEqual({ status: 'error', 'err-code': 'not-found', 'err-msg': 'Not found', data: null })
    }
  })

  it('compresses big answers (brotli first, else gzip) for clients that accept it, byte for byte the same JSON', async () => {
    const form = { symbol: 'btcusdt', timer: '5min', size: '2000' }
    const plain = await server.post(MARKET_PATHS.kline, form, { 'accept-encoding': 'identity' })
    const zipped = await server.post(MARKET_PATHS.kline, form, { 'accept-encoding': 'gzip, deflate' })
    const brotli = await server.post(MARKET_PATHS.kline, form, { 'accept-encoding': 'gzip, deflate, br' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    for (const answer of [plain, zipped, brotli]) expect(answer.headers.get('vary')).toBe('accept-encoding')
    expect(zipped.text).toBe(plain.text)
    expect(brotli.text).toBe(plain.text)
  })

  it('sends the kline compressed on the wire, the same bytes to every request of the same second', async () => {
    const body = 'symbol=btcusdt&timer=1min&size=2000'
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, deflate, br' }
    const first = await rawRequest(server.url, 'POST', MARKET_PATHS.kline, body, headers)
    const second = await rawRequest(server.url, 'POST', MARKET_PATHS.kline, body, headers)
    expect(first.headers['content-encoding']).toBe('br')
    const wire = Number(first.headers['content-length'])
    const json = brotliDecompressSync(first.raw)
    expect(JSON.parse(json.toString('utf8')).data).toHaveLength(2000)
    expect(wire).toBe(first.raw.length)
    expect(wire).toBeLessThan(json.length / 4)
    // The test clock stands still: one second, one answer object, one compression.
    expect(second.raw.equals(first.raw)).toBe(true)
  })
})
