// The input rules of spec §5 as plain patterns, so that the app's form checks (src/lib/validate)
// and the server's request checks apply exactly the same definition.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Longest email we accept (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254
/** At login any password of at least 6 characters may be tried (older accounts). */
export const LOGIN_PASSWORD_MIN_AT_LOGIN = 6
/**
 * A login password being set: 8 to 128 characters of any kind (NIST SP 800-63B: length, not
 * composition, makes a password hard to guess; a long passphrase must fit). Characters are Unicode
 * code points, so an emoji or a CJK character counts as one, as a person counts them.
 */
export const LOGIN_PASSWORD_MIN_LENGTH = 8
export const LOGIN_PASSWORD_MAX_LENGTH = 128

/** Length in code points (a string's `length` counts UTF-16 units: an emoji would count twice). */
export function codePointLength(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

export const isLoginPasswordLength = (value: string): boolean => {
  // Two UTF-16 units at most per code point: a longer string is too long without counting.
  if (value.length > 2 * LOGIN_PASSWORD_MAX_LENGTH) return false
  const length = codePointLength(value)
  return length >= LOGIN_PASSWORD_MIN_LENGTH && length <= LOGIN_PASSWORD_MAX_LENGTH
}

/**
 * The common and breached passwords a new login password may not be, kept in lower case. The list
 * itself is an npm package (@zxcvbn-ts/language-common) that the server loads at its first check
 * and the app loads lazily (lib/password-strength): it is ~380 KB, too big for this module.
 */
export type CommonPasswords = ReadonlySet<string>

/** The set to check against, from the package's word list. Words shorter than the rule allows never match. */
export const commonPasswordSet = (words: Iterable<string>): CommonPasswords =>
  new Set(Array.from(words, (word) => word.toLowerCase()).filter((word) => codePointLength(word) >= LOGIN_PASSWORD_MIN_LENGTH))

/** Case does not matter: 'PASSWORD1' is guessed as early as 'password1'. */
export const isCommonPassword = (value: string, common: CommonPasswords): boolean => common.has(value.toLowerCase())
/** A trade (fund) password: exactly 6 digits. */
export const TRADE_PASSWORD_PATTERN = /^\d{6}$/
/** An account name: a letter, then letters or digits, 8 to 25 in all. */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{7,24}$/
/** An email verification code: exactly 6 digits. */
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/
/** A phone number: mainland 11 digits, or 09 plus 8 digits. */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|09\d{8})$/
/** Invite codes are letters and digits. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/
/** Smallest open amount of a seconds order and smallest transfer (spec §9). */
export const MIN_AMOUNT = '0.00001'

export const isBlank = (value: string | null | undefined): boolean => !value || value.replace(/\s/g, '') === ''
