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

/** Sent when an account's secrets have been guessed wrong many times within the hour (auth/login-limit.ts). */
export const accountHammeredMail = (to: string, failures: number): MailMessage => ({
  to,
  subject: 'Someone is trying to get into your account',
  text: [
    `There have been ${failures} failed attempts to sign in to your account or confirm it with a password or code in the last hour.`,
    '',
    'Until they stop, each further attempt has to wait longer, and after 100 within an hour sign-in pauses for the rest of that hour.',
    'If it was not you, nobody has got in: choose a long password you use nowhere else, and keep your fund password to yourself.',
    '',
  ].join('\n'),
})

/** Sent when the password was reset by email code: money and addresses wait (user/security-hold.ts). */
export const passwordResetMail = (to: string, holdUntil: number): MailMessage => ({
  to,
  subject: 'Your password was reset',
  text: [
    'The login password of your account was just reset with a code sent to this address, and every session was signed out.',
    '',
    `For your safety, withdrawals and changes to your withdrawal addresses are paused until ${new Date(holdUntil).toUTCString()}.`,
    'If it was not you, reset your password again now and contact support.',
    '',
  ].join('\n'),
})

/**
 * The code that confirms a withdrawal address just added to the book or changed
 * (server/withdrawals/address-code.ts). It names the address, so a user who did not add it knows
 * at once what an intruder tried, and that without this code the allow-list keeps it unusable.
 */
export const addressCodeMail = (to: string, code: string, target: { currency: string; chain: string; address: string }, validHours: number): MailMessage => ({
  to,
  subject: 'Confirm your new withdrawal address',
  text: [
    'A withdrawal address was added to your address book (or an address in it was changed):',
    '',
    `${target.currency} ${target.chain} ${target.address}`,
    '',
    'To confirm it, enter this code in the address book:',
    '',
    `Code: ${code}`,
    '',
    `It is valid for ${validHours} hours. With the withdrawal allow-list on, money can only be sent to confirmed addresses.`,
    'If it was not you, do not enter the code: delete the address, reset your password and change your fund password now.',
    '',
  ].join('\n'),
})
