// The `passkeys` table: a user's registered WebAuthn credentials (migration 019).
import type { PasskeyInfo } from '../../../src/contract/security.ts'
import type { Database } from '../../db/database.ts'
import { num, numOrNull, type Row, str } from '../../db/rows.ts'

/** What WebAuthn calls the ways a browser reaches an authenticator; anything else is dropped. */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])

export const knownTransports = (transports: readonly unknown[] | undefined): string[] =>
  (transports ?? []).filter((transport): transport is string => typeof transport === 'string' && TRANSPORTS.has(transport))

export interface StoredPasskey {
  id: number
  userId: number
  /** base64url, as the browser names the credential. */
  credentialId: string
  /** The COSE public key. */
  publicKey: Uint8Array<ArrayBuffer>
  counter: number
  transports: string[]
  /** base64url of the user id the authenticator keeps for the account (random, never the email). */
  userHandle: string
  name: string
}

const toInfo = (row: Row): PasskeyInfo => ({
  id: String(num(row, 'id')),
  name: str(row, 'name'),
  createdAt: num(row, 'created_at'),
  lastUsedAt: numOrNull(row, 'last_used_at'),
})

const toStored = (row: Row): StoredPasskey => ({
  id: num(row, 'id'),
  userId: num(row, 'user_id'),
  credentialId: str(row, 'credential_id'),
  publicKey: new Uint8Array(Buffer.from(str(row, 'public_key'), 'base64url')),
  counter: num(row, 'counter'),
  transports: knownTransports(str(row, 'transports').split(',')),
  userHandle: str(row, 'user_handle'),
  name: str(row, 'name'),
})

/** How many passkeys the user has (the security overview shows it). */
export async function countPasskeys(db: Database, userId: number): Promise<number> {
  return num((await db.get('SELECT count(*) AS n FROM passkeys WHERE user_id = ?', userId)) ?? {}, 'n')
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Database, userId: number): Promise<PasskeyInfo[]> {
  return (await db.all('SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = ? ORDER BY id', userId)).map(toInfo)
}

/** The user's credentials with their transports: the options of a new registration exclude them. */
export async function credentialsOf(db: Database, userId: number): Promise<Array<{ id: string; transports: string[] }>> {
  const rows = await db.all('SELECT credential_id, transports FROM passkeys WHERE user_id = ? ORDER BY id', userId)
  return rows.map((row) => ({ id: str(row, 'credential_id'), transports: knownTransports(str(row, 'transports').split(',')) }))
}

/** The user handle the user's passkeys already carry (one account, one handle), if any. */
export async function userHandleOf(db: Database, userId: number): Promise<string | undefined> {
  const row = await db.get('SELECT user_handle FROM passkeys WHERE user_id = ? ORDER BY id LIMIT 1', userId)
  return row ? str(row, 'user_handle') : undefined
}

export async function findPasskeyByCredential(db: Database, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db.get('SELECT * FROM passkeys WHERE credential_id = ?', credentialId)
  return row ? toStored(row) : undefined
}

/** One of the user's passkeys by its public id (the row id); another user's is simply not found. */
export async function findUsersPasskey(db: Database, userId: number, id: string): Promise<StoredPasskey | undefined> {
  if (!/^[1-9]\d{0,14}$/.test(id.trim())) return undefined
  const row = await db.get('SELECT * FROM passkeys WHERE id = ? AND user_id = ?', Number(id.trim()), userId)
  return row ? toStored(row) : undefined
}

export interface NewPasskey {
  userId: number
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  userHandle: string
  name: string
  createdAt: number
}

export async function insertPasskey(db: Database, passkey: NewPasskey): Promise<PasskeyInfo> {
  const id = await db.insert(
    'INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, user_handle, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    passkey.userId,
    passkey.credentialId,
    Buffer.from(passkey.publicKey).toString('base64url'),
    passkey.counter,
    knownTransports(passkey.transports).join(','),
    passkey.userHandle,
    passkey.name,
    passkey.createdAt,
  )
  return { id: String(id), name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: null }
}

/** Removes one of the user's passkeys; false when it was not (or no longer) theirs. */
export async function deletePasskey(db: Database, userId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM passkeys WHERE id = ? AND user_id = ?', id, userId)).changes === 1
}

/**
 * Stores a verified use: the new sign count and the time. Only if the count is still the one the
 * check was made against, so that two sign-ins racing with one count cannot both pass; false then.
 */
export async function recordPasskeyUse(db: Database, passkey: StoredPasskey, newCounter: number, at: number): Promise<boolean> {
  const result = await db.run('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?', newCounter, at, passkey.id, passkey.counter)
  return result.changes === 1
}
