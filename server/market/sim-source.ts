// MARKET_SOURCE=sim: answers from the simulated feed. Everything is a function of (seed, pair,
// second), so each answer is built at most once per second and key, stamped with that second;
// the forming candle, the book and the ticker move on every second of the injected clock.
import {
  type DetailsByQuoteAnswer,
  type PairDetail,
  type PriceListAnswer,
  type Tick,
  logoUrl,
} from '../../src/contract/market.ts'
import { formatUnits } from './bars.ts'
import { depthAt, lastTicks } from './depth.ts'
import { createFeed, type PairFeed } from './feed.ts'
import { createKlineStore } from './kline.ts'
import { stampedMemo } from './memo.ts'
import { PAIRS, type Pair, pairsOfQuote } from './pairs.ts'
import type { MarketSource } from './source.ts'
import { createTickerStore } from './ticker.ts'
import { tradesBefore } from './trades.ts'

/** Distinct (call, arguments) answers kept; sizes are free-form, so bound it. */
const MEMO_LIMIT = 256

export function createSimSource(seed: string, now: () => number): MarketSource {
  const feed = createFeed(seed)
  const klines = createKlineStore()
  const tickers = createTickerStore()
  const memo = stampedMemo<object>(MEMO_LIMIT)
  const tickMemo = stampedMemo<Tick>(PAIRS.length * 2)

  const second = () => Math.floor(now() / 1000)
  const feedOf = (pair: Pair): PairFeed => {
    const found = feed.pairs.get(pair.symbol)
    if (!found) throw new Error(`no feed for ${pair.symbol}`)
    return found
  }
  /** Memoized per second; the cast is safe because each key belongs to one call. */
  const cached = <T extends object>(key: string, at: number, build: () => T): T => memo.get(key, at, build) as T
  const tickOf = (pair: Pair, at: number): Tick => tickMemo.get(pair.symbol, at, () => tickers.tick(feedOf(pair), at))

  return {
    async kline(pair, period, size) {
      await klines.prepare(feedOf(pair), period, second(), size)
      const at = second()
      return cached(`kline|${pair.symbol}|${period}|${size}`, at, () => ({
        status: 'ok' as const,
        ch: `market.${pair.symbol}.kline.${period}`,
        ts: at * 1000,
        data: klines.candles(feedOf(pair), period, at, size),
      }))
    },
    async depth(pair, type, size) {
      const at = second()
      return cached(`depth|${pair.symbol}|${type}|${size}`, at, () => ({
        status: 'ok' as const,
        ch: `market.${pair.symbol}.depth.${type}`,
        ts: at * 1000,
        tick: depthAt(feedOf(pair), at, type, size),
      }))
    },
    async trades(pair, size) {
      const at = second()
      return cached(`trades|${pair.symbol}|${size}`, at, () => ({
        status: 'ok' as const,
        ch: `market.${pair.symbol}.trade.detail`,
        ts: at * 1000,
        data: tradesBefore(feedOf(pair), at, size),
      }))
    },
    async details(pair) {
      const at = second()
      return cached(`details|${pair.symbol}`, at, () => ({
        status: 'ok' as const,
        ch: `market.${pair.symbol}.detail`,
        ts: at * 1000,
        tick: tickOf(pair, at),
      }))
    },
    async detailsByQuote(quote) {
      const at = second()
      return cached(`by-quote|${quote}`, at, (): DetailsByQuoteAnswer => ({
        status: 'ok',
        ts: at * 1000,
        data: pairsOfQuote(quote).map(
          (pair): PairDetail => ({
            baseCoin: pair.base,
            quoteCoin: pair.quote,
            symbol: pair.symbol,
            logo: logoUrl(pair.base),
            precision: pair.precision,
            tick: tickOf(pair, at),
          }),
        ),
      }))
    },
    priceAt: (pair, ms) => formatUnits(lastTicks(feedOf(pair), Math.floor(ms / 1000)), pair.precision),
    depthAt: (pair, ms, size) => depthAt(feedOf(pair), Math.floor(ms / 1000), 'step0', size),
    async prices() {
      const at = second()
      return cached('prices', at, (): PriceListAnswer => ({
        status: 'ok',
        ts: at * 1000,
        data: PAIRS.map((pair) => ({
          symbol: pair.symbol,
          baseCoin: pair.base,
          quoteCoin: pair.quote,
          close: formatUnits(lastTicks(feedOf(pair), at), pair.precision),
        })),
      }))
    },
  }
}
