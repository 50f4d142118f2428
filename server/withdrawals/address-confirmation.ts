// Confirming a withdrawal address with the code mailed when it was added or changed
// (address-code.ts), and mailing a new code. A guess counts on the account's guessing limits
// (auth/login-limit.ts: failures only), and MAX_WRONG_ADDRESS_GUESSES wrong ones burn the code,
// so asking for a new code each minute gives no more guesses than the limits allow.
import { timingSafeEqual } from 'node:crypto'
import type { WithdrawAddress } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { TOTP_CODE_PATTERN } from '../../src/contract/security.ts'
import { attemptSecret } from '../auth/login-limit.ts'
import type { AppContext } from '../context.ts'
import { num, str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { findUserById } from '../user/users.ts'
import { ownAddress } from './address-book.ts'
import { ADDRESS_CODE_RESEND_MS, addressCodeDigest, mailAddressCode, MAX_WRONG_ADDRESS_GUESSES, newAddressCode } from './address-code.ts'

/** A mailed code is six digits, like an authenticator's. */
const CODE_PATTERN = TOTP_CODE_PATTERN

/**
 * Checks the code against the entry as it is now and, when right, confirms it, in one
 * transaction: a code whose address was changed meanwhile no longer matches. Answers whether the
 * code was right ('already' when the entry was confirmed by a parallel request).
 */
async function checkAndConfirm(ctx: AppContext, entry: WithdrawAddress, userId: number, code: string): Promise<boolean | 'already'> {
  return await ctx.db.transaction(async () => {
    const row = await ctx.db.get('SELECT confirmed, address, code_hash, code_expires_at, code_failures FROM withdraw_addresses WHERE id = ? AND user_id = ?', Number(entry.id), userId)
    if (!row) return false
    if (num(row, 'confirmed') === 1) return 'already'
    const stored = str(row, 'code_hash')
    const live = stored !== '' && ctx.now() < num(row, 'code_expires_at') && num(row, 'code_failures') < MAX_WRONG_ADDRESS_GUESSES
    if (!live) return false
    const typed = addressCodeDigest({ userId, currency: entry.currency, chain: entry.chain, address: str(row, 'address') }, code)
    if (!timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(typed, 'hex'))) {
      await ctx.db.run('UPDATE withdraw_addresses SET code_failures = code_failures + 1 WHERE id = ?', Number(entry.id))
      return false
    }
    // The code is used up with the confirmation: it cannot confirm anything again.
    await ctx.db.run("UPDATE withdraw_addresses SET confirmed = 1, code_hash = '' WHERE id = ?", Number(entry.id))
    return true
  })
}

/** `client`: the caller's address, for the guessing limits. `confirmed` tells the route to record it. */
export async function confirmAddress(ctx: AppContext, userId: number, idText: string, codeText: string, client: string): Promise<{ answer: BbEnvelope<WithdrawAddress | null>; confirmed: boolean }> {
  const entry = await ownAddress(ctx, userId, idText)
  if (!entry) return { answer: fail(SERVER_MESSAGES.addressNotFound), confirmed: false }
  const code = codeText.trim()
  // Not six digits: a slip, not a guess; nothing is counted.
  if (!CODE_PATTERN.test(code)) return { answer: fail(SERVER_MESSAGES.codeError), confirmed: false }
  // Confirming twice (a retry after a lost answer) is answered as done; nothing changes.
  if (entry.confirmed) return { answer: ok(entry), confirmed: false }
  const user = await findUserById(ctx, userId)
  if (!user) return { answer: fail(SERVER_MESSAGES.addressNotFound), confirmed: false }
  const result: { outcome: boolean | 'already' } = { outcome: false }
  const guess = { secret: `code address ${userId}`, address: client, account: user.email, warn: user.email }
  const checked = await attemptSecret(ctx, guess, async () => {
    result.outcome = await checkAndConfirm(ctx, entry, userId, code)
    return result.outcome !== false
  })
  if (checked === 'limited') return { answer: fail(SERVER_MESSAGES.tooManyAttempts), confirmed: false }
  if (checked === 'wrong') return { answer: fail(SERVER_MESSAGES.codeError), confirmed: false }
  const fresh = await ownAddress(ctx, userId, entry.id)
  return { answer: fresh ? ok(fresh) : fail(SERVER_MESSAGES.addressNotFound), confirmed: result.outcome === true }
}

/** Mails a new code for an unconfirmed entry (one a minute); a confirmed one needs none and is answered as done. */
export async function resendAddressCode(ctx: AppContext, userId: number, idText: string): Promise<BbEnvelope<null>> {
  const entry = await ownAddress(ctx, userId, idText)
  if (!entry) return fail(SERVER_MESSAGES.addressNotFound)
  if (entry.confirmed) return ok(null)
  const user = await findUserById(ctx, userId)
  if (!user) return fail(SERVER_MESSAGES.addressNotFound)
  const now = ctx.now()
  const target = { userId, currency: entry.currency, chain: entry.chain, address: entry.address }
  const issued = newAddressCode(target, now)
  // Conditional on what was read: not confirmed, the same address, and no code within the minute.
  const changed = (await ctx.db.run(
    `UPDATE withdraw_addresses SET code_hash = ?, code_sent_at = ?, code_expires_at = ?, code_failures = 0
     WHERE id = ? AND user_id = ? AND address = ? AND confirmed = 0 AND code_sent_at <= ?`,
    issued.hash, issued.sentAt, issued.expiresAt, Number(entry.id), userId, entry.address, now - ADDRESS_CODE_RESEND_MS,
  )).changes
  if (changed === 0) {
    const again = await ownAddress(ctx, userId, entry.id)
    if (!again) return fail(SERVER_MESSAGES.addressNotFound)
    return again.confirmed ? ok(null) : fail(SERVER_MESSAGES.codeTooSoon)
  }
  mailAddressCode(ctx, user.email, target, issued.code)
  return ok(null)
}
