// The seconds screen's URL search (?symbol=btcusdt&base=BTC&quote=USDT, as the drawer writes it).
// Seconds contracts trade from the contract account in USDT, so only USDT pairs of the catalogue
// get through; anything else is BTC/USDT (lib/pair-search, shared with leveraged contracts). Kept
// free of decimal code: validateSearch runs in the app's first chunk, which the home page's budget
// pays for.
import { parseUsdtPair, type UsdtPair } from '../../lib/pair-search'

export interface SecondsSearch {
  symbol?: string
  base?: string
  quote?: string
}

export type SecondsPair = UsdtPair

/** base + quote when they name a USDT pair, else the symbol's pair, else BTC/USDT. */
export const parseSecondsSearch: (search: Record<string, unknown>) => SecondsPair = parseUsdtPair
