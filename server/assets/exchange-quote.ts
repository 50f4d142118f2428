// What an exchange of `amount` from → to yields at given USDT prices: rate = price(from) ÷
// price(to); gross = amount × rate and fee = gross × feeRate, both truncated to 8 decimals (never
// rounded up in anyone's favour); receive = gross − fee. Pure, so a quote and the exchange it
// precedes compute the same way, and tests can check it against the feed's prices.
import { BigNumber } from 'bignumber.js'
import type { ExchangeQuote } from '../../src/contract/assets.ts'
import type { Database } from '../db/database.ts'
import { plain, truncate } from '../ledger/amount.ts'
import { rateParam } from '../params/rate.ts'

/** The rate is stated with more digits than amounts: DOGE in BTC is about 0.000002. */
export const RATE_DECIMALS = 12
export const DEFAULT_EXCHANGE_FEE_RATE = '0.002'

export function quoteExchange(
  input: { from: string; to: string; amount: string },
  priceFrom: BigNumber,
  priceTo: BigNumber,
  feeRate: string,
): ExchangeQuote {
  const exact = priceFrom.div(priceTo)
  const gross = truncate(exact.times(input.amount))
  const fee = truncate(gross.times(feeRate))
  return {
    from: input.from,
    to: input.to,
    amount: input.amount,
    rate: exact.decimalPlaces(RATE_DECIMALS, BigNumber.ROUND_DOWN).toFixed(),
    fee: plain(fee),
    feeRate,
    receive: plain(gross.minus(fee)),
  }
}

/** The gross amount of a quote (what the 'exchange' account gives before the fee). */
export const grossOf = (quote: ExchangeQuote): string => plain(new BigNumber(quote.receive).plus(quote.fee))

/** The stated fee rate (params row exchange_fee_rate, not public: every quote states it). */
export const exchangeFeeRate = async (db: Database): Promise<string> => await rateParam(db, 'exchange_fee_rate', DEFAULT_EXCHANGE_FEE_RATE)
