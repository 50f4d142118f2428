// The smallest deposit that is credited: 1 USDT worth (spec §5, §9), in the deposited currency at
// the feed's price now, rounded UP to 8 decimals so that minimum × price is never below 1 USDT.
import { BigNumber } from 'bignumber.js'
import { MIN_DEPOSIT_USDT } from '../../src/contract/assets.ts'
import { usdtPrices } from '../assets/prices.ts'
import { DECIMALS } from '../ledger/amount.ts'
import type { MarketSource } from '../market/source.ts'

/** The minimum in `currency`, or undefined when the feed has no price now (Huobi proxy down). */
export async function depositMinimum(market: MarketSource, currency: string): Promise<string | undefined> {
  if (currency === 'USDT') return MIN_DEPOSIT_USDT
  const price = (await usdtPrices(market))?.get(currency)
  if (!price) return undefined
  return new BigNumber(MIN_DEPOSIT_USDT).div(price).decimalPlaces(DECIMALS, BigNumber.ROUND_UP).toFixed()
}
