// Changing passwords: the fund password, the login password (knowing the old one) and the reset
// by email code (not knowing it). The first two carry the login password, so a right one also
// confirms the session for its money and security calls (auth/step-up.ts) instead of asking twice.
import type { FastifyRequest } from 'fastify'
import { BB_OK, type BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { TRADE_PASSWORD_PATTERN, VERIFICATION_CODE_PATTERN } from '../../src/contract/rules.ts'
import type { EmailPayload, ForgetPwdPayload, SetTransactionPwdPayload, UpdatePwdPayload } from '../../src/contract/user.ts'
import { checkCode, consumeCode, guessCode, issueCode } from '../auth/email-codes.ts'
import { attemptSecret, forgiveAccount } from '../auth/login-limit.ts'
import { hashSecret, verifySecret } from '../auth/password.ts'
import { requireSession, type Session } from '../auth/require-session.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { markConfirmed } from '../auth/step-up.ts'
import type { AppContext } from '../context.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { passwordResetMail, resetCodeMail } from '../mail/templates.ts'
import { newLoginPasswordRefusal } from './password-rules.ts'
import { validEmail } from './registration.ts'
import { holdSecurityChanges, securityHoldMs } from './security-hold.ts'
import { findUserByEmail, findUserById, setPasswordHash, setTradePasswordHash, type User } from './users.ts'
import { notifyOwner, recordOwnerEvent } from '../security/events.ts'
import { requireSecondFactor } from '../security/second-factor.ts'

/**
 * The logged-in user after re-checking their login password. Wrong answers count like failed
 * logins, so a stolen token cannot be used to guess the password.
 */
export async function confirmPassword(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  password: string,
): Promise<User | 'limited' | 'wrong'> {
  const user = await findUserById(ctx, session.userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  const address = ctx.clientAddress(request)
  const guess = { secret: user.email, address, account: user.email, warn: user.email }
  const outcome = await attemptSecret(ctx, guess, () => verifySecret(password, user.passwordHash))
  return outcome === 'ok' ? user : outcome
}

export const refusal = (outcome: 'limited' | 'wrong') =>
  fail(outcome === 'limited' ? SERVER_MESSAGES.tooManyAttempts : SERVER_MESSAGES.passwordIncorrect)

export async function setTransactionPwd(ctx: AppContext, request: FastifyRequest, payload: SetTransactionPwdPayload): Promise<BbEnvelope<null>> {
  const session = await requireSession(ctx, request)
  if (!TRADE_PASSWORD_PATTERN.test(payload.tradePassword)) return fail(SERVER_MESSAGES.tradePasswordRule)
  const user = await confirmPassword(ctx, request, session, payload.loginPassword)
  if (typeof user === 'string') return refusal(user)
  await requireSecondFactor(ctx, session)
  await setTradePasswordHash(ctx, user.id, await hashSecret(payload.tradePassword))
  await markConfirmed(ctx, session)
  await notifyOwner(ctx, user.id, 'fundPassword.changed', { address: ctx.clientAddress(request) })
  return ok(null)
}

export async function updatePwd(ctx: AppContext, request: FastifyRequest, payload: UpdatePwdPayload): Promise<BbEnvelope<null>> {
  const session = await requireSession(ctx, request)
  const passwordRefused = await newLoginPasswordRefusal(payload.newPassword)
  if (passwordRefused) return fail(passwordRefused)
  const user = await confirmPassword(ctx, request, session, payload.oldPassword)
  if (typeof user === 'string') return refusal(user)
  await requireSecondFactor(ctx, session)
  const hash = await hashSecret(payload.newPassword)
  await ctx.db.transaction(async () => {
    await setPasswordHash(ctx, user.id, hash)
    await revokeUserSessions(ctx, user.id, session.tokenHash)
    await markConfirmed(ctx, session)
  })
  await notifyOwner(ctx, user.id, 'password.changed', { address: ctx.clientAddress(request) })
  return ok(null)
}

export async function sendResetCode(ctx: AppContext, payload: EmailPayload): Promise<BbEnvelope<null>> {
  const email = validEmail(payload.email)
  if (!email) return fail(SERVER_MESSAGES.emailError)
  const user = await findUserByEmail(ctx, email)
  const code = await issueCode(ctx, email, 'reset', user !== undefined)
  if (code === 'tooSoon') return fail(SERVER_MESSAGES.codeTooSoon)
  if (code !== null) ctx.mailer.send(resetCodeMail(email, code))
  return ok(null, SERVER_MESSAGES.codeSent)
}

/**
 * A new login password by email code. Unknown emails never get a usable code, so they fail exactly
 * like a wrong code. A reset signs every session out and puts withdrawals and address changes on
 * hold (security-hold.ts), and the owner is mailed: a guessed or stolen code cannot empty the account.
 */
export async function forgetPwd(ctx: AppContext, payload: ForgetPwdPayload, address: string): Promise<BbEnvelope<null>> {
  const email = validEmail(payload.email)
  if (!email) return fail(SERVER_MESSAGES.emailError)
  const passwordRefused = await newLoginPasswordRefusal(payload.password)
  if (passwordRefused) return fail(passwordRefused)
  if (!VERIFICATION_CODE_PATTERN.test(payload.code)) return fail(SERVER_MESSAGES.codeError)
  const known = await findUserByEmail(ctx, email)
  const outcome = await guessCode(ctx, email, 'reset', payload.code, address, known?.email)
  if (outcome !== 'ok') return fail(outcome === 'limited' ? SERVER_MESSAGES.tooManyAttempts : SERVER_MESSAGES.codeError)
  const hash = await hashSecret(payload.password)
  const holdUntil = ctx.now() + await securityHoldMs(ctx.db)
  const answer = await ctx.db.transaction(async () => {
    const user = await findUserByEmail(ctx, email)
    if (!user || !await checkCode(ctx, email, 'reset', payload.code)) return fail(SERVER_MESSAGES.codeError)
    await consumeCode(ctx, email, 'reset')
    await setPasswordHash(ctx, user.id, hash)
    await revokeUserSessions(ctx, user.id)
    await forgiveAccount(ctx, email)
    await holdSecurityChanges(ctx.db, user.id, holdUntil)
    return ok(null)
  })
  if (answer.code === BB_OK) {
    await recordOwnerEvent(ctx, 'password.reset', { account: email, userId: known?.id, address })
    ctx.mailer.send(passwordResetMail(email, holdUntil))
  }
  return answer
}
