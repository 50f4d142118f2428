// Where seconds contracts get their prices. Two kinds of feed:
// - one that knows the price at any instant (the simulation: `priceAt`): an order opens at the
//   price of its open instant and settles at the price of its due instant, whenever the settling
//   pass happens to run — also after a restart, however long the server was down;
// - one that only knows the price now (the Huobi proxy): the scheduler samples the live price when
//   an order comes due and records it on the order. A sample counts for orders due at most
//   LIVE_GRACE_MS before it; an order older than that (the server or the upstream was down at its
//   due instant) has no honest price and is returned with its fee (settle.ts).
import { BigNumber } from 'bignumber.js'
import type { MarketSource } from '../market/source.ts'
import { findPair, type Pair } from '../market/pairs.ts'

export const LIVE_GRACE_MS = 5_000

/** symbol → price, or undefined when the feed cannot answer now. */
export type LivePrices = ReadonlyMap<string, string> | undefined

export interface SecondsPrices {
  /** The exact price at an instant, when the feed can tell any instant's price. */
  at: ((pair: Pair, ms: number) => string) | undefined
  /** Every pair's price now (one call to the feed). */
  live(): Promise<LivePrices>
}

const usable = (text: string): boolean => {
  try {
    const value = new BigNumber(text)
    return value.isFinite() && value.isGreaterThan(0)
  } catch {
    return false
  }
}

export function secondsPrices(market: MarketSource): SecondsPrices {
  const priceAt = market.priceAt
  return {
    at: priceAt ? (pair, ms) => priceAt.call(market, pair, ms) : undefined,
    async live() {
      try {
        const answer = await market.prices()
        return new Map(answer.data.filter((item) => usable(item.close)).map((item) => [item.symbol, item.close]))
      } catch {
        return undefined
      }
    },
  }
}

/** The opening price of an order placed at `ms`, or undefined when the feed has none now. */
export async function openingPrice(prices: SecondsPrices, symbol: string, ms: number): Promise<string | undefined> {
  const pair = findPair(symbol)
  if (!pair) return undefined
  if (prices.at) return prices.at(pair, ms)
  return (await prices.live())?.get(symbol)
}
