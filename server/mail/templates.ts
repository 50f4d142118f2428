// The texts of the mails the server sends. The code sits alone on a `Code: 123456` line so that
// people (and the e2e tests reading the outbox) find it at a glance.
import { EMAIL_CODE_TTL_SECONDS } from '../../src/contract/user.ts'
import type { MailMessage } from './mailer.ts'

const minutes = EMAIL_CODE_TTL_SECONDS / 60

export const registrationCodeMail = (to: string, code: string): MailMessage => ({
  to,
  subject: 'Your verification code',
  text: [
    `Your verification code is ${code}`,
    '',
    `Code: ${code}`,
    '',
    `It is valid for ${minutes} minutes. If you did not ask to register, you can ignore this mail.`,
    '',
  ].join('\n'),
})

export const resetCodeMail = (to: string, code: string): MailMessage => ({
  to,
  subject: 'Your password reset code',
  text: [
    `Your password reset code is ${code}`,
    '',
    `Code: ${code}`,
    '',
    `It is valid for ${minutes} minutes. If you did not ask to reset your password, ignore this mail:`,
    'your password stays as it is.',
    '',
  ].join('\n'),
})

/** Sent instead of a code when someone tries to register an address that already has an account. */
export const alreadyRegisteredMail = (to: string): MailMessage => ({
  to,
  subject: 'You already have an account',
  text: [
    'Someone (hopefully you) tried to register with this email address, but it already has an account.',
    '',
    'If you forgot your password, use "Forgot password" on the login screen.',
    'If it was not you, you can ignore this mail.',
    '',
  ].join('\n'),
})
