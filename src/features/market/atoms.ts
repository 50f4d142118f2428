// Market state, written only by the poll's answers (through sw-bridge) and read by the rows.
// One atom per pair (architecture §4): a tick sets a pair's atom only when one of its values
// changed, so rows whose prices stood still do not re-render.
import type { Candle, Deal, Depth, PairDetail, QuoteCoin, Tick } from '../../contract/market.ts'
import { atom, atomFamily } from '../../lib/store'
import { mergeCandles, sameTick, sortPairs, type SortDirection, type SortKey, type SortState } from './logic'

export type LoadState = 'loading' | 'ready' | 'error'

/** The latest detail of each pair, by symbol (btcusdt). */
export const pairFamily = atomFamily((_symbol: string) => atom<PairDetail | null>(null))

/** The symbols listed under a quote coin, in catalogue order, and whether they have loaded. */
export const quoteListFamily = atomFamily((_quote: QuoteCoin) => atom<{ state: LoadState; symbols: string[] }>({ state: 'loading', symbols: [] }))

/** Applies a getHuobiDetailsByQuoteCoin answer: only changed pairs and a changed order are set. */
export const applyQuoteDetailsAtom = atom(null, (get, set, quote: QuoteCoin, details: PairDetail[]) => {
  for (const detail of details) {
    const row = pairFamily(detail.symbol)
    const current = get(row)
    if (!current || !sameTick(current.tick, detail.tick) || current.logo !== detail.logo) set(row, detail)
  }
  const symbols = details.map((d) => d.symbol)
  const list = get(quoteListFamily(quote))
  if (list.state !== 'ready' || list.symbols.join() !== symbols.join()) set(quoteListFamily(quote), { state: 'ready', symbols })
})

export const markQuoteFailedAtom = atom(null, (get, set, quote: QuoteCoin) => {
  const list = get(quoteListFamily(quote))
  // Keep showing what was loaded; only a list that never loaded turns into an error state.
  if (list.state === 'loading') set(quoteListFamily(quote), { state: 'error', symbols: [] })
})

const klineKey = (symbol: string, period: string) => `${symbol}:${period}`

/** Candles of a pair and period, oldest first (as the chart draws them). */
export const klineFamily = atomFamily((_key: string) => atom<Candle[] | null>(null))
export const klineAtom = (symbol: string, period: string) => klineFamily(klineKey(symbol, period))

/** A full load replaces the candles; a tick's newest candles are merged into them. */
export const applyCandlesAtom = atom(null, (get, set, symbol: string, period: string, candles: Candle[], full: boolean) => {
  const target = klineAtom(symbol, period)
  const current = get(target)
  if (full || !current) set(target, mergeCandles([], candles))
  else {
    const merged = mergeCandles(current, candles)
    if (merged !== current) set(target, merged)
  }
})

export const depthFamily = atomFamily((_symbol: string) => atom<Depth | null>(null))
export const tradesFamily = atomFamily((_symbol: string) => atom<Deal[] | null>(null))

// A family member per quote and order; `last` lives with its atom, one per (quote, order).
const sortedSymbolsFamily = atomFamily((id: string) => {
  const [quote, key, direction] = id.split(':') as [QuoteCoin, SortKey, SortDirection]
  let last: string[] = []
  return atom((get) => {
    const { symbols } = get(quoteListFamily(quote))
    if (key === 'default') return symbols
    const pairs = symbols.flatMap((symbol) => get(pairFamily(symbol)) ?? [])
    const next = sortPairs(pairs, key, direction).map((pair) => pair.symbol)
    if (next.join() !== last.join()) last = next
    return last
  })
})

/**
 * The symbols of a quote list in the chosen order. It answers the same array while the order
 * stands, so a tick that reorders nothing re-renders no list, only the rows whose values changed.
 */
export const sortedSymbolsAtom = (quote: QuoteCoin, sort: SortState) => sortedSymbolsFamily(`${quote}:${sort.key}:${sort.direction}`)

/** The rolling 24 h of one pair from the details topic (the chart screen's header). */
export const detailsFamily = atomFamily((_symbol: string) => atom<Tick | null>(null))
/** Sets a details tick only when a value changed, so the header does not re-render on a still tick. */
export const applyDetailsAtom = atom(null, (get, set, symbol: string, tick: Tick) => {
  const current = get(detailsFamily(symbol))
  if (!current || !sameTick(current, tick)) set(detailsFamily(symbol), tick)
})
