// The form rules of the sign-in, sign-up and reset screens (spec §5), as pure functions: each
// returns the message of every field that is wrong, or an empty object when the form may be sent.
import { EMAIL_CODE_RESEND_SECONDS } from '../../contract/user.ts'
import { collectErrors as collect } from '../../lib/form-errors'
import {
  validateEmail,
  validateInviteCode,
  validateLoginPasswordAtLogin,
  validateNewLoginPassword,
  validateSamePassword,
  validateVerificationCode,
} from '../../lib/validate'

export const checkLogin = (form: { email: string; password: string }) =>
  collect({ email: validateEmail(normalizeEmail(form.email)), password: validateLoginPasswordAtLogin(form.password) })

export const checkEmailAndCode = (form: { email: string; code: string }) =>
  collect({ email: validateEmail(normalizeEmail(form.email)), code: validateVerificationCode(form.code) })

export const checkNewPassword = (form: { password: string; confirm: string }) =>
  collect({
    password: validateNewLoginPassword(form.password),
    confirm: validateNewLoginPassword(form.password) ? null : validateSamePassword(form.password, form.confirm),
  })

export const checkRegisterDetails = (form: { password: string; confirm: string; inviteCode: string }) => ({
  ...checkNewPassword(form),
  ...collect({ inviteCode: validateInviteCode(form.inviteCode) }),
})

/** Seconds until another code may be asked for, given when the last one was sent. */
export function resendWait(sentAt: number | null, now: number): number {
  if (sentAt === null) return 0
  const left = EMAIL_CODE_RESEND_SECONDS - Math.floor((now - sentAt) / 1000)
  return Math.max(0, Math.min(EMAIL_CODE_RESEND_SECONDS, left))
}

/** Emails are compared and sent trimmed and in lower case, as the server stores them. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/**
 * The errors left once `field` changed: its own goes (the trader is fixing it; issue 21 saw them
 * stay until the next submit), and so does "the passwords differ" when either password changes,
 * since that message belongs to the pair.
 */
export function errorsAfterChange<K extends string, V>(errors: Partial<Record<K, V>>, field: K): Partial<Record<K, V>> {
  const paired = field === 'password' || field === 'confirm'
  const left = Object.entries(errors).filter(([name]) => name !== field && !(paired && name === 'confirm'))
  return Object.fromEntries(left) as Partial<Record<K, V>>
}
