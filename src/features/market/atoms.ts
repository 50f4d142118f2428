// Market state, written only by the poll's answers (through sw-bridge) and read by the rows.
// One atom per pair (DESIGN.md §4): a tick sets a pair's atom only when one of its values
// changed, so rows whose prices stood still do not re-render.
import type { Candle, Deal, Depth, PairDetail, QuoteCoin } from '../../contract/market.ts'
import { atom, atomFamily } from '../../lib/store'
import { mergeCandles, sameTick } from './logic'

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
