// Six-digit email codes for registration and password reset. Only a hash is stored; a code lives
// EMAIL_CODE_TTL_SECONDS, one may be sent per EMAIL_CODE_RESEND_SECONDS, and MAX_WRONG_GUESSES
// wrong tries burn it (10^6 codes against 5 guesses per 60 s send makes guessing hopeless).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_SECONDS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { num, str } from '../db/rows.ts'
import { type AttemptOutcome, attemptSecret } from './login-limit.ts'

export type CodePurpose = 'register' | 'reset'
export const MAX_WRONG_GUESSES = 5

const digest = (email: string, purpose: CodePurpose, code: string): string =>
  createHash('sha256').update(`${purpose}\n${email}\n${code}`).digest('hex')

/**
 * Starts a new code for the email, replacing any earlier one. With `usable` false a row is still
 * written (so the resend limit and the answer are the same) but no code can ever match it.
 * Answers the code to mail, null when not usable, or 'tooSoon'.
 */
export async function issueCode(ctx: AppContext, email: string, purpose: CodePurpose, usable: boolean): Promise<string | null | 'tooSoon'> {
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    const last = await ctx.db.get('SELECT sent_at FROM email_codes WHERE email = ? AND purpose = ?', email, purpose)
    if (last && now - num(last, 'sent_at') < EMAIL_CODE_RESEND_SECONDS * 1000) return 'tooSoon'
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await ctx.db.run(`INSERT INTO email_codes (email, purpose, code_hash, sent_at, expires_at, failed_attempts)
        VALUES (?, ?, ?, ?, ?, 0)
        ON CONFLICT (email, purpose) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
          expires_at = excluded.expires_at, failed_attempts = 0`, email, purpose, usable ? digest(email, purpose, code) : '', now, now + EMAIL_CODE_TTL_SECONDS * 1000)
    return usable ? code : null
  })
}

/** True when the code is the live one; a wrong guess counts against it. Does not consume it. */
export async function checkCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string): Promise<boolean> {
  return await ctx.db.transaction(async () => {
    const row = await ctx.db.get('SELECT code_hash, expires_at, failed_attempts FROM email_codes WHERE email = ? AND purpose = ?', email, purpose)
    if (!row) return false
    const stored = str(row, 'code_hash')
    const live = stored !== '' && ctx.now() < num(row, 'expires_at') && num(row, 'failed_attempts') < MAX_WRONG_GUESSES
    if (!live) return false
    const matches = timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(digest(email, purpose, code), 'hex'))
    if (!matches) {
      await ctx.db.run('UPDATE email_codes SET failed_attempts = failed_attempts + 1 WHERE email = ? AND purpose = ?', email, purpose)
    }
    return matches
  })
}

/**
 * A guess of a code from a client: checkCode under the guessing limits of login-limit.ts, so that
 * asking for a new code every minute (which resets the code's own 5 guesses) does not give an
 * attacker more guesses per hour, per account or per address. `warn`: the owner, when the account exists.
 */
export async function guessCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string, address: string, warn?: string): Promise<AttemptOutcome> {
  return await attemptSecret(ctx, { secret: `code ${purpose} ${email}`, address, account: email, warn }, () => checkCode(ctx, email, purpose, code))
}

/** Makes the current code unusable; sent_at stays so the resend limit still applies. */
export async function consumeCode(ctx: AppContext, email: string, purpose: CodePurpose): Promise<void> {
  await ctx.db.run("UPDATE email_codes SET code_hash = '' WHERE email = ? AND purpose = ?", email, purpose)
}
