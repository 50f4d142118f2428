// Bech32 (BIP-173) and Bech32m (BIP-350): the segwit addresses of Bitcoin and Litecoin (bc1…,
// ltc1…) and Cardano's Shelley addresses (addr1…, longer than BIP-173's 90 characters, hence the
// length limit is a parameter). The 6-character checksum catches any typo of up to 4 characters.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

export const BECH32_CONST = 1
export const BECH32M_CONST = 0x2bc830a3

function polymod(values: readonly number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    GENERATOR.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g
    })
  }
  return chk >>> 0
}

const expandPrefix = (prefix: string): number[] => [
  ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...prefix].map((c) => c.charCodeAt(0) & 31),
]

export interface Bech32Parts {
  prefix: string
  /** 5-bit words, without the checksum. */
  words: number[]
  /** BECH32_CONST or BECH32M_CONST: which checksum variant held. */
  variant: number
}

/** Splits and verifies a Bech32/Bech32m string; undefined if malformed or the checksum fails. */
export function decodeBech32(text: string, maxLength = 90): Bech32Parts | undefined {
  if (text.length > maxLength || (text !== text.toLowerCase() && text !== text.toUpperCase())) return undefined
  const lower = text.toLowerCase()
  const split = lower.lastIndexOf('1')
  if (split < 1 || split + 7 > lower.length) return undefined
  const prefix = lower.slice(0, split)
  if (![...prefix].every((c) => c.charCodeAt(0) >= 33 && c.charCodeAt(0) <= 126)) return undefined
  const words: number[] = []
  for (const char of lower.slice(split + 1)) {
    const word = CHARSET.indexOf(char)
    if (word < 0) return undefined
    words.push(word)
  }
  const check = polymod([...expandPrefix(prefix), ...words])
  if (check !== BECH32_CONST && check !== BECH32M_CONST) return undefined
  return { prefix, words: words.slice(0, -6), variant: check }
}

export function encodeBech32(prefix: string, words: readonly number[], variant = BECH32_CONST): string {
  const mod = polymod([...expandPrefix(prefix), ...words, 0, 0, 0, 0, 0, 0]) ^ variant
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31)
  return `${prefix}1${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`
}

/** Regroups bits (8 → 5 to encode, 5 → 8 to decode); undefined if the padding is not clean. */
export function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0
  let bits = 0
  const out: number[] = []
  const max = (1 << to) - 1
  // Only the bits still to be emitted are kept, so acc never outgrows 32 bits.
  const keep = (1 << (from + to - 1)) - 1
  for (const value of data) {
    acc = ((acc << from) | value) & keep
    bits += from
    while (bits >= to) {
      bits -= to
      out.push((acc >>> bits) & max)
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max)
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0)) return undefined
  return out
}
