// Pure market rules: change, colour, sorting, turnover and the candle merge (spec §3, §9).
import type { Candle, Tick } from '../../contract/market.ts'
import { dec, tryDec } from '../../lib/decimal'

export type Trend = 'up' | 'down' | 'flat'

/** Spec §2: prices are coloured by the sign of close − open. */
export function trendOf(open: string, close: string): Trend {
  const [o, c] = [tryDec(open), tryDec(close)]
  if (!o || !c || c.isEqualTo(o)) return 'flat'
  return c.isGreaterThan(o) ? 'up' : 'down'
}

/** 24 h change in percent as a decimal string ((close − open) / open × 100); '0' when open is 0. */
export function changePercent(open: string, close: string): string {
  const [o, c] = [tryDec(open), tryDec(close)]
  if (!o || !c || o.isZero()) return '0'
  return c.minus(o).dividedBy(o).times(100).toString()
}

/** Spec §3: turnover is the mean of the four prices times the volume. */
export function turnover(candle: Candle): string {
  return dec(candle.open).plus(candle.high).plus(candle.low).plus(candle.close).dividedBy(4).times(candle.vol).toString()
}

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

/** Sorts pairs by price, 24 h change or 24 h turnover, with bignumber comparisons. */
export function sortPairs<T extends Sortable>(pairs: T[], key: SortKey, direction: SortDirection): T[] {
  if (key === 'default') return pairs
  const value = (pair: T) =>
    key === 'price' ? dec(pair.tick.close) : key === 'change' ? dec(changePercent(pair.tick.open, pair.tick.close)) : dec(pair.tick.vol)
  const sign = direction === 'asc' ? 1 : -1
  return pairs.toSorted((a, b) => sign * (value(a).comparedTo(value(b)) ?? 0))
}
