// The simulated feed's prices: the same seed gives the same market whatever was asked before,
// another seed another market; cross pairs equal the ratio of their USDT legs at every second;
// and 2000 days of every USDT pair at realistic levels and moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKET_PATHS, PAIR_CATALOGUE, toSymbol } from '../../src/contract/market.ts'
import type { TestServer } from './harness.ts'
import { big, candles, digitsOf, okAnswer, startMarket, T0 } from './market-support.ts'

const PAIRS = Object.entries(PAIR_CATALOGUE).flatMap(([quote, bases]) =>
  bases.map((base) => ({ base, quote, symbol: toSymbol(base, quote) })),
)
const CROSS = PAIRS.filter((pair) => pair.quote !== 'USDT')

let server: TestServer
beforeAll(async () => {
  server = await startMarket()
})
afterAll(() => server.close())

describe('simulated feed determinism', () => {
  const reads: Array<[string, Record<string, string>]> = [
    [MARKET_PATHS.kline, { symbol: 'btcusdt', timer: '1min', size: '2000' }],
    [MARKET_PATHS.kline, { symbol: 'dogeeth', timer: '30min', size: '300' }],
    [MARKET_PATHS.kline, { symbol: 'ltcbtc', timer: '1day', size: '20' }],
    [MARKET_PATHS.depth, { symbol: 'adausdt', timer: 'step0', size: '20' }],
    [MARKET_PATHS.trades, { symbol: 'eosbtc' }],
    [MARKET_PATHS.details, { symbol: 'xrpusdt', timer: '1day', size: '1' }],
    [MARKET_PATHS.detailsByQuote, { quoteCoin: 'ETH' }],
    [MARKET_PATHS.prices, {}],
  ]

  it('gives the same answers for the same seed and clock, and other answers for another seed', async () => {
    const twin = await startMarket()
    const other = await startMarket({ marketSeed: 'another-seed' })
    try {
      for (const [path, form] of reads) {
        const [mine, twins, others] = await Promise.all([server, twin, other].map((s) => s.post(path, form)))
        expect(twins?.text, path).toBe(mine?.text)
        expect(others?.json?.status).toBe('ok')
        expect(others?.text, path).not.toBe(mine?.text)
      }
    } finally {
      await Promise.all([twin.close(), other.close()])
    }
  })

  it('is a function of the time, not of what was asked before', async () => {
    const later = T0 + 3 * 3600_000 + 17_000
    const warm = await startMarket()
    const cold = await startMarket({}, later)
    try {
      for (const [path, form] of reads) await warm.post(path, form)
      warm.clock.now = later
      for (const [path, form] of reads) expect((await warm.post(path, form)).text, path).toBe((await cold.post(path, form)).text)
    } finally {
      await Promise.all([warm.close(), cold.close()])
    }
  })
})

/** The interval a truncated decimal stands for: [value, value + one unit of its last digit). */
const range = (value: string) => [big(value), big(value).plus(big(10).pow(-digitsOf(value)))] as const

function expectRatio(cross: string, baseUsdt: string, quoteUsdt: string, label: string): void {
  const [baseLow, baseHigh] = range(baseUsdt)
  const [quoteLow, quoteHigh] = range(quoteUsdt)
  const tick = big(10).pow(-digitsOf(cross))
  const value = big(cross)
  expect(value.gte(baseLow.div(quoteHigh).minus(tick)) && value.lte(baseHigh.div(quoteLow)), label).toBe(true)
}

describe('simulated prices', () => {
  it('keeps cross pairs equal to the ratio of their USDT legs at the same instant', async () => {
    const minuteStart = T0 - (T0 % 60_000)
    // At seconds all through a minute, not only at its boundaries…
    for (const second of [0, 2, 9, 23, 37, 41, 59]) {
      server.clock.now = minuteStart + second * 1000
      const prices = new Map<string, string>(
        (await okAnswer(server, MARKET_PATHS.prices, {})).data.map((item: { symbol: string; close: string }) => [item.symbol, item.close]),
      )
      expect([...prices.keys()]).toEqual(PAIRS.map((pair) => pair.symbol))
      for (const { base, quote, symbol } of CROSS) {
        const legs = [toSymbol(base, 'USDT'), toSymbol(quote, 'USDT')].map((leg) => prices.get(leg) ?? '')
        expectRatio(prices.get(symbol) ?? '', legs[0] ?? '', legs[1] ?? '', `${symbol} at :${second}`)
      }
    }
    server.clock.now = T0
    for (const { base, quote, symbol } of CROSS) {
      // …and all through history, candle by candle.
      const [cross, baseLeg, quoteLeg] = await Promise.all(
        [symbol, ...[base, quote].map((coin) => toSymbol(coin, 'USDT'))].map((s) => candles(server, s, '1min', 300)),
      )
      cross?.forEach((candle, index) => {
        expectRatio(candle.open, baseLeg?.[index]?.open ?? '', quoteLeg?.[index]?.open ?? '', `${symbol} ${candle.id}`)
        expectRatio(candle.close, baseLeg?.[index]?.close ?? '', quoteLeg?.[index]?.close ?? '', `${symbol} ${candle.id}`)
      })
    }
  })

  it('trades at realistic levels for 2000 days, with realistic moves', async () => {
    const bands: Record<string, [number, number]> = {
      btcusdt: [60_000, 100_000],
      ethusdt: [2_000, 4_000],
      ltcusdt: [60, 120],
      eosusdt: [0.5, 1],
      adausdt: [0.3, 0.8],
      xrpusdt: [0.4, 2],
      dogeusdt: [0.08, 0.3],
    }
    for (const [symbol, [low, high]] of Object.entries(bands)) {
      const days = await candles(server, symbol, '1day')
      const lows = days.map((day) => Number(day.low))
      const highs = days.map((day) => Number(day.high))
      expect(Math.min(...lows), symbol).toBeGreaterThan(low * 0.98)
      expect(Math.max(...highs), symbol).toBeLessThan(high * 1.02)
      // It wanders across its band over the years rather than sitting still…
      expect(Math.max(...highs) / Math.min(...lows), symbol).toBeGreaterThan(1 + ((high - low) / low) * 0.3)
      // …and a typical day moves by a fraction of a percent to several percent.
      const ranges = days.map((day) => Number(day.high) / Number(day.low) - 1).toSorted((a, b) => a - b)
      const median = ranges[1000] ?? 0
      expect(median, symbol).toBeGreaterThan(0.005)
      expect(median, symbol).toBeLessThan(0.12)
    }
    // Pure computation (2000 simulated days of seven pairs, about 6 s on an idle core): the full run
    // shares two cores between both engines' projects and their PostgreSQL, where it took over 20 s.
  }, 60_000)
})
