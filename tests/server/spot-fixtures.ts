// Helpers of the spot tests: the simulated feed's price and depth of any instant (the same
// functions the server fills with), the search for an instant the price path reaches a level, and
// the calls of a trader.
import { BigNumber } from 'bignumber.js'
import type { DepthLevel } from '../../src/contract/market.ts'
import { SPOT_PATHS } from '../../src/contract/spot.ts'
import { DEFAULT_CONFIG } from '../../server/config.ts'
import { findPair, type Pair } from '../../server/market/pairs.ts'
import { createSimSource } from '../../server/market/sim-source.ts'
import type { Answer, TestServer } from './harness.ts'

const sim = createSimSource(DEFAULT_CONFIG.marketSeed, () => 0)

export function pairOf(symbol: string): Pair {
  const pair = findPair(symbol)
  if (!pair) throw new Error(`no pair ${symbol}`)
  return pair
}

/** The feed's last price of a pair at an instant (ms). */
export function lastAt(symbol: string, ms: number): string {
  if (!sim.priceAt) throw new Error('the simulation knows every price')
  return sim.priceAt(pairOf(symbol), ms)
}

/** The feed's book of a pair at an instant (ms), 20 levels a side. */
export function depthAt(symbol: string, ms: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
  if (!sim.depthAt) throw new Error('the simulation knows every book')
  return sim.depthAt(pairOf(symbol), ms, 20)
}

/** The first whole second after `from` (ms) at which the last price satisfies `reached`, within a day. */
export function firstSecond(symbol: string, from: number, reached: (price: BigNumber) => boolean): number {
  const start = Math.floor(from / 1000) + 1
  for (let second = start; second < start + 86_400; second++) {
    if (reached(new BigNumber(lastAt(symbol, second * 1000)))) return second
  }
  throw new Error(`${symbol} never got there within a day`)
}

/** The lowest (or highest) last price of the next `seconds` after `from` (ms), and its first second. */
export function extremeAhead(symbol: string, from: number, seconds: number, kind: 'low' | 'high'): { price: string; second: number } {
  const start = Math.floor(from / 1000) + 1
  let best = { price: lastAt(symbol, start * 1000), second: start }
  for (let second = start + 1; second < start + seconds; second++) {
    const price = lastAt(symbol, second * 1000)
    const better = kind === 'low' ? new BigNumber(price).isLessThan(best.price) : new BigNumber(price).isGreaterThan(best.price)
    if (better) best = { price, second }
  }
  return best
}

export type SpotFields = { symbol?: string; side: '1' | '2'; type: '1' | '2' | '3' } & Partial<Record<'price' | 'amount' | 'total' | 'triggerPrice' | 'postOnly', string>>

export const place = (server: { post: TestServer['post'] }, headers: Record<string, string>, fields: SpotFields, extra: Record<string, string> = {}): Promise<Answer> =>
  server.post(SPOT_PATHS.place, { symbol: 'btcusdt', ...fields }, { ...headers, ...extra })

/** Places and answers the order; fails the test on a refusal. */
export async function placed(server: { post: TestServer['post'] }, headers: Record<string, string>, fields: SpotFields) {
  const answer = await place(server, headers, fields)
  if (answer.json?.code !== 1) throw new Error(`place failed: ${answer.text}`)
  return answer.json.data
}

export async function detail(server: { post: TestServer['post'] }, headers: Record<string, string>, id: string) {
  const answer = await server.post(SPOT_PATHS.order, { id }, headers)
  if (answer.json?.code !== 1) throw new Error(`order failed: ${answer.text}`)
  return answer.json.data
}

/** A price a given share away from a price, on the pair's grid (cut). */
export const shifted = (price: string, share: string, precision: number): string =>
  new BigNumber(price).times(new BigNumber(1).plus(share)).toFixed(precision, BigNumber.ROUND_DOWN)

export const sum = (values: readonly BigNumber.Value[]): BigNumber => values.reduce<BigNumber>((total, value) => total.plus(value), new BigNumber(0))
