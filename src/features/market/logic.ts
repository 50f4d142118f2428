// Pure market rules: change, colour, sorting and the candle merge (spec §3, §9).
import type { Candle, QuoteCoin, Tick } from '../../contract/market.ts'
import { PAIR_CATALOGUE, PAIR_PRECISION, QUOTE_COINS, toSymbol } from '../../contract/market.ts'
// Text-level decimals (lib/decimal-text): the list and home screens show and order prices but do
// no arithmetic on money, so they load no decimal library. The chart's turnover lives with the chart.
import { compareText, DEFAULT_PRECISION, percentChangeText } from '../../lib/decimal-text'

export type Trend = 'up' | 'down' | 'flat'

/** Spec §2: prices are coloured by the sign of close − open. */
export function trendOf(open: string, close: string): Trend {
  const order = compareText(close, open)
  return order === 1 ? 'up' : order === -1 ? 'down' : 'flat'
}

/** 24 h change in percent as a decimal string ((close − open) / open × 100); '0' when open is 0. */
export const changePercent = (open: string, close: string): string => percentChangeText(open, close) ?? '0'

export const sameTick = (a: Tick, b: Tick): boolean =>
  a.close === b.close && a.open === b.open && a.high === b.high && a.low === b.low && a.amount === b.amount && a.vol === b.vol

/**
 * Merges candles (in any order, newest-first as the server sends them) into a list sorted oldest
 * first: a candle with a known id replaces it, a newer one is appended. Answers the same array
 * when nothing changed, so the atom is not set and the chart does not redraw.
 */
export function mergeCandles(current: Candle[], incoming: Candle[]): Candle[] {
  const byId = new Map(current.map((candle, index) => [candle.id, index]))
  let next: Candle[] | null = null
  for (const candle of incoming.toSorted((a, b) => a.id - b.id)) {
    const index = byId.get(candle.id)
    const base = next ?? current
    if (index !== undefined) {
      const old = base[index]
      if (old && old.close === candle.close && old.high === candle.high && old.low === candle.low && old.vol === candle.vol && old.open === candle.open) continue
      next ??= [...current]
      next[index] = candle
    } else if (base.length === 0 || candle.id > (base.at(-1)?.id ?? -Infinity)) {
      next ??= [...current]
      byId.set(candle.id, next.length)
      next.push(candle)
    }
  }
  return next ?? current
}

export type SortKey = 'default' | 'price' | 'change' | 'volume'
export type SortDirection = 'asc' | 'desc'

interface Sortable {
  symbol: string
  tick: Tick
}

/** Sorts pairs by price, 24 h change or 24 h turnover, comparing the decimals exactly. */
export function sortPairs<T extends Sortable>(pairs: T[], key: SortKey, direction: SortDirection): T[] {
  if (key === 'default') return pairs
  const value = (pair: T) =>
    key === 'price' ? pair.tick.close : key === 'change' ? changePercent(pair.tick.open, pair.tick.close) : pair.tick.vol
  const sign = direction === 'asc' ? 1 : -1
  return pairs.toSorted((a, b) => sign * (compareText(value(a), value(b)) ?? 0))
}

export interface SortState {
  key: SortKey
  direction: SortDirection
}
export const DEFAULT_SORT: SortState = { key: 'default', direction: 'desc' }

export function nextSort(current: SortState, key: Exclude<SortKey, 'default'>): SortState {
  if (current.key !== key) return { key, direction: 'desc' }
  return current.direction === 'desc' ? { key, direction: 'asc' } : DEFAULT_SORT
}

/** The pair in a URL's search, as /market/kline and /action/* read it: ?symbol=btcusdt&base=BTC&quote=USDT. */
export interface PairSearch {
  symbol: string
  base: string
  quote: string
}
export const pairSearch = (pair: { symbol: string; baseCoin: string; quoteCoin: string }): PairSearch => ({
  symbol: pair.symbol,
  base: pair.baseCoin,
  quote: pair.quoteCoin,
})

/**
 * The left drawer's types (spec §2): where a tapped pair leads, and the account type the trade
 * screens should open with (types 2 and 3; type 1 only shows the chart and leaves it alone).
 * Type 4 is ours, not the spec's: the seconds-contract screen changes its pair through the same
 * drawer, trading from the contract account like type 3.
 */
export type DrawerType = 1 | 2 | 3 | 4
export const DRAWER_TARGETS = {
  1: { to: '/market/kline', accountType: null },
  2: { to: '/action/trade', accountType: 1 },
  3: { to: '/action/contract', accountType: 2 },
  4: { to: '/action/secondContract', accountType: 2 },
} as const satisfies Record<DrawerType, { to: string; accountType: 1 | 2 | null }>

/** Spec §2: the contract drawer (type 3) only lists USDT pairs; so does the seconds one (4). */
export const drawerQuotes = (type: DrawerType): readonly QuoteCoin[] => (type === 3 || type === 4 ? ['USDT'] : QUOTE_COINS)

/** The pairs home shows: the first of the USDT catalogue, a fixed set so the card never reshuffles. */
export const LEADING_PAIRS = PAIR_CATALOGUE.USDT.slice(0, 3).map((base) => toSymbol(base, 'USDT'))

/**
 * The price precision of a pair for the chart screen, which may be opened from a link before any
 * pair list loaded: the list's detail when known, else the contract's table, else the most
 * decimals among the 24 h prices (the feed truncates prices to the pair's precision, so a price
 * carries it), else spec §9's default of 8.
 */
export function pricePrecision(symbol: string, listed: number | undefined, tick: Tick | null): number {
  if (listed !== undefined) return listed
  const known = PAIR_PRECISION[symbol]
  if (known !== undefined) return known
  const places = tick ? Math.max(...[tick.open, tick.close, tick.high, tick.low].map((p) => p.split('.')[1]?.length ?? 0)) : 0
  return places > 0 ? places : DEFAULT_PRECISION
}
