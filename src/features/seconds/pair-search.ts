// The seconds screen's URL search (?symbol=btcusdt&base=BTC&quote=USDT, as the drawer writes it).
// Seconds contracts trade from the contract account in USDT, so only USDT pairs of the catalogue
// get through; anything else is BTC/USDT. Kept free of decimal code: validateSearch runs in the
// app's first chunk, which the home page's budget pays for.
import { PAIR_CATALOGUE, toSymbol } from '../../contract/market.ts'

export interface SecondsSearch {
  symbol?: string
  base?: string
  quote?: string
}

export interface SecondsPair {
  symbol: string
  base: string
  quote: 'USDT'
}

const QUOTE = 'USDT'
const text = (value: unknown): string => (typeof value === 'string' ? value.toUpperCase() : '')

/** base + quote when they name a USDT pair, else the symbol's pair, else BTC/USDT. */
export function parseSecondsSearch(search: Record<string, unknown>): SecondsPair {
  const bases: readonly string[] = PAIR_CATALOGUE[QUOTE]
  const named = text(search.quote) === QUOTE ? bases.find((coin) => coin === text(search.base)) : undefined
  const symbol = typeof search.symbol === 'string' ? search.symbol.toLowerCase() : ''
  const base = named ?? bases.find((coin) => toSymbol(coin, QUOTE) === symbol) ?? 'BTC'
  return { symbol: toSymbol(base, QUOTE), base, quote: QUOTE }
}
