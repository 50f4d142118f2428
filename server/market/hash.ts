// Deterministic noise for the simulated feed. Every random-looking number of the market is a hash
// of (seed, stream, index), never the next draw of a generator, so any minute or second of any
// pair can be computed on its own, in any order, and always comes out the same.

/** murmur3's finalizer: a cheap 32-bit mix with full avalanche. */
function fmix32(value: number): number {
  let h = value | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** FNV-1a of a text, mixed: turns a seed and a stream name into a 32-bit key. */
export function keyOf(...parts: Array<string | number>): number {
  let h = 0x811c9dc5
  for (const char of parts.join('|')) {
    h ^= char.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193)
  }
  return fmix32(h)
}

/** A 32-bit hash of an index (any integer below 2^53) under a stream key. */
export function hashAt(key: number, index: number): number {
  const high = Math.floor(index / 4_294_967_296)
  return fmix32(Math.imul(fmix32(index >>> 0) ^ high, 0x9e3779b1) ^ key)
}

/** Uniform in [0, 1). */
export const unitAt = (key: number, index: number): number => hashAt(key, index) / 4_294_967_296

/** Uniform in [-1, 1). */
export const signedAt = (key: number, index: number): number => 2 * unitAt(key, index) - 1
