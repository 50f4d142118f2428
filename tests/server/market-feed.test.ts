// The simulated feed's candles: 2000 of every period, sane and at the pair's precision, exactly
// aggregated from the one-minute truth, and time moving only the forming candle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Candle, KlinePeriod } from '../../src/contract/market.ts'
import { KLINE_PERIODS, PAIR_CATALOGUE, PAIR_PRECISION, PERIOD_SECONDS, toSymbol } from '../../src/contract/market.ts'
import type { TestServer } from './harness.ts'
import { big, candles, DECIMAL, digitsOf, startMarket, T0 } from './market-support.ts'

const NOW_SECOND = Math.floor(T0 / 1000)
const AMOUNT_DIGITS: Record<string, number> = { BTC: 6, ETH: 4, LTC: 4, EOS: 2, ADA: 2, XRP: 2, DOGE: 2 }
const PAIRS = Object.entries(PAIR_CATALOGUE).flatMap(([quote, bases]) =>
  bases.map((base) => ({ base, quote, symbol: toSymbol(base, quote) })),
)

let server: TestServer
beforeAll(async () => {
  server = await startMarket()
})
afterAll(() => server.close())

/** Every way a list of candles breaks the rules: bad decimals, low > open/close, high < them. */
function insanities(list: Candle[], symbol: string, amountDigits: number): string[] {
  const precision = PAIR_PRECISION[symbol]
  const problems: string[] = []
  for (const candle of list) {
    const prices = [candle.open, candle.close, candle.high, candle.low]
    const [open, close, high, low] = prices.map(Number) as [number, number, number, number]
    const shapeOk = prices.every((price) => DECIMAL.test(price) && digitsOf(price) === precision) && digitsOf(candle.vol) === amountDigits
    const orderOk = low > 0 && low <= Math.min(open, close) && high >= Math.max(open, close) && Number(candle.vol) >= 0
    if (!shapeOk || !orderOk) problems.push(`${symbol} ${JSON.stringify(candle)}`)
  }
  return problems
}

/** A decimal string with a known number of digits as an exact integer of its last digit. */
const units = (value: string): bigint => BigInt(value.replace('.', ''))

function expectAggregate(candle: Candle, minutes: Candle[], label: string): void {
  expect(minutes.length, label).toBeGreaterThan(0)
  const highest = minutes.reduce((a, b) => (units(b.high) > units(a.high) ? b : a))
  const lowest = minutes.reduce((a, b) => (units(b.low) < units(a.low) ? b : a))
  const volume = minutes.reduce((sum, m) => sum + units(m.vol), 0n)
  expect(candle, label).toEqual({
    id: candle.id,
    open: minutes[0]?.open,
    close: minutes.at(-1)?.close,
    high: highest.high,
    low: lowest.low,
    vol: candle.vol,
  })
  expect(units(candle.vol), label).toBe(volume)
}

describe('simulated kline', () => {
  it('serves 2000 candles of every period, newest (forming) first, ids aligned to the period', async () => {
    for (const symbol of ['btcusdt', 'xrpbtc']) {
      for (const period of KLINE_PERIODS) {
        // 2000 days of every USDT pair are read in market-prices.test.ts; a cross pair's take longest.
        const size = symbol === 'xrpbtc' && period === '1day' ? 200 : 2000
        const list = await candles(server, symbol, period, size)
        const step = PERIOD_SECONDS[period]
        expect(list).toHaveLength(size)
        const newest = Math.floor(NOW_SECOND / step) * step
        expect(list.map((candle) => candle.id)).toEqual(list.map((_, index) => newest - index * step))
        expect(insanities(list, symbol, symbol === 'btcusdt' ? 6 : 2)).toEqual([])
      }
    }
    // 1 day candles open at UTC midnight.
    expect((await candles(server, 'btcusdt', '1day', 3)).map((c) => new Date(c.id * 1000).toISOString())).toEqual([
      '2025-01-15T00:00:00.000Z',
      '2025-01-14T00:00:00.000Z',
      '2025-01-13T00:00:00.000Z',
    ])
  }, 20_000)

  it('keeps OHLC sane and every price at its pair precision, for every pair', async () => {
    for (const { symbol, base } of PAIRS) {
      expect(insanities(await candles(server, symbol, '1min'), symbol, AMOUNT_DIGITS[base] ?? 0)).toEqual([])
    }
  })

  it('aggregates every period exactly from the one-minute candles, the forming ones included', async () => {
    for (const symbol of ['btcusdt', 'ethbtc']) {
      const minutes = (await candles(server, symbol, '1min')).toReversed()
      const firstMinute = minutes[0]?.id ?? 0
      for (const period of KLINE_PERIODS.filter((p): p is Exclude<KlinePeriod, '1min'> => p !== '1min')) {
        const step = PERIOD_SECONDS[period]
        const list = await candles(server, symbol, period, period === '1day' ? 3 : 2000)
        const covered = list.filter((candle) => candle.id >= firstMinute)
        for (const candle of covered) {
          const inside = minutes.filter((m) => m.id >= candle.id && m.id < candle.id + step)
          expectAggregate(candle, inside, `${symbol} ${period} ${candle.id}`)
        }
        // Every candle that starts inside the window was checked, the forming one included.
        expect(covered.length, `${symbol} ${period}`).toBe(Math.floor(NOW_SECOND / step) - Math.ceil(firstMinute / step) + 1)
        if (period === '1day') expect(covered).toHaveLength(2)
      }
    }
  })

  it('moves only the forming candle as time passes, and closes it as it was', async () => {
    const own = await startMarket()
    try {
      const before = await candles(own, 'ethusdt', '1min', 500)
      own.clock.advance(10)
      const later = await candles(own, 'ethusdt', '1min', 500)
      expect(later.slice(1)).toEqual(before.slice(1))
      const [was, now] = [before[0] as Candle, later[0] as Candle]
      expect(now.id).toBe(was.id)
      expect(now.open).toBe(was.open)
      expect(big(now.high).gte(was.high) && big(now.low).lte(was.low)).toBe(true)
      expect(big(now.vol).gt(was.vol)).toBe(true)

      own.clock.advance(20) // into the next minute
      const closed = await candles(own, 'ethusdt', '1min', 500)
      expect(closed[0]?.id).toBe(was.id + 60)
      expect(closed.slice(2)).toEqual(before.slice(1, 499))
      const done = closed[1] as Candle
      expect(done.id).toBe(was.id)
      expect(done.open).toBe(was.open)
      expect(big(done.high).gte(now.high) && big(done.low).lte(now.low) && big(done.vol).gte(now.vol)).toBe(true)
      // The day candle moved with it, its past did not.
      const day = await candles(own, 'ethusdt', '1day', 5)
      own.clock.advance(45)
      const nextDay = await candles(own, 'ethusdt', '1day', 5)
      expect(nextDay.slice(1)).toEqual(day.slice(1))
      expect(nextDay[0]).not.toEqual(day[0])
    } finally {
      await own.close()
    }
  })
})

