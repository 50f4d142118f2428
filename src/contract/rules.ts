// The input rules of spec §5 as plain patterns, so that the app's form checks (src/lib/validate)
// and the server's request checks apply exactly the same definition.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Longest email we accept (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254
/** At login any password of at least 6 characters may be tried (older accounts). */
export const LOGIN_PASSWORD_MIN_AT_LOGIN = 6
/** A login password being set: 8-24 characters, the first a letter. */
export const LOGIN_PASSWORD_PATTERN = /^[A-Za-z][\s\S]{7,23}$/
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
