// The form checks of spec §5. Each validator takes the raw input and answers null (fine) or the
// message to show, as a Lingui descriptor that the screen translates with i18n._(descriptor).
// Ids are the spec's own texts and keys (or the server's texts from contract/messages.ts), so the
// catalogs hold one entry per message whether the form or the server says it. Patterns come from
// contract/rules.ts, which the server applies too: a value the form accepts, the server accepts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  ACCOUNT_NAME_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVITE_CODE_PATTERN,
  LOGIN_PASSWORD_MIN_AT_LOGIN,
  MIN_AMOUNT,
  PHONE_PATTERN,
  TRADE_PASSWORD_PATTERN,
  VERIFICATION_CODE_PATTERN,
  isBlank,
  isCommonPassword,
  isLoginPasswordLength,
  type CommonPasswords,
} from '../contract/rules.ts'
import { isAtLeast, isDecimalString, tryDec, type DecimalValue } from './decimal'

type Input = string | null | undefined
type Result = MessageDescriptor | null

// The macro needs literal ids; tests/unit/validate.test.ts checks those that must equal
// SERVER_MESSAGES texts.
const M = {
  email: msg({ id: 'Please enter your email', message: 'Please enter your email' }),
  loginPassword: msg({ id: 'Please enter the login password', message: 'Please enter the login password' }),
  loginPasswordRule: msg({
    id: 'The login password must be 8 to 128 characters',
    message: 'The login password must be 8 to 128 characters',
  }),
  commonPassword: msg({
    id: 'This password is too common, please choose another one',
    message: 'This password is too common, please choose another one',
  }),
  fundPassword: msg({ id: 'Please enter fund password', message: 'Please enter fund password' }),
  tradePasswordRule: msg({ id: 'The fund password must be 6 digits', message: 'The fund password must be 6 digits' }),
  inconsistent: msg({ id: 'Passwords are inconsistent', message: 'Passwords are inconsistent' }),
  accountName: msg({
    id: 'The account name must be 8-25 letters or digits and start with a letter',
    message: 'The account name must be 8-25 letters or digits and start with a letter',
  }),
  code: msg({
    id: 'Please enter the 6-digit verification code',
    message: 'Please enter the 6-digit verification code',
  }),
  required: msg({ id: 'This field is required', message: 'This field is required' }),
  phone: msg({ id: 'Please enter a valid phone number', message: 'Please enter a valid phone number' }),
  openAmount: msg({ id: 'c_enteropenamt', message: 'Please enter the open amount (at least 0.00001)' }),
  belowLimit: msg({ id: 'u_limit_min_low', message: 'The open amount is below the minimum of this duration' }),
  transferAmount: msg({ id: 'c_a_transferTip', message: 'Please enter the transfer amount (at least 0.00001)' }),
  inviteCode: msg({ id: 'Invitation code does not exist', message: 'Invitation code does not exist' }),
  amount: msg({ id: 'enter num please', message: 'Please enter the amount' }),
  belowMinimum: msg({
    id: 'The number of inputs is less than the minimum limit',
    message: 'The number of inputs is less than the minimum limit',
  }),
  aboveMaximum: msg({ id: 'num limit', message: 'The amount is above the maximum limit' }),
  insufficient: msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' }),
  proof: msg({ id: 'Please upload credentials', message: 'Please upload credentials' }),
}

const unless = (ok: boolean, message: MessageDescriptor): Result => (ok ? null : message)

/** A typed decimal of at least `min` (bignumber comparison, never floats). */
const isAmountOfAtLeast = (value: Input, min: DecimalValue): value is string =>
  isDecimalString(value) && isAtLeast(value, min)

export const validateEmail = (value: Input): Result =>
  unless(!!value && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value), M.email)

/** At login any stored password of 6+ characters may be tried (older accounts predate the 8-character rule). */
export const validateLoginPasswordAtLogin = (value: Input): Result =>
  unless(!!value && value.length >= LOGIN_PASSWORD_MIN_AT_LOGIN, M.loginPassword)

/**
 * A login password being set or changed: 8 to 128 characters of any kind, and not a common one. The
 * list of common passwords is large and loads lazily (lib/password-strength), so it is passed in;
 * without it only the length is checked here, and the server refuses a common one all the same.
 */
export const validateNewLoginPassword = (value: Input, common?: CommonPasswords): Result =>
  !value || !isLoginPasswordLength(value)
    ? M.loginPasswordRule
    : unless(common === undefined || !isCommonPassword(value, common), M.commonPassword)

export const validateTradePassword = (value: Input): Result =>
  !value ? M.fundPassword : unless(TRADE_PASSWORD_PATTERN.test(value), M.tradePasswordRule)

/** The repeated password must equal the new one exactly (no trimming: spaces are characters). */
export const validateSamePassword = (password: Input, repeated: Input): Result =>
  unless((password ?? '') === (repeated ?? ''), M.inconsistent)

export const validateAccountName = (value: Input): Result =>
  unless(!!value && ACCOUNT_NAME_PATTERN.test(value), M.accountName)

export const validateVerificationCode = (value: Input): Result =>
  unless(!!value && VERIFICATION_CODE_PATTERN.test(value), M.code)

/** Non-blank after removing whitespace; `message` lets a screen say which field is missing. */
export const validateRequired = (value: Input, message: MessageDescriptor = M.required): Result =>
  unless(!isBlank(value), message)

export const validatePhone = (value: Input): Result => unless(!!value && PHONE_PATTERN.test(value), M.phone)

/** Seconds-contract open amount: at least 0.00001, then at least the chosen duration's minimum. */
export function validateOpenAmount(value: Input, minLimit?: DecimalValue | null): Result {
  if (!isAmountOfAtLeast(value, MIN_AMOUNT)) return M.openAmount
  const min = tryDec(minLimit)
  return unless(min === null || isAtLeast(value, min), M.belowLimit)
}

export const validateTransferAmount = (value: Input): Result =>
  unless(isAmountOfAtLeast(value, MIN_AMOUNT), M.transferAmount)

/** Optional at registration: blank is fine; otherwise it must look like a code. */
export const validateInviteCode = (value: Input): Result =>
  isBlank(value) ? null : unless(INVITE_CODE_PATTERN.test(value ?? ''), M.inviteCode)

export interface AmountLimits {
  min?: DecimalValue | null
  max?: DecimalValue | null
  available?: DecimalValue | null
}

/** Subscription quantity, exchange and withdrawal amounts: positive, within min/max, covered by the balance. */
export function validateAmount(value: Input, limits: AmountLimits = {}): Result {
  if (!isDecimalString(value) || !tryDec(value)?.isGreaterThan(0)) return M.amount
  const [min, max, available] = [tryDec(limits.min), tryDec(limits.max), tryDec(limits.available)]
  if (min !== null && !isAtLeast(value, min)) return M.belowMinimum
  if (max !== null && !isAtLeast(max, value)) return M.aboveMaximum
  return unless(available === null || isAtLeast(available, value), M.insufficient)
}

/** Recharge needs a proof image (a File while picked, or the URL it was uploaded to). */
export const validateProofUploaded = (proof: Blob | string | null | undefined): Result =>
  unless(typeof proof === 'string' ? !isBlank(proof) : !!proof, M.proof)
