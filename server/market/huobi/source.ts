// MARKET_SOURCE=huobi: the market calls proxied to the public Huobi REST API. Each distinct call
// is fetched at most once per CACHE_MS and concurrent callers share the request in flight, so any
// number of clients polling costs the upstream one call per key and window. The pair lists and
// the price list come from one /market/tickers call; a catalogue pair the upstream does not list
// (delisted) is left out rather than invented.
import {
  type DetailsByQuoteAnswer,
  type KlineAnswer,
  logoUrl,
  type PriceListAnswer,
  type Tick,
} from '../../../src/contract/market.ts'
import { sharedLoads } from '../memo.ts'
import { PAIRS, pairsOfQuote } from '../pairs.ts'
import type { MarketSource } from '../source.ts'
import { integer, record, toCandles, toDeals, toDepth, toTick, toTickers } from './shapes.ts'
import { createUpstream, type Json, type UpstreamOptions } from './upstream.ts'

/** How long one upstream answer serves everyone. */
export const CACHE_MS = 1_500
/** Huobi's /market/depth returns 5, 10 or 20 levels a side. */
const DEPTH_STEPS = [5, 10, 20]

const CATALOGUE_SYMBOLS = new Set(PAIRS.map((pair) => pair.symbol))

export interface HuobiOptions extends UpstreamOptions {
  now: () => number
}

const channel = (value: Json | undefined, fallback: string): string => (typeof value === 'string' ? value : fallback)

export function createHuobiSource(options: HuobiOptions): MarketSource {
  const get = createUpstream(options)
  const loads = sharedLoads<object>(CACHE_MS, options.now, 512)
  /** The cast is safe because each key is loaded by one call only. */
  const cached = <T extends object>(key: string, load: () => Promise<T>): Promise<T> => loads.get(key, load) as Promise<T>

  const tickers = () =>
    cached('tickers', async () => {
      const body = await get('/market/tickers', {})
      return { ts: integer(body.ts), bySymbol: toTickers(body.data, CATALOGUE_SYMBOLS) }
    })

  return {
    kline: (pair, period, size) =>
      cached(`kline|${pair.symbol}|${period}|${size}`, async (): Promise<KlineAnswer> => {
        const body = await get('/market/history/kline', { symbol: pair.symbol, period, size: String(size) })
        return { status: 'ok', ch: channel(body.ch, `market.${pair.symbol}.kline.${period}`), ts: integer(body.ts), data: toCandles(body.data) }
      }),
    depth: (pair, type, size) =>
      cached(`depth|${pair.symbol}|${type}|${size}`, async () => {
        const depth = String(DEPTH_STEPS.find((step) => step >= size) ?? 20)
        const body = await get('/market/depth', { symbol: pair.symbol, type, depth })
        return { status: 'ok' as const, ch: channel(body.ch, `market.${pair.symbol}.depth.${type}`), ts: integer(body.ts), tick: toDepth(body.tick, size) }
      }),
    trades: (pair, size) =>
      cached(`trades|${pair.symbol}|${size}`, async () => {
        // `size` counts matches upstream, each holding one or more trades: enough for `size` trades.
        const body = await get('/market/history/trade', { symbol: pair.symbol, size: String(size) })
        return { status: 'ok' as const, ch: channel(body.ch, `market.${pair.symbol}.trade.detail`), ts: integer(body.ts), data: toDeals(body.data, size) }
      }),
    details: (pair) =>
      cached(`details|${pair.symbol}`, async () => {
        const body = await get('/market/detail', { symbol: pair.symbol })
        return { status: 'ok' as const, ch: channel(body.ch, `market.${pair.symbol}.detail`), ts: integer(body.ts), tick: toTick(record(body.tick)) }
      }),
    detailsByQuote: (quote) =>
      cached(`by-quote|${quote}`, async (): Promise<DetailsByQuoteAnswer> => {
        const { ts, bySymbol } = await tickers()
        const data = pairsOfQuote(quote).flatMap((pair) => {
          const tick: Tick | undefined = bySymbol.get(pair.symbol)
          if (!tick) return []
          return [{ baseCoin: pair.base, quoteCoin: pair.quote, symbol: pair.symbol, logo: logoUrl(pair.base), precision: pair.precision, tick }]
        })
        return { status: 'ok', ts, data }
      }),
    prices: () =>
      cached('prices', async (): Promise<PriceListAnswer> => {
        const { ts, bySymbol } = await tickers()
        const data = PAIRS.flatMap((pair) => {
          const tick = bySymbol.get(pair.symbol)
          return tick ? [{ symbol: pair.symbol, baseCoin: pair.base, quoteCoin: pair.quote, close: tick.close }] : []
        })
        return { status: 'ok', ts, data }
      }),
  }
}
