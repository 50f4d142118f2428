// Everything the simulation derives from the seed, built once per server: the coin paths and the
// hash keys of every noise stream of every pair. The rest of the simulation only reads it.
import { type CoinPath, coinPath } from './coin-path.ts'
import { keyOf } from './hash.ts'
import { COINS, PAIRS, type Pair } from './pairs.ts'

export interface PairKeys {
  volume: number
  shape: number
  book: number
  deals: number
}

export interface PairFeed {
  pair: Pair
  base: CoinPath
  /** The quote coin's path; undefined for USDT, whose price is 1. */
  quote: CoinPath | undefined
  /** 10^precision: a price times this, floored, is the price in ticks. */
  scale: number
  /** 10^amountDigits: an amount times this is the amount in units. */
  amountScale: number
  /** Phase of the pair's daily volume cycle (radians). */
  volumePhase: number
  keys: PairKeys
}

export interface Feed {
  seed: string
  pairs: ReadonlyMap<string, PairFeed>
}

export function createFeed(seed: string): Feed {
  const paths = new Map(Object.keys(COINS).map((coin) => [coin, coinPath(seed, coin)]))
  const path = (coin: string): CoinPath => {
    const found = paths.get(coin)
    if (!found) throw new Error(`no path for coin ${coin}`)
    return found
  }
  const stream = (pair: Pair, name: string) => keyOf(seed, pair.symbol, name)
  const pairs = new Map(
    PAIRS.map((pair): [string, PairFeed] => [
      pair.symbol,
      {
        pair,
        base: path(pair.base),
        quote: pair.quote === 'USDT' ? undefined : path(pair.quote),
        scale: 10 ** pair.precision,
        amountScale: 10 ** pair.amountDigits,
        volumePhase: (keyOf(seed, pair.symbol, 'phase') / 4_294_967_296) * 2 * Math.PI,
        keys: {
          volume: stream(pair, 'volume'),
          // One for the whole market: every coin turns at the same seconds (vertices.ts).
          shape: keyOf(seed, 'turning-seconds'),
          book: stream(pair, 'book'),
          deals: stream(pair, 'deals'),
        },
      },
    ]),
  )
  return { seed, pairs }
}
