// Pair details in the getHuobiDetailsByQuoteCoin shape, for tests that need a market without a feed.
import { PAIR_PRECISION, toSymbol, type PairDetail, type QuoteCoin, type Tick } from '../../src/contract/market.ts'

export function tickOf(open: string, close: string, vol = '1000'): Tick {
  return { open, close, high: close, low: open, amount: '10', vol, count: 100 }
}

export function detailOf(base: string, quote: QuoteCoin, open: string, close: string, vol?: string): PairDetail {
  const symbol = toSymbol(base, quote)
  return {
    baseCoin: base,
    quoteCoin: quote,
    symbol,
    logo: `/bb/huobi/logo/${base.toLowerCase()}.svg`,
    precision: PAIR_PRECISION[symbol] ?? 8,
    tick: tickOf(open, close, vol),
  }
}

/** The USDT list: BTC up, ETH down, LTC flat; volumes chosen so each sort gives another order. */
export const usdtDetails = (): PairDetail[] => [
  detailOf('BTC', 'USDT', '60000', '61234.567', '900000000'),
  detailOf('ETH', 'USDT', '3000', '2950.5', '2500000000'),
  detailOf('LTC', 'USDT', '80', '80', '5000'),
]
