// Recovery codes: RECOVERY_CODE_COUNT codes `xxxx-xxxx`, shown once when two-factor codes are
// turned on, stored as SHA-256 of the user and the code, each usable once. Their letters leave out
// the ones read alike (0/o, 1/l/i); typed in any case, with or without the dash.
import { createHash, randomInt } from 'node:crypto'
import { RECOVERY_CODE_COUNT } from '../../../src/contract/security.ts'
import type { AppContext } from '../../context.ts'

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const HALF = 4

const randomHalf = (): string => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/** Fresh codes as the user is shown them. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(`${randomHalf()}-${randomHalf()}`)
  return [...codes]
}

/** The code as stored: lower case, no dash (the caller checked RECOVERY_CODE_PATTERN). */
const normalized = (code: string): string => code.toLowerCase().replace('-', '')

const hashOf = (userId: number, code: string): string => createHash('sha256').update(`recovery code\0${userId}\0${normalized(code)}`).digest('hex')

/** Replaces the user's codes (call inside the transaction that turns two-factor codes on). */
export async function storeRecoveryCodes(ctx: AppContext, userId: number, codes: readonly string[]): Promise<void> {
  await ctx.db.run('DELETE FROM recovery_codes WHERE user_id = ?', userId)
  const now = ctx.now()
  for (const code of codes) await ctx.db.run('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)', userId, hashOf(userId, code), now)
}

/** Uses up a code: one UPDATE, so a code sent twice at once works once. */
export async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const changed = await ctx.db.run('UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL', ctx.now(), userId, hashOf(userId, code))
  return changed.changes === 1
}
