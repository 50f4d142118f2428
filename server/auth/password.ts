// Login and fund passwords are stored as scrypt hashes with their own salt and cost parameters,
// so the cost can be raised later without invalidating stored hashes.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

interface ScryptCost {
  N: number
  r: number
  p: number
}

const COST: ScryptCost = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_BYTES = 16

function derive(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above 128·N·r so that a raised N keeps working.
    scrypt(secret, salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(secret, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0)) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), cost)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

let dummyHash: Promise<string> | undefined

/**
 * Burns the same scrypt work as a real check and answers false: used for unknown accounts so that
 * the answer time does not tell whether an email is registered.
 */
export async function verifyAgainstNothing(secret: string): Promise<false> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'))
  await verifySecret(secret, await dummyHash)
  return false
}
