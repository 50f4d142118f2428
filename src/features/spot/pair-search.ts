// The spot screen's URL search (?symbol=btcusdt&base=BTC&quote=USDT&side=sell), as the drawer
// (type 2), the chart's Buy/Sell bar and the Trade switch write it: any catalogue pair (else
// BTC/USDT) and the side the form opens on (else buy). Kept free of decimal code: validateSearch
// runs in the app's first chunk, which the home page's budget pays for.
import { parseCataloguePair, type CataloguePair } from '../../lib/pair-search'

export type SpotSide = 'buy' | 'sell'

export interface SpotSearch {
  symbol?: string
  base?: string
  quote?: string
  side?: SpotSide
}

export interface SpotPair extends CataloguePair {
  side: SpotSide
}

export const parseSide = (value: unknown): SpotSide => (value === 'sell' ? 'sell' : 'buy')

export function parseSpotSearch(search: Record<string, unknown>): SpotPair {
  return { ...parseCataloguePair(search), side: parseSide(search.side) }
}

/** What validateSearch keeps: the parsed pair when the search named one, the side when it named one. */
export function validSpotSearch(search: Record<string, unknown>): SpotSearch {
  const named = typeof search.base === 'string' || typeof search.symbol === 'string'
  const { symbol, base, quote, side } = parseSpotSearch(search)
  return { ...(named ? { symbol, base, quote } : {}), ...(search.side === 'buy' || search.side === 'sell' ? { side } : {}) }
}
