// The simulated market's pairs: the spec's catalogue (src/contract/market.ts) with what the
// simulation needs per pair. Prices are driven per coin in USDT; a cross pair is the ratio of its
// two coins, so ETH/BTC always equals ETH/USDT ÷ BTC/USDT at the same instant.
import { PAIR_CATALOGUE, PAIR_PRECISION, type QuoteCoin, toSymbol } from '../../src/contract/market.ts'

export interface CoinProfile {
  /** The price (USDT) keeps within [low, high] at all times: the levels the spec's pairs trade at. */
  low: number
  high: number
  /** Typical log return over one minute. */
  sigma: number
  /** Mean traded amount per minute on the USDT pair, in the coin. */
  minuteVolume: number
  /** Mean size of one trade, in the coin. */
  tradeSize: number
  /** Digits of amounts in this coin (volumes, depth, trades). */
  amountDigits: number
}

export const COINS: Readonly<Record<string, CoinProfile>> = {
  BTC: { low: 60_000, high: 100_000, sigma: 0.0006, minuteVolume: 2, tradeSize: 0.04, amountDigits: 6 },
  ETH: { low: 2_000, high: 4_000, sigma: 0.0008, minuteVolume: 30, tradeSize: 0.6, amountDigits: 4 },
  LTC: { low: 60, high: 120, sigma: 0.0009, minuteVolume: 150, tradeSize: 3, amountDigits: 4 },
  EOS: { low: 0.5, high: 1, sigma: 0.001, minuteVolume: 20_000, tradeSize: 400, amountDigits: 2 },
  ADA: { low: 0.3, high: 0.8, sigma: 0.001, minuteVolume: 60_000, tradeSize: 1_200, amountDigits: 2 },
  XRP: { low: 0.4, high: 2, sigma: 0.001, minuteVolume: 80_000, tradeSize: 1_500, amountDigits: 2 },
  DOGE: { low: 0.08, high: 0.3, sigma: 0.0012, minuteVolume: 500_000, tradeSize: 10_000, amountDigits: 2 },
}

/** Cross pairs trade a fraction of the USDT pair's volume. */
const VOLUME_SHARE: Record<QuoteCoin, number> = { USDT: 1, BTC: 0.12, ETH: 0.05 }

export interface Pair {
  symbol: string
  base: string
  quote: QuoteCoin
  /** Digits after the point of every price of the pair. */
  precision: number
  /** Digits after the point of amounts (the base coin's). */
  amountDigits: number
  /** Typical one-minute log return of the pair. */
  sigma: number
  minuteVolume: number
  tradeSize: number
}

function coin(name: string): CoinProfile {
  const profile = COINS[name]
  if (!profile) throw new Error(`no profile for coin ${name}`)
  return profile
}

function makePair(base: string, quote: QuoteCoin): Pair {
  const symbol = toSymbol(base, quote)
  const precision = PAIR_PRECISION[symbol]
  if (precision === undefined) throw new Error(`no precision for ${symbol}`)
  const profile = coin(base)
  const quoteSigma = quote === 'USDT' ? 0 : coin(quote).sigma
  return {
    symbol,
    base,
    quote,
    precision,
    amountDigits: profile.amountDigits,
    sigma: Math.hypot(profile.sigma, quoteSigma),
    minuteVolume: profile.minuteVolume * VOLUME_SHARE[quote],
    tradeSize: profile.tradeSize * (quote === 'USDT' ? 1 : 0.5),
  }
}

/** Every pair, in catalogue order (USDT, BTC, ETH; bases as listed). */
export const PAIRS: readonly Pair[] = (Object.keys(PAIR_CATALOGUE) as QuoteCoin[]).flatMap((quote) =>
  PAIR_CATALOGUE[quote].map((base) => makePair(base, quote)),
)

const BY_SYMBOL = new Map(PAIRS.map((pair) => [pair.symbol, pair]))

export const findPair = (symbol: string): Pair | undefined => BY_SYMBOL.get(symbol)

export const pairsOfQuote = (quote: QuoteCoin): Pair[] => PAIRS.filter((pair) => pair.quote === quote)
