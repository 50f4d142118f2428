// The price of each coin in USDT, as a pure function of (seed, coin, minute). A sequential random
// walk would force computing every minute since some origin to know one; instead the log price is
// a sum of value-noise octaves whose lattice spacings grow 4× from 1 minute to ~2 years, each with
// the amplitude a random walk has over that spacing (σ·√spacing), the slow ones capped. Any minute
// costs the same few hashes, a contiguous range costs little more per minute than one, and a
// soft clamp keeps the price inside the coin's realistic band forever.
import { keyOf, signedAt } from './hash.ts'
import { COINS } from './pairs.ts'

const SPACINGS = [1, 4, 16, 64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576]
/** Value noise of amplitude a moves about 0.82·a over one spacing; 1.22 makes that σ·√spacing. */
const WALK_FACTOR = 1.22
/** No single slow octave may push more than this share of the band, so the clamp rarely bites. */
const OCTAVE_CAP = 0.6

interface Octave {
  spacing: number
  amplitude: number
  key: number
}

export interface CoinPath {
  /** Log of the band's geometric middle, and half the band's width in log terms. */
  center: number
  half: number
  octaves: Octave[]
  /** Typical one-minute log return; wicks are drawn in units of it. */
  sigma: number
  wickKey: number
}

export function coinPath(seed: string, coin: string): CoinPath {
  const profile = COINS[coin]
  if (!profile) throw new Error(`no profile for coin ${coin}`)
  const center = (Math.log(profile.low) + Math.log(profile.high)) / 2
  const half = (Math.log(profile.high) - Math.log(profile.low)) / 2
  const octaves = SPACINGS.map((spacing, index) => ({
    spacing,
    amplitude: Math.min(WALK_FACTOR * profile.sigma * Math.sqrt(spacing), OCTAVE_CAP * half),
    key: keyOf(seed, coin, 'octave', index),
  }))
  return { center, half, octaves, sigma: profile.sigma, wickKey: keyOf(seed, coin, 'wicks') }
}

/**
 * Writes the log price at the start of minutes start … start + count − 1 into out[0 … count − 1].
 * The arithmetic per minute is the same whatever the range, so a minute computed alone and the
 * same minute inside a day-long range are bit-identical.
 */
export function logPrices(path: CoinPath, start: number, count: number, out: Float64Array): void {
  out.fill(0, 0, count)
  for (const { spacing, amplitude, key } of path.octaves) {
    let cell = Math.floor(start / spacing)
    let offset = start - cell * spacing
    let from = signedAt(key, cell)
    let to = signedAt(key, cell + 1)
    const step = 1 / spacing
    for (let j = 0; j < count; j++) {
      const f = offset * step
      const eased = f * f * (3 - 2 * f)
      out[j] = (out[j] ?? 0) + amplitude * (from + (to - from) * eased)
      offset++
      if (offset === spacing) {
        offset = 0
        cell++
        from = to
        to = signedAt(key, cell + 1)
      }
    }
  }
  // Soft clamp y ↦ y / √(1 + y²): slope 1 near the middle, never reaching ±1; cheaper than tanh.
  const { center, half } = path
  for (let j = 0; j < count; j++) {
    const y = (out[j] ?? 0) / half
    out[j] = center + (half * y) / Math.sqrt(1 + y * y)
  }
}
