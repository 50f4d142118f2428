// A catalogue pair from a URL's search (?symbol=btcusdt&base=BTC&quote=USDT), as the chart screen
// and spot trading read it: links from the list, the drawer and shared URLs may carry any text, so
// only a pair of the catalogue gets through; anything else is BTC/USDT. Kept free of decimal code:
// validateSearch runs in the app's first chunk, which the home page's budget pays for.
import { DEFAULT_QUOTE, PAIR_CATALOGUE, QUOTE_COINS, toSymbol, type QuoteCoin } from '../contract/market.ts'

export interface CataloguePair {
  symbol: string
  base: string
  quote: QuoteCoin
}

const DEFAULT_BASE = 'BTC'
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

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

/** base + quote when they name a listed pair, else the symbol's pair, else BTC/USDT. */
export function parseCataloguePair(search: Record<string, unknown>): CataloguePair {
  const pair = pairOf(text(search.base), text(search.quote)) ?? pairOfSymbol(text(search.symbol)) ?? { base: DEFAULT_BASE, quote: DEFAULT_QUOTE }
  return { ...pair, symbol: toSymbol(pair.base, pair.quote) }
}
