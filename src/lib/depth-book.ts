// An order book's rows and depth bars, shared by the chart screen's book and spot trading's: each
// side accumulates from the best price outwards, and every bar is that running total's share of
// the larger side's total, so both sides compare.
import type { Depth, DepthLevel } from '../contract/market.ts'
import { dec, tryDec, type BigNumber } from './decimal'
import { formatAmount, formatPrice } from './format'

export interface DepthRow {
  /** The level's price as the wire sent it: what a tap on the row hands to an order form. */
  rawPrice: string
  price: string
  amount: string
  /** Cumulative amount from the best price to this level. */
  total: string
  /** total ÷ the larger side's total, 0..1: a bar's width, not a figure anyone reads. */
  share: number
}

export interface DepthBook {
  /** Best (lowest) first. */
  asks: DepthRow[]
  /** Best (highest) first. */
  bids: DepthRow[]
}

function running(levels: readonly DepthLevel[], count: number): { level: DepthLevel; total: BigNumber }[] {
  let total = dec(0)
  return levels.slice(0, count).map((level) => {
    total = total.plus(tryDec(level[1]) ?? 0)
    return { level, total }
  })
}

function larger(a: BigNumber | undefined, b: BigNumber | undefined): BigNumber {
  const [x, y] = [a ?? dec(0), b ?? dec(0)]
  return x.isGreaterThan(y) ? x : y
}

/** The best `count` levels a side, prices at `precision` and amounts at `amountDecimals` (cut). */
export function depthBook(depth: Pick<Depth, 'asks' | 'bids'>, count: number, precision: number, amountDecimals: number): DepthBook {
  const asks = running(depth.asks, count)
  const bids = running(depth.bids, count)
  const largest = larger(asks.at(-1)?.total, bids.at(-1)?.total)
  const rows = (side: typeof asks): DepthRow[] =>
    side.map(({ level, total }) => ({
      rawPrice: level[0],
      price: formatPrice(level[0], precision),
      amount: formatAmount(level[1], amountDecimals),
      total: formatAmount(total, amountDecimals),
      // Number() only sizes a bar (CSS), it never prints.
      share: largest.isZero() ? 0 : Number(total.dividedBy(largest).toString()),
    }))
  return { asks: rows(asks), bids: rows(bids) }
}
