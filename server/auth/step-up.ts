// Step-up (architecture §6 "Auth"): a session may read for as long as it lives (TOKEN_IDLE_SECONDS,
// TOKEN_MAX_SECONDS), but a call that moves money or changes security made STEP_UP_SECONDS after
// the session last gave the login password asks for it again: HTTP 200 with `code: -3`
// (REAUTH_REQUIRED), and nothing is done. The password is given at login, by
// /bb/user/confirmPassword (server/user/step-up-calls.ts), or with a password change. Every
// sensitive call let through slides the mark to now, so the window is "that long without moving
// money or changing security", and a stolen token that sat unused for it moves nothing without
// the password, whose guesses count on the login limits.
//
// The sensitive calls, each checked here and nowhere else:
// - every keyed call (money, identity, collection account): answerKeyed checks right after the
//   key's lookup, so an acknowledged key is still answered by its stored answer (Keys first);
// - the address book's add, update and delete (server/withdrawals/routes.ts);
// - the fund password and the login password changes carry the login password themselves: a right
//   one confirms the session (markConfirmed) instead of being asked for twice.
import { REAUTH_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { ApiError } from '../http/envelope.ts'
import type { Session } from './require-session.ts'

/** The `code: -3` answer: HTTP 200, shaped by the error handler in the envelope of the call's group. */
export const reauthRequired = (): ApiError => new ApiError(200, REAUTH_REQUIRED, SERVER_MESSAGES.reauthRequired)

/** Whether a session that last gave its password at `confirmedAt` must give it again now. */
function stepUpDue(ctx: Pick<AppContext, 'config' | 'now'>, confirmedAt: number): boolean {
  const windowMs = ctx.config.stepUpSeconds * 1000
  return windowMs > 0 && ctx.now() - confirmedAt >= windowMs
}

/**
 * Lets a sensitive call through, or throws the `code: -3` answer. Letting it through slides the
 * mark: a write, made only when the mark is older than 1 % of the window (at most a second), so a
 * burst of orders costs one write and the window stays exact to within that.
 */
export async function requireConfirmedSession(ctx: AppContext, session: Session): Promise<void> {
  if (ctx.config.stepUpSeconds === 0) return
  if (stepUpDue(ctx, session.confirmedAt)) throw reauthRequired()
  if (ctx.now() - session.confirmedAt >= Math.min(1000, ctx.config.stepUpSeconds * 10)) await slideConfirmed(ctx, session)
}

/** A sensitive call let through: the step-up window slides (the password's own time stays). */
async function slideConfirmed(ctx: AppContext, session: Pick<Session, 'tokenHash'>): Promise<void> {
  const now = ctx.now()
  // Never backwards: two instances whose clocks differ a little both slide it.
  await ctx.db.run('UPDATE sessions SET confirmed_at = ? WHERE token_hash = ? AND confirmed_at < ?', now, session.tokenHash, now)
}

/** The session's user has just typed the login password: both marks move to now (never backwards). */
export async function markConfirmed(ctx: AppContext, session: Pick<Session, 'tokenHash'>): Promise<void> {
  const now = ctx.now()
  await ctx.db.run(
    'UPDATE sessions SET confirmed_at = CASE WHEN confirmed_at < ? THEN ? ELSE confirmed_at END, password_at = CASE WHEN password_at < ? THEN ? ELSE password_at END WHERE token_hash = ?',
    now, now, now, now, session.tokenHash,
  )
}
