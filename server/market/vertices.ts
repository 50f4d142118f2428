// Inside a minute, a coin's log price runs straight between four vertices: the open, its first
// extreme, its second extreme and the close (open → high → low → close, or low first). The two
// turning seconds are the same for every coin in a given minute, so a cross pair's log price
// (base minus quote) is straight between the same four seconds. So for every pair, USDT or cross,
// the minute's high and low are simply the largest and smallest of four numbers, the price at any
// second is exact and cheap, and ETH/BTC equals ETH/USDT ÷ BTC/USDT at every second, not only at
// minute boundaries.
import { type CoinPath, logPrices } from './coin-path.ts'
import type { PairFeed } from './feed.ts'
import { hashAt } from './hash.ts'

/** Mean wick beyond the body, in units of the coin's one-minute σ. */
const WICK = 0.5
/** Values per minute in a vertex array: open, first extreme, second extreme, close. */
export const VERTICES = 4

/**
 * Log-price vertices of minutes start … start + count − 1 of a coin: minute j at 4j … 4j + 3.
 * Wicks of 3·WICK·σ·u²: mean WICK·σ, mostly short, now and then a long one; a hash bit per
 * minute and coin says whether the high or the low comes first.
 */
function coinVertices(path: CoinPath, start: number, count: number): Float64Array {
  const logs = new Float64Array(count + 1)
  logPrices(path, start, count + 1, logs)
  const out = new Float64Array(count * VERTICES)
  const wick = 3 * WICK * path.sigma
  for (let j = 0; j < count; j++) {
    const open = logs[j] ?? 0
    const close = logs[j + 1] ?? 0
    const bits = hashAt(path.wickKey, start + j)
    const up = (bits & 0x7fff) / 32_768
    const down = ((bits >>> 15) & 0x7fff) / 32_768
    const high = Math.max(open, close) + wick * up * up
    const low = Math.min(open, close) - wick * down * down
    const highFirst = bits >>> 31 === 1
    out[j * VERTICES] = open
    out[j * VERTICES + 1] = highFirst ? high : low
    out[j * VERTICES + 2] = highFirst ? low : high
    out[j * VERTICES + 3] = close
  }
  return out
}

/** The pair's log-price vertices: the base coin's, minus the quote coin's for a cross pair. */
export function pairVertices(feed: PairFeed, start: number, count: number): Float64Array {
  const vertices = coinVertices(feed.base, start, count)
  if (feed.quote) {
    const quote = coinVertices(feed.quote, start, count)
    for (let k = 0; k < vertices.length; k++) vertices[k] = (vertices[k] ?? 0) - (quote[k] ?? 0)
  }
  return vertices
}

export interface TurningSeconds {
  first: number
  second: number
}

/** The seconds of a minute at which every coin reaches its first and second extreme. */
export function turningSeconds(shapeKey: number, minute: number): TurningSeconds {
  const bits = hashAt(shapeKey, minute)
  const first = 3 + (bits % 35)
  return { first, second: first + 5 + ((bits >>> 8) % (51 - first)) }
}
