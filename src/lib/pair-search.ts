// A catalogue pair from a URL's search (?symbol=btcusdt&base=BTC&quote=USDT), as the chart screen
// and spot trading read it (and a USDT pair, as the contract account's screens read it): links from the list, the drawer and shared URLs may carry any text, so
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

export interface UsdtPair {
  symbol: string
  base: string
  quote: 'USDT'
}

/**
 * The screens that trade from the contract account (seconds and leveraged contracts) settle in
 * USDT, so only USDT pairs of the catalogue get through: base + quote when they name one, else the
 * symbol's pair, else BTC/USDT.
 */
export function parseUsdtPair(search: Record<string, unknown>): UsdtPair {
  const bases: readonly string[] = PAIR_CATALOGUE.USDT
  const named = text(search.quote).toUpperCase() === 'USDT' ? bases.find((coin) => coin === text(search.base).toUpperCase()) : undefined
  const symbol = text(search.symbol).toLowerCase()
  const base = named ?? bases.find((coin) => toSymbol(coin, 'USDT') === symbol) ?? DEFAULT_BASE
  return { symbol: toSymbol(base, 'USDT'), base, quote: 'USDT' }
}

/** A USDT screen's search as the router keeps it: links may name any pair, parseUsdtPair decides. */
export interface UsdtSearch {
  symbol?: string
  base?: string
  quote?: string
}

/** What a USDT screen's validateSearch keeps: the parsed pair when the search named one, else nothing. */
export function validUsdtSearch(search: Record<string, unknown>): UsdtSearch {
  const named = typeof search.base === 'string' || typeof search.symbol === 'string'
  return named ? parseUsdtPair(search) : {}
}
