// Base58 and Base58Check (Bitcoin's version-byte + payload + 4-byte double-SHA-256 checksum), the
// encoding of TRON, Bitcoin/Litecoin/Dogecoin legacy and XRP addresses. Checking the checksum is
// what catches a mistyped character before money is sent to an address nobody owns.
import { createHash } from 'node:crypto'

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** XRP Ledger's own ordering of the same 58 characters. */
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz'

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest()
const checksumOf = (data: Uint8Array): Buffer => sha256(sha256(data)).subarray(0, 4)

export function encodeBase58(bytes: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = alphabet[Number(value % 58n)] + text
    value /= 58n
  }
  // Each leading zero byte is written as the alphabet's first character.
  for (const byte of bytes) {
    if (byte !== 0) break
    text = alphabet[0] + text
  }
  return text
}

export function decodeBase58(text: string, alphabet = BITCOIN_ALPHABET): Buffer | undefined {
  let value = 0n
  for (const char of text) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const char of text) {
    if (char !== alphabet[0]) break
    bytes.unshift(0)
  }
  return Buffer.from(bytes)
}

export function encodeBase58Check(version: number, payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  const body = Buffer.concat([Buffer.from([version]), payload])
  return encodeBase58(Buffer.concat([body, checksumOf(body)]), alphabet)
}

/** The version byte and payload of a Base58Check string whose checksum holds, else undefined. */
export function decodeBase58Check(text: string, alphabet = BITCOIN_ALPHABET): { version: number; payload: Buffer } | undefined {
  const bytes = decodeBase58(text, alphabet)
  if (!bytes || bytes.length < 5) return undefined
  const body = bytes.subarray(0, -4)
  if (!checksumOf(body).equals(bytes.subarray(-4))) return undefined
  return { version: body[0] ?? -1, payload: body.subarray(1) }
}
