// The hold after a password reset by email code: for `security_hold_hours` (a param, default 24)
// the account may trade and read, but not withdraw nor change its withdrawal addresses. Whoever
// reset the password holds the email, not necessarily the account's owner, and the owner (mailed at
// the reset) gets that long to take the account back before money can leave it.
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import type { Database } from '../db/database.ts'
import { numOrNull } from '../db/rows.ts'
import { fail } from '../http/envelope.ts'

export const SECURITY_HOLD_PARAM = 'security_hold_hours'
const DEFAULT_HOURS = 24
const HOUR_MS = 3_600_000

/** The hold's length now (an operator's typo counts as the default; 0 turns it off). */
export async function securityHoldMs(db: Database): Promise<number> {
  const row = await db.get('SELECT value FROM params WHERE name = ?', SECURITY_HOLD_PARAM)
  const text = typeof row?.value === 'string' ? row.value.trim() : ''
  const hours = /^\d{1,4}$/.test(text) ? Number(text) : DEFAULT_HOURS
  return hours * HOUR_MS
}

/** Starts (or extends) the hold; inside the reset's transaction. */
export async function holdSecurityChanges(db: Database, userId: number, until: number): Promise<void> {
  await db.run('UPDATE users SET security_hold_until = ? WHERE id = ? AND (security_hold_until IS NULL OR security_hold_until < ?)', until, userId, until)
}

/** The refusal of a withdrawal or an address change while the hold lasts, or undefined. */
export async function securityHoldRefusal(db: Database, userId: number, now: number): Promise<BbEnvelope<null> | undefined> {
  const row = await db.get('SELECT security_hold_until FROM users WHERE id = ?', userId)
  const until = row ? numOrNull(row, 'security_hold_until') : null
  return until !== null && now < until ? fail(SERVER_MESSAGES.securityHold) : undefined
}
