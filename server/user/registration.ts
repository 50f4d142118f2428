// Registration: an email code proves the address, then the account is created. Only register
// itself may reveal that an address is taken; sending a code answers the same either way.
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVITE_CODE_PATTERN,
  VERIFICATION_CODE_PATTERN,
} from '../../src/contract/rules.ts'
import type { EmailCodePayload, EmailPayload, RegisterPayload } from '../../src/contract/user.ts'
import { checkCode, consumeCode, guessCode, issueCode } from '../auth/email-codes.ts'
import type { AttemptOutcome } from '../auth/login-limit.ts'
import { hashSecret } from '../auth/password.ts'
import type { AppContext } from '../context.ts'
import { fail, ok } from '../http/envelope.ts'
import { alreadyRegisteredMail, registrationCodeMail } from '../mail/templates.ts'
import { newLoginPasswordRefusal } from './password-rules.ts'
import { findUserByEmail, findUserIdByInvitationCode, insertUser, normalizeEmail } from './users.ts'

const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u

/** The normalized address, or undefined when it is not a plausible email. */
export function validEmail(raw: string): string | undefined {
  const email = normalizeEmail(raw)
  // Stricter than the shared pattern: an address goes into mail headers and logs verbatim.
  if (CONTROL_CHARACTERS.test(email)) return undefined
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? email : undefined
}

export async function sendRegistrationCode(ctx: AppContext, payload: EmailPayload): Promise<BbEnvelope<null>> {
  const email = validEmail(payload.email)
  if (!email) return fail(SERVER_MESSAGES.emailError)
  const registered = await findUserByEmail(ctx, email) !== undefined
  const code = await issueCode(ctx, email, 'register', !registered)
  if (code === 'tooSoon') return fail(SERVER_MESSAGES.codeTooSoon)
  ctx.mailer.send(code === null ? alreadyRegisteredMail(email) : registrationCodeMail(email, code))
  return ok(null, SERVER_MESSAGES.codeSent)
}

/** A code guess's answer: the same for a wrong code and for an email that already has an account. */
const codeRefusal = (outcome: AttemptOutcome): BbEnvelope<null> =>
  fail(outcome === 'limited' ? SERVER_MESSAGES.tooManyAttempts : SERVER_MESSAGES.codeError)

export async function verifyRegistrationCode(ctx: AppContext, payload: EmailCodePayload, address: string): Promise<BbEnvelope<null>> {
  const email = validEmail(payload.email)
  if (!email) return fail(SERVER_MESSAGES.emailError)
  if (!VERIFICATION_CODE_PATTERN.test(payload.code)) return fail(SERVER_MESSAGES.codeError)
  const outcome = await guessCode(ctx, email, 'register', payload.code, address)
  return outcome === 'ok' ? ok(null) : codeRefusal(outcome)
}

export async function register(ctx: AppContext, payload: RegisterPayload, address: string): Promise<BbEnvelope<null>> {
  const email = validEmail(payload.email)
  if (!email) return fail(SERVER_MESSAGES.emailError)
  if (!VERIFICATION_CODE_PATTERN.test(payload.code)) return fail(SERVER_MESSAGES.codeError)
  const passwordRefused = await newLoginPasswordRefusal(payload.password)
  if (passwordRefused) return fail(passwordRefused)
  if (payload.inviteCode !== undefined && !INVITE_CODE_PATTERN.test(payload.inviteCode)) {
    return fail(SERVER_MESSAGES.inviteCodeUnknown)
  }
  // No "already registered" before the code: a known email never gets a usable code (its owner
  // gets a mail saying they have an account), so it fails here exactly like a wrong code.
  const outcome = await guessCode(ctx, email, 'register', payload.code, address)
  if (outcome !== 'ok') return codeRefusal(outcome)
  const invitedBy = payload.inviteCode === undefined ? undefined : await findUserIdByInvitationCode(ctx, payload.inviteCode)
  if (payload.inviteCode !== undefined && invitedBy === undefined) return fail(SERVER_MESSAGES.inviteCodeUnknown)

  const passwordHash = await hashSecret(payload.password)
  // Checked again under the write lock: a parallel request may have used the code or the email
  // while the hash was being computed.
  return await ctx.db.transaction(async () => {
    if (await findUserByEmail(ctx, email)) return fail(SERVER_MESSAGES.emailRegistered)
    if (!await checkCode(ctx, email, 'register', payload.code)) return fail(SERVER_MESSAGES.codeError)
    await consumeCode(ctx, email, 'register')
    await insertUser(ctx, { email, passwordHash, invitedBy })
    return ok(null)
  })
}
