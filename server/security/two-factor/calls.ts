// The two-factor calls (contract/security.ts SECURITY_PATHS): setting the key up and turning it
// on, turning it off, confirming a code for the next -4 call, and sign-in's second step. Every
// refusal is a SERVER_MESSAGES text in the envelope and changes nothing.
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../../src/contract/envelopes.ts'
import { SERVER_MESSAGES, type ServerMessage } from '../../../src/contract/messages.ts'
import type { RecoveryCodes, SignInMethod, TotpSetup } from '../../../src/contract/security.ts'
import type { LoginResult } from '../../../src/contract/user.ts'
import { requireSession, type Session } from '../../auth/require-session.ts'
import { finishSignIn, recordFailedSignIn } from '../../auth/sign-in.ts'
import type { AppContext } from '../../context.ts'
import { fail, ok, sessionRequired } from '../../http/envelope.ts'
import { findUserById, type User } from '../../user/users.ts'
import { notifyOwner } from '../events.ts'
import { confirmSecondFactor, requireSecurityProof } from '../second-factor.ts'
import { sealNumber, TOTP_KEY } from '../sealed-numbers.ts'
import { consumeLoginChallenge, dropLoginChallenge, findLoginChallenge } from './login-challenges.ts'
import { newRecoveryCodes, storeRecoveryCodes } from './recovery-codes.ts'
import { readTotpKey, twoFactorOn } from './state.ts'
import { issuerOf, newTotpKey, totpUri } from './totp.ts'
import { checkSecondFactor, cleanCode, type FactorRefusal, kindOf } from './verify.ts'

/** How long a key being set up waits for its first code. */
export const TOTP_SETUP_SECONDS = 15 * 60

const REFUSALS: Record<FactorRefusal, ServerMessage> = {
  garbage: SERVER_MESSAGES.twoFactorCodeError,
  wrong: SERVER_MESSAGES.twoFactorCodeError,
  used: SERVER_MESSAGES.twoFactorCodeUsed,
  limited: SERVER_MESSAGES.tooManyAttempts,
  off: SERVER_MESSAGES.twoFactorNotOn,
}

