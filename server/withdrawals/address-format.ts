// The address formats of each chain (CHAINS of src/contract/assets.ts). A withdrawal can only go
// to an address of the book, and the book only takes addresses that pass these checks, including
// the checksum where the format has one: a typo must be refused here, not discovered on chain.
import { BITCOIN_ALPHABET, decodeBase58Check, RIPPLE_ALPHABET } from './base58.ts'
import { BECH32_CONST, BECH32M_CONST, convertBits, decodeBech32 } from './bech32.ts'

type Check = (address: string) => string | undefined

/** A Base58Check address with one of the version bytes and a 20-byte hash. */
const base58Check = (versions: readonly number[], alphabet = BITCOIN_ALPHABET): Check => (address) => {
  const decoded = decodeBase58Check(address, alphabet)
  return decoded && versions.includes(decoded.version) && decoded.payload.length === 20 ? address : undefined
}

/** A segwit address (BIP-173/350): v0 is Bech32 with a 20- or 32-byte program, v1+ Bech32m. */
const segwit = (prefix: string): Check => (address) => {
  const parts = decodeBech32(address)
  if (!parts || parts.prefix !== prefix || parts.words.length === 0) return undefined
  const [version = -1, ...rest] = parts.words
  const program = convertBits(rest, 5, 8, false)
  if (!program || version > 16 || program.length < 2 || program.length > 40) return undefined
  if (version === 0 && (parts.variant !== BECH32_CONST || (program.length !== 20 && program.length !== 32))) return undefined
  if (version !== 0 && parts.variant !== BECH32M_CONST) return undefined
  return address.toLowerCase()
}

const either = (...checks: Check[]): Check => (address) => {
  for (const check of checks) {
    const valid = check(address)
    if (valid !== undefined) return valid
  }
  return undefined
}

/** Cardano Shelley mainnet (addr1…): Bech32 beyond 90 characters, header nibble 1 = mainnet. */
const cardano: Check = (address) => {
  const parts = decodeBech32(address, 130)
  if (!parts || parts.prefix !== 'addr' || parts.variant !== BECH32_CONST) return undefined
  const bytes = convertBits(parts.words, 5, 8, false)
  const header = bytes?.[0]
  if (!bytes || header === undefined || (header & 0x0f) !== 1 || header >> 4 > 7 || bytes.length < 29 || bytes.length > 64) return undefined
  return address.toLowerCase()
}

/** EOS account names: a-z, 1-5 and dots, at most 12, not ending with a dot. */
const eosAccount: Check = (address) => (/^[a-z1-5.]{0,11}[a-z1-5]$/.test(address) ? address : undefined)

/** Hex is case-insensitive; without Keccak the EIP-55 casing cannot be checked, so store lower-case. */
const ethereum: Check = (address) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? `0x${address.slice(2).toLowerCase()}` : undefined)

const CHECKS: Readonly<Record<string, Check>> = {
  // TRON: version 0x41 → 'T…', 34 characters.
  TRC20: base58Check([0x41]),
  ERC20: ethereum,
  // 0x00 → '1…' (P2PKH), 0x05 → '3…' (P2SH).
  BTC: either(base58Check([0x00, 0x05]), segwit('bc')),
  // 0x30 → 'L…', 0x32 → 'M…'.
  LTC: either(base58Check([0x30, 0x32]), segwit('ltc')),
  // 0x1e → 'D…', 0x16 → '9…'/'A…' (P2SH).
  DOGE: base58Check([0x1e, 0x16]),
  // Classic addresses 'r…', 25–35 characters, in XRP's own alphabet.
  XRP: (address) => (address.length >= 25 && address.length <= 35 ? base58Check([0x00], RIPPLE_ALPHABET)(address) : undefined),
  ADA: cardano,
  EOS: eosAccount,
}

/**
 * The address in its stored spelling (Bech32 and hex lower-cased, so that one address cannot be
 * in the book twice in two casings), or undefined if it is not a valid address of that chain.
 */
export function normalizeAddress(chain: string, text: string): string | undefined {
  const address = text.trim()
  if (address.length === 0 || address.length > 130) return undefined
  return CHECKS[chain]?.(address)
}
