// The chart screen's URL search (?symbol=btcusdt&base=BTC&quote=USDT&period=1min): links from the
// list, the drawer and shared URLs may carry any text, so only a pair of the catalogue and a known
// period get through; anything else falls back to BTC/USDT at 1 minute.
import {
  DEFAULT_PERIOD, DEFAULT_QUOTE, KLINE_PERIODS, PAIR_CATALOGUE, QUOTE_COINS, toSymbol,
  type KlinePeriod, type QuoteCoin,
} from '../../contract/market.ts'

/** What the route accepts; every field optional, so links may name only the pair. */
export interface KlineSearch {
  symbol?: string
  base?: string
  quote?: string
  period?: KlinePeriod
}

export interface KlinePair {
  symbol: string
  base: string
  quote: QuoteCoin
  period: KlinePeriod
}

const DEFAULT_BASE = 'BTC'

function pairOf(base: string, quote: string): { base: string; quote: QuoteCoin } | null {
  const q = QUOTE_COINS.find((coin) => coin === quote.toUpperCase())
  const bases: readonly string[] = q ? PAIR_CATALOGUE[q] : []
  const b = bases.find((coin) => coin === base.toUpperCase())
  return q && b ? { base: b, quote: q } : null
}

function pairOfSymbol(symbol: string): { base: string; quote: QuoteCoin } | null {
  for (const quote of QUOTE_COINS) {
    const base = PAIR_CATALOGUE[quote].find((coin) => toSymbol(coin, quote) === symbol.toLowerCase())
    if (base) return { base, quote }
  }
  return null
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The pair and period of a search: base + quote when they name a listed pair, else the symbol, else BTC/USDT. */
export function parseKlineSearch(search: Record<string, unknown>): KlinePair {
  const pair = pairOf(text(search.base), text(search.quote)) ?? pairOfSymbol(text(search.symbol)) ?? { base: DEFAULT_BASE, quote: DEFAULT_QUOTE }
  const period = KLINE_PERIODS.find((p) => p === search.period) ?? DEFAULT_PERIOD
  return { ...pair, symbol: toSymbol(pair.base, pair.quote), period }
}
