// Login, logout and the profile of the logged-in user.
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { DEVICE_ID_PATTERN } from '../../src/contract/security.ts'
import type { LoginPayload, LoginResult, UserInfo } from '../../src/contract/user.ts'
import { attemptSecret } from '../auth/login-limit.ts'
import { verifyAgainstNothing, verifySecret } from '../auth/password.ts'
import { requestToken, requireSession } from '../auth/require-session.ts'
import { revokeSession } from '../auth/sessions.ts'
import { finishSignIn, recordFailedSignIn } from '../auth/sign-in.ts'
import type { AppContext } from '../context.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { findUserByEmail, findUserById, normalizeEmail, toUserInfo } from './users.ts'
import { createLoginChallenge } from '../security/two-factor/login-challenges.ts'
import { twoFactorOn } from '../security/two-factor/state.ts'

export async function login(ctx: AppContext, request: FastifyRequest, payload: LoginPayload): Promise<BbEnvelope<LoginResult | null>> {
  const account = normalizeEmail(payload.account)
  const address = ctx.clientAddress(request)
  // A malformed device id is ignored, not refused: the sign-in then counts as from an unknown device.
  const device = payload.device !== undefined && DEVICE_ID_PATTERN.test(payload.device) ? payload.device : undefined
  const user = await findUserByEmail(ctx, account)
  // Unknown accounts cost the same scrypt work, so timing does not tell which emails exist.
  const outcome = await attemptSecret(ctx, { secret: account, address, account, warn: user?.email }, async () =>
    user ? await verifySecret(payload.password, user.passwordHash) : await verifyAgainstNothing(payload.password))
  const known = user && { id: user.id, email: user.email }
  if (outcome === 'limited') {
    await recordFailedSignIn(ctx, request, account, known, 'password', 'limited')
    return fail(SERVER_MESSAGES.tooManyAttempts)
  }
  if (!user || outcome === 'wrong') {
    await recordFailedSignIn(ctx, request, account, known, 'password', 'wrongPassword')
    return fail(SERVER_MESSAGES.loginFailed)
  }
  // Two-factor codes on: the password alone signs nobody in; the second step (SECURITY_PATHS.loginCode) does.
  if (await twoFactorOn(ctx.db, user.id)) return ok({ userId: '', token: '', challenge: await createLoginChallenge(ctx, user.id, device) })
  return ok(await finishSignIn(ctx, request, { id: user.id, email: user.email }, 'password', device), SERVER_MESSAGES.loginSuccess)
}

/** Ends the caller's session; answers success also when it had already ended. */
export async function logout(ctx: AppContext, request: FastifyRequest): Promise<BbEnvelope<null>> {
  const token = requestToken(request)
  if (token) await revokeSession(ctx, token)
  return ok(null)
}

export async function userInfo(ctx: AppContext, request: FastifyRequest, userId: string): Promise<BbEnvelope<UserInfo>> {
  const session = await requireSession(ctx, request)
  // A token is only good for its own user: asking for another id looks like a stale session.
  if (String(session.userId) !== userId.trim()) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  const user = await findUserById(ctx, session.userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  return ok(toUserInfo(user))
}
