// Where a user's two-factor codes stand (migration 018): the key — being set up (enabled_at NULL)
// or on — sealed under the data key file (sealed-numbers.ts TOTP_KEY), and the step of the last
// code accepted. Nothing here answers a request; calls.ts and verify.ts do.
import type { AppContext } from '../../context.ts'
import type { Database } from '../../db/database.ts'
import { num, numOrNull, str } from '../../db/rows.ts'
import { revealNumber, TOTP_KEY } from '../sealed-numbers.ts'

/** What the security overview shows (the sessions work's overview imports it by this name). */
export async function twoFactorSummary(db: Database, userId: number): Promise<{ twoFactor: boolean; recoveryCodesLeft: number }> {
  if (!(await twoFactorOn(db, userId))) return { twoFactor: false, recoveryCodesLeft: 0 }
  return { twoFactor: true, recoveryCodesLeft: await recoveryCodesLeft(db, userId) }
}

export async function twoFactorOn(db: Database, userId: number): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM totp_keys WHERE user_id = ? AND enabled_at IS NOT NULL', userId)) !== undefined
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  return num((await db.get('SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL', userId)) ?? { n: 0 }, 'n')
}

export interface TotpKey {
  /** The key in base32, opened. */
  key: string
  /** As stored: the enable step updates the row only if it still holds this key. */
  sealed: string
  createdAt: number
  enabledAt: number | null
  lastUsedStep: number
}

/** The user's key, opened; undefined when they have none. A key that cannot be opened is a fault of the key file. */
export async function readTotpKey(ctx: AppContext, userId: number): Promise<TotpKey | undefined> {
  const row = await ctx.db.get('SELECT user_id, secret, secret_sealed, created_at, enabled_at, last_used_step FROM totp_keys WHERE user_id = ?', userId)
  if (!row) return undefined
  const opened = await revealNumber(ctx.config, TOTP_KEY, row)
  if (!opened.ok) throw new Error(`the two-factor key of user ${userId} cannot be opened: ${opened.reason}`)
  return {
    key: opened.value,
    sealed: str(row, 'secret_sealed'),
    createdAt: num(row, 'created_at'),
    enabledAt: numOrNull(row, 'enabled_at'),
    lastUsedStep: num(row, 'last_used_step'),
  }
}

/**
 * Takes `step` as the user's last used one if it is newer than the stored one: one UPDATE, so of
 * two requests with the same code exactly one wins. `enabling` turns a key being set up on, only
 * if it is still the key that was checked (`sealed`; starting again replaces it).
 */
export async function claimStep(ctx: AppContext, userId: number, step: number, enabling?: { sealed: string }): Promise<boolean> {
  const changed = enabling
    ? await ctx.db.run(
      'UPDATE totp_keys SET enabled_at = ?, last_used_step = ? WHERE user_id = ? AND enabled_at IS NULL AND secret_sealed = ?',
      ctx.now(), step, userId, enabling.sealed,
    )
    : await ctx.db.run('UPDATE totp_keys SET last_used_step = ? WHERE user_id = ? AND enabled_at IS NOT NULL AND last_used_step < ?', step, userId, step)
  return changed.changes === 1
}