async function sessionUser(ctx: AppContext, request: FastifyRequest): Promise<{ session: Session; user: User }> {
  const session = await requireSession(ctx, request)
  const user = await findUserById(ctx, session.userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  return { session, user }
}

/** A fresh key, not on yet; starting again replaces a key being set up, never one that is on. */
export async function totpStart(ctx: AppContext, request: FastifyRequest): Promise<BbEnvelope<TotpSetup | null>> {
  const { user } = await sessionUser(ctx, request)
  if (await twoFactorOn(ctx.db, user.id)) return fail(SERVER_MESSAGES.twoFactorAlreadyOn)
  const key = newTotpKey()
  const sealed = await sealNumber(ctx.config, TOTP_KEY, user.id, key)
  const written = await ctx.db.run(
    `INSERT INTO totp_keys (user_id, secret_sealed, created_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at, last_used_step = 0
     WHERE totp_keys.enabled_at IS NULL`,
    user.id, sealed.sealed, ctx.now(),
  )
  if (written.changes !== 1) return fail(SERVER_MESSAGES.twoFactorAlreadyOn)
  return ok({ secret: key, uri: totpUri(key, issuerOf(ctx.config.mailFrom), user.email) })
}

/** The first code of the key being set up turns it on; the recovery codes are answered once. */
export async function totpEnable(ctx: AppContext, request: FastifyRequest, payload: { code: string }): Promise<BbEnvelope<RecoveryCodes | null>> {
  const { session, user } = await sessionUser(ctx, request)
  const key = await readTotpKey(ctx, user.id)
  if (key && key.enabledAt !== null) return fail(SERVER_MESSAGES.twoFactorAlreadyOn)
  if (!key || ctx.now() - key.createdAt >= TOTP_SETUP_SECONDS * 1000) return fail(SERVER_MESSAGES.twoFactorSetupExpired)
  await requireSecurityProof(ctx, session)
  const codes = newRecoveryCodes()
  const outcome = await checkSecondFactor(ctx, request, user, payload.code, {
    recovery: false,
    setup: { key, whenOn: () => storeRecoveryCodes(ctx, user.id, codes) },
  })
  if (!outcome.ok) return fail(outcome.refusal === 'used' ? SERVER_MESSAGES.twoFactorSetupExpired : REFUSALS[outcome.refusal])
  await notifyOwner(ctx, user.id, 'twoFactor.enabled', { address: ctx.clientAddress(request) })
  return ok({ codes })
}

/** A current code or a recovery code turns two-factor codes off: the key, the recovery codes and pending sign-ins go. */
export async function totpDisable(ctx: AppContext, request: FastifyRequest, payload: { code: string }): Promise<BbEnvelope<null>> {
  const { user } = await sessionUser(ctx, request)
  if (!(await twoFactorOn(ctx.db, user.id))) return fail(SERVER_MESSAGES.twoFactorNotOn)
  const outcome = await checkSecondFactor(ctx, request, user, payload.code, { recovery: true })
  if (!outcome.ok) return fail(REFUSALS[outcome.refusal])
  await ctx.db.transaction(async () => {
    await ctx.db.run('DELETE FROM totp_keys WHERE user_id = ?', user.id)
    await ctx.db.run('DELETE FROM recovery_codes WHERE user_id = ?', user.id)
    await ctx.db.run('DELETE FROM login_challenges WHERE user_id = ?', user.id)
    await ctx.db.run('UPDATE sessions SET factor_confirmed_at = NULL WHERE user_id = ?', user.id)
  })
  await notifyOwner(ctx, user.id, 'twoFactor.disabled', { address: ctx.clientAddress(request) })
  return ok(null)
}

/** A current code or a recovery code: the session's next call that answers -4 passes, once. */
export async function confirmFactor(ctx: AppContext, request: FastifyRequest, payload: { code: string }): Promise<BbEnvelope<null>> {
  const { session, user } = await sessionUser(ctx, request)
  if (!(await twoFactorOn(ctx.db, user.id))) return fail(SERVER_MESSAGES.twoFactorNotOn)
  const outcome = await checkSecondFactor(ctx, request, user, payload.code, { recovery: true })
  if (!outcome.ok) return fail(REFUSALS[outcome.refusal])
  await confirmSecondFactor(ctx, session)
  return ok(null)
}

/** Sign-in's second step: the challenge of the password step and a code (or a recovery code) open the session. */
export async function loginCode(ctx: AppContext, request: FastifyRequest, payload: { challenge: string; code: string }): Promise<BbEnvelope<LoginResult | null>> {
  const found = await findLoginChallenge(ctx, payload.challenge.trim())
  const user = found && (await findUserById(ctx, found.userId))
  if (!found || !user) return fail(SERVER_MESSAGES.signInExpired)
  const signedIn = { id: user.id, email: user.email }
  const method: SignInMethod = kindOf(cleanCode(payload.code)) === 'recovery' ? 'recovery' : 'code'
  if (found.expired) {
    await dropLoginChallenge(ctx, found.hash)
    await recordFailedSignIn(ctx, request, user.email, signedIn, method, 'challengeExpired')
    return fail(SERVER_MESSAGES.signInExpired)
  }
  const outcome = await checkSecondFactor(ctx, request, signedIn, payload.code, { recovery: true })
  if (!outcome.ok && outcome.refusal === 'off') {
    // Turned off since the password step: that step must be made again.
    await dropLoginChallenge(ctx, found.hash)
    return fail(SERVER_MESSAGES.signInExpired)
  }
  if (!outcome.ok) {
    await recordFailedSignIn(ctx, request, user.email, signedIn, method, outcome.refusal === 'limited' ? 'limited' : 'wrongCode')
    return fail(REFUSALS[outcome.refusal])
  }
  // The code is used up; so is the challenge (a second request with another right code finds it gone).
  if (!(await consumeLoginChallenge(ctx, found.hash))) return fail(SERVER_MESSAGES.signInExpired)
  return ok(await finishSignIn(ctx, request, signedIn, method, found.device), SERVER_MESSAGES.loginSuccess)
}
