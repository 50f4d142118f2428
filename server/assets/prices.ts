// The feed's current price of each currency in USDT (spec §9: USDT is 1, others their USDT pair's
// close), read from the same market source the market routes answer from, so an exchange uses the
// price the user sees on the chart.
import { BigNumber } from 'bignumber.js'
import type { MarketSource } from '../market/source.ts'

/** A usable price, or undefined (bignumber.js throws on text that is not a number). */
function parsePrice(text: string): BigNumber | undefined {
  try {
    const value = new BigNumber(text)
    return value.isFinite() && value.isGreaterThan(0) ? value : undefined
  } catch {
    return undefined
  }
}

/** Currency → USDT price, or undefined when the feed cannot answer now (Huobi proxy down). */
export async function usdtPrices(market: MarketSource): Promise<ReadonlyMap<string, BigNumber> | undefined> {
  let answer
  try {
    answer = await market.prices()
  } catch {
    return undefined
  }
  const prices = new Map<string, BigNumber>([['USDT', new BigNumber(1)]])
  for (const item of answer.data) {
    if (item.quoteCoin.toUpperCase() !== 'USDT') continue
    const close = parsePrice(item.close)
    if (close) prices.set(item.baseCoin.toUpperCase(), close)
  }
  return prices
}
