// The two gates of the sensitive calls (contract/security.ts explains them to the app).
// - requireSecondFactor: with two-factor codes on, a call passes only on a confirmation the
//   session got from /bb/security/confirmFactor within FACTOR_CONFIRMATION_SECONDS, which it uses
//   up in one UPDATE (two calls at once: one passes). Else `code: -4`, HTTP 200, shaped in the
//   envelope of the call's group by the error handler like -3 (http/errors.ts).
// - requireSecurityProof: the second factor when it is on, else the login password given within
//   FRESH_PASSWORD_SECONDS (sessions.password_at: typed, not slid by money calls as confirmed_at
//   is), else `code: -3`.
// A call that asks both gates (turning the allow-list off) uses one confirmation: a session whose
// confirmation this request already used passes again. The Session object is the request's own
// (requireSession reads it fresh each call), so the mark never outlives the request.
import { SECOND_FACTOR_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { FACTOR_CONFIRMATION_SECONDS, FRESH_PASSWORD_SECONDS } from '../../src/contract/security.ts'
import type { Session } from '../auth/require-session.ts'
import { reauthRequired } from '../auth/step-up.ts'
import type { AppContext } from '../context.ts'
import { ApiError } from '../http/envelope.ts'
import { twoFactorOn } from './two-factor/state.ts'

/** The `code: -4` answer: HTTP 200, shaped by the error handler in the envelope of the call's group. */
export const secondFactorRequired = (): ApiError => new ApiError(200, SECOND_FACTOR_REQUIRED, SERVER_MESSAGES.secondFactorRequired)

/** Sessions (request-scoped objects) whose confirmation this request has used. */
const passedThisRequest = new WeakSet<Session>()

/** /bb/security/confirmFactor's right code: the session's next -4 call within the window passes. */
export async function confirmSecondFactor(ctx: AppContext, session: Pick<Session, 'tokenHash'>): Promise<void> {
  await ctx.db.run('UPDATE sessions SET factor_confirmed_at = ? WHERE token_hash = ?', ctx.now(), session.tokenHash)
}

/**
 * A withdrawal, adding a withdrawal address, a password change, turning the allow-list off: with
 * two-factor codes on, lets the call through only on a fresh confirmation (which it uses up), else
 * throws the `code: -4` answer. Without them, does nothing.
 */
export async function requireSecondFactor(ctx: AppContext, session: Session): Promise<void> {
  if (passedThisRequest.has(session)) return
  if (!(await twoFactorOn(ctx.db, session.userId))) return
  const used = await ctx.db.run(
    'UPDATE sessions SET factor_confirmed_at = NULL WHERE token_hash = ? AND factor_confirmed_at > ?',
    session.tokenHash,
    ctx.now() - FACTOR_CONFIRMATION_SECONDS * 1000,
  )
  if (used.changes !== 1) throw secondFactorRequired()
  passedThisRequest.add(session)
}

/**
 * A change of the account's security (contract/security.ts): the second factor when it is on,
 * else the login password given within FRESH_PASSWORD_SECONDS (`code: -3` otherwise).
 */
export async function requireSecurityProof(ctx: AppContext, session: Session): Promise<void> {
  if (passedThisRequest.has(session) || (await twoFactorOn(ctx.db, session.userId))) return await requireSecondFactor(ctx, session)
  if (ctx.now() - session.passwordAt >= FRESH_PASSWORD_SECONDS * 1000) throw reauthRequired()
}
