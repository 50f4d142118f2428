// The chart screen's URL search (?symbol=btcusdt&base=BTC&quote=USDT&period=1min): the pair as
// lib/pair-search reads it, and a known period, else 1 minute.
import { DEFAULT_PERIOD, KLINE_PERIODS, type KlinePeriod } from '../../contract/market.ts'
import { parseCataloguePair, type CataloguePair } from '../../lib/pair-search'

/** What the route accepts; every field optional, so links may name only the pair. */
export interface KlineSearch {
  symbol?: string
  base?: string
  quote?: string
  period?: KlinePeriod
}

export interface KlinePair extends CataloguePair {
  period: KlinePeriod
}

/** The pair and period of a search: base + quote when they name a listed pair, else the symbol, else BTC/USDT. */
export function parseKlineSearch(search: Record<string, unknown>): KlinePair {
  const period = KLINE_PERIODS.find((p) => p === search.period) ?? DEFAULT_PERIOD
  return { ...parseCataloguePair(search), period }
}
