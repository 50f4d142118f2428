// Sealing one short value (a card or identity-document number) under a data key (data-key.ts):
// AES-256-GCM from node:crypto, a fresh random 96-bit nonce per value, and the value's place as
// additional authenticated data, so a sealed value moved to another row or column does not open.
// Nothing here is home-made: GCM both hides and authenticates; a wrong key, a changed byte or a
// moved value fails to open.
// A sealed value is text, so it fits a TEXT column on both engines:
//   v1:<key id, 12 hex>:<base64url of nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes)>
// The key id sits at a fixed place (characters 4 to 15), so SQL can ask which keys the stored
// values use (substr(value, 4, 12) on either engine) without opening any of them.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { DataKey, Keyring } from './data-key.ts'

const VERSION = 'v1'
const NONCE_BYTES = 12
const TAG_BYTES = 16
const SHAPE = /^v1:([0-9a-f]{12}):([A-Za-z0-9_-]+)$/

/** Where SQL finds the key id in a sealed value: substr(column, KEY_ID_AT, KEY_ID_LENGTH). */
export const KEY_ID_AT = 4
export const KEY_ID_LENGTH = 12

/** Why a sealed value could not be opened: its key is not in the key file, or it is not what was sealed. */
export class UnsealError extends Error {
  /** The key id the value names (undefined when the value is not even shaped like a sealed one). */
  readonly keyId: string | undefined

  constructor(message: string, keyId: string | undefined) {
    super(message)
    this.keyId = keyId
  }
}

export function seal(key: DataKey, plain: string, place: string): string {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(place, 'utf8'))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${VERSION}:${key.id}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`
}

/** The key id a sealed value names, or undefined when it is not a sealed value. */
export const keyIdOf = (sealed: string): string | undefined => SHAPE.exec(sealed)?.[1]

/** Opens a value sealed for `place` with whichever key of the keyring it names. */
export function unseal(keyring: Keyring, sealed: string, place: string): string {
  const shape = SHAPE.exec(sealed)
  if (!shape?.[1] || !shape[2]) throw new UnsealError('not a sealed value', undefined)
  const keyId = shape[1]
  const key = keyring.keys.get(keyId)
  if (!key) throw new UnsealError(`sealed under key ${keyId}, which the key file (${keyring.file}) does not hold`, keyId)
  const bytes = Buffer.from(shape[2], 'base64url')
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError('a sealed value too short to be one', keyId)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES })
    decipher.setAAD(Buffer.from(place, 'utf8'))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    throw new UnsealError(`a value under key ${keyId} failed its authentication: changed, or moved from another row`, keyId)
  }
}
