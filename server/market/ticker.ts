// The rolling 24 h of a pair (getDetails, the pair lists): exactly the seconds (t − 24 h, t]. The
// 1439 whole minutes in the middle are aggregated once per minute; the two partial minutes at the
// ends come from the intra-minute path, so `open` is the price 24 h ago to the second and every
// figure slides smoothly. Turnover is summed exactly (BigInt) as the spec's candle turnover: the
// mean of the four prices times the amount.
import { BigNumber } from 'bignumber.js'
import type { Tick } from '../../src/contract/market.ts'
import { type Bar, formatUnits, mergeBars } from './bars.ts'
import type { PairFeed } from './feed.ts'
import { minuteShape, partialBar } from './intraminute.ts'
import { minuteBlock } from './minute-block.ts'

const DAY_MINUTES = 1440

interface Window {
  bar: Bar
  /** Σ (open + high + low + close) × amount, in ticks × units. */
  turnover4: bigint
}

const turnoverOf = (bar: Bar): bigint => BigInt(bar.open + bar.high + bar.low + bar.close) * BigInt(bar.vol)

function middleOf(feed: PairFeed, first: number, count: number): Window {
  const block = minuteBlock(feed, first, count)
  let bar: Bar | undefined
  let turnover4 = 0n
  for (let j = 0; j < count; j++) {
    const minute: Bar = {
      open: Math.floor(block.open[j] ?? 0),
      high: Math.floor(block.high[j] ?? 0),
      low: Math.floor(block.low[j] ?? 0),
      close: Math.floor(block.close[j] ?? 0),
      vol: block.vol[j] ?? 0,
      trades: block.trades[j] ?? 0,
    }
    bar = mergeBars(bar, minute)
    turnover4 += turnoverOf(minute)
  }
  if (!bar) throw new Error('empty 24 h window')
  return { bar, turnover4 }
}

export interface TickerStore {
  tick(feed: PairFeed, second: number): Tick
}

export function createTickerStore(): TickerStore {
  const middles = new Map<string, { minute: number; window: Window }>()
  return {
    tick(feed, second) {
      const minute = Math.floor(second / 60)
      const intoMinute = second - minute * 60
      const firstMinute = minute - DAY_MINUTES
      let middle = middles.get(feed.pair.symbol)
      if (middle?.minute !== minute) {
        middle = { minute, window: middleOf(feed, firstMinute + 1, DAY_MINUTES - 1) }
        middles.set(feed.pair.symbol, middle)
      }
      const head = partialBar(minuteShape(feed, firstMinute), intoMinute, 60)
      const tail = partialBar(minuteShape(feed, minute), 0, intoMinute)
      const bar = mergeBars(mergeBars(head, middle.window.bar), tail)
      const turnover4 = turnoverOf(head) + middle.window.turnover4 + turnoverOf(tail)
      const { precision, amountDigits } = feed.pair
      return {
        open: formatUnits(bar.open, precision),
        close: formatUnits(bar.close, precision),
        high: formatUnits(bar.high, precision),
        low: formatUnits(bar.low, precision),
        amount: formatUnits(bar.vol, amountDigits),
        vol: new BigNumber(turnover4.toString())
          .div(4)
          .shiftedBy(-(precision + amountDigits))
          .toFixed(precision, BigNumber.ROUND_DOWN),
        count: bar.trades,
      }
    },
  }
}
