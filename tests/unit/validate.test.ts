import { describe, expect, it } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  validateAccountName,
  validateAmount,
  validateEmail,
  validateInviteCode,
  validateLoginPasswordAtLogin,
  validateNewLoginPassword,
  validateOpenAmount,
  validatePhone,
  validateProofUploaded,
  validateRequired,
  validateSamePassword,
  validateTradePassword,
  validateTransferAmount,
  validateVerificationCode,
} from '../../src/lib/validate'

const idOf = (result: MessageDescriptor | null) => result?.id ?? null
type Case = [input: string | null | undefined, id: string | null]

function table(name: string, validate: (value: string | null | undefined) => MessageDescriptor | null, cases: Case[]) {
  describe(name, () => {
    it.each(cases)('%j → %j', (input, id) => expect(idOf(validate(input))).toBe(id))
  })
}

const EMAIL = 'Please enter your email'
table('validateEmail', validateEmail, [
  ['trader@example.com', null],
  ['a.b+c@sub.example.co', null],
  ['', EMAIL],
  [null, EMAIL],
  [undefined, EMAIL],
  ['trader', EMAIL],
  ['trader@example', EMAIL],
  ['tra der@example.com', EMAIL],
  [' trader@example.com', EMAIL],
  [`${'a'.repeat(250)}@b.co`, EMAIL],
])

const LOGIN = 'Please enter the login password'
table('validateLoginPasswordAtLogin', validateLoginPasswordAtLogin, [
  ['123456', null],
  ['abcdefghij', null],
  ['', LOGIN],
  [null, LOGIN],
  ['12345', LOGIN],
])

// Without the common-password list (it loads lazily) only the length is checked here;
// tests/unit/password-rules.test.ts checks the list.
const RULE = SERVER_MESSAGES.loginPasswordRule
table('validateNewLoginPassword', validateNewLoginPassword, [
  ['a1234567', null],
  ['Z' + 'x'.repeat(23), null],
  ['pass word!', null],
  ['1 starts with a digit', null],
  ['x'.repeat(128), null],
  ['', RULE],
  [undefined, RULE],
  ['a123456', RULE],
  ['x'.repeat(129), RULE],
])

const FUND = 'Please enter fund password'
const FUND_RULE = SERVER_MESSAGES.tradePasswordRule
table('validateTradePassword', validateTradePassword, [
  ['123456', null],
  ['', FUND],
  [null, FUND],
  ['12345', FUND_RULE],
  ['1234567', FUND_RULE],
  ['12345a', FUND_RULE],
  ['１２３４５６', FUND_RULE],
])

describe('validateSamePassword', () => {
  it('accepts equal passwords', () => expect(validateSamePassword('a1234567', 'a1234567')).toBeNull())
  it.each([
    ['a1234567', 'a1234568'],
    ['a1234567', 'a1234567 '],
    ['a1234567', ''],
    ['a1234567', null],
  ])('%j and %j are inconsistent', (a, b) => {
    expect(idOf(validateSamePassword(a, b))).toBe('Passwords are inconsistent')
  })
})

const NAME = 'The account name must be 8-25 letters or digits and start with a letter'
table('validateAccountName', validateAccountName, [
  ['trader01', null],
  ['T' + '1'.repeat(24), null],
  ['', NAME],
  ['trader1', NAME],
  ['1trader01', NAME],
  ['trader_01', NAME],
  ['T' + '1'.repeat(25), NAME],
])

const CODE = 'Please enter the 6-digit verification code'
table('validateVerificationCode', validateVerificationCode, [
  ['012345', null],
  ['', CODE],
  [null, CODE],
  ['12345', CODE],
  ['1234567', CODE],
  ['12a456', CODE],
])

const REQUIRED = 'This field is required'
table('validateRequired', (value) => validateRequired(value), [
  ['x', null],
  [' x ', null],
  ['', REQUIRED],
  ['   \t\n', REQUIRED],
  [null, REQUIRED],
  [undefined, REQUIRED],
])

describe('validateRequired with a screen message', () => {
  it('answers that message', () => {
    const message = { id: 'Please enter fund password' }
    expect(validateRequired(' ', message)).toBe(message)
    expect(validateRequired('x', message)).toBeNull()
  })
})

const PHONE = 'Please enter a valid phone number'
table('validatePhone', validatePhone, [
  ['13812345678', null],
  ['0912345678', null],
  ['', PHONE],
  ['12812345678', PHONE],
  ['1381234567', PHONE],
  ['091234567', PHONE],
  ['+8613812345678', PHONE],
])

describe('validateOpenAmount', () => {
  it.each(['0.00001', '1', '100.5', '.5'])('accepts %j without a minimum', (value) => {
    expect(validateOpenAmount(value)).toBeNull()
    expect(validateOpenAmount(value, null)).toBeNull()
  })
  it.each(['', null, undefined, '0', '0.000009', '-1', 'abc', '1e5', ' 1'])('%j → c_enteropenamt', (value) => {
    expect(idOf(validateOpenAmount(value, '0'))).toBe('c_enteropenamt')
  })
  it('compares with the chosen duration minimum', () => {
    expect(idOf(validateOpenAmount('9.99999999', '10'))).toBe('u_limit_min_low')
    expect(idOf(validateOpenAmount('9', 10))).toBe('u_limit_min_low')
    expect(validateOpenAmount('10', '10')).toBeNull()
    expect(validateOpenAmount('10.00000001', '10')).toBeNull()
  })
  it('checks 0.00001 before the minimum', () => {
    expect(idOf(validateOpenAmount('0', '10'))).toBe('c_enteropenamt')
  })
  it('ignores a minimum that is not a number', () => expect(validateOpenAmount('1', 'abc')).toBeNull())
})

const TRANSFER = 'c_a_transferTip'
table('validateTransferAmount', validateTransferAmount, [
  ['0.00001', null],
  ['250.12345678', null],
  ['', TRANSFER],
  [null, TRANSFER],
  ['0.0000099999', TRANSFER],
  ['-5', TRANSFER],
  ['5e2', TRANSFER],
  ['1,5', TRANSFER],
])

const INVITE = SERVER_MESSAGES.inviteCodeUnknown
table('validateInviteCode', validateInviteCode, [
  ['', null],
  [null, null],
  ['  ', null],
  ['AB12', null],
  ['abcdEFGH12345678', null],
  ['AB1', INVITE],
  ['AB-123', INVITE],
  ['a'.repeat(17), INVITE],
])

describe('validateAmount', () => {
  it.each(['', null, '0', '-1', 'abc', '1e2'])('%j → enter num please', (value) => {
    expect(idOf(validateAmount(value))).toBe('enter num please')
  })
  it('checks minimum, maximum and balance in that order', () => {
    const limits = { min: '10', max: '1000', available: '500' }
    expect(idOf(validateAmount('9.9', limits))).toBe('The number of inputs is less than the minimum limit')
    expect(idOf(validateAmount('1000.01', limits))).toBe('num limit')
    expect(idOf(validateAmount('500.00000001', limits))).toBe('Insufficient available balance')
    expect(validateAmount('500', limits)).toBeNull()
    expect(validateAmount('10', limits)).toBeNull()
  })
  it('skips limits that are missing or not numbers', () => {
    expect(validateAmount('123456789', {})).toBeNull()
    expect(validateAmount('5', { min: null, max: undefined, available: 'abc' })).toBeNull()
  })
})

describe('validateProofUploaded', () => {
  const PROOF = 'Please upload credentials'
  it('accepts a picked file or an uploaded URL', () => {
    expect(validateProofUploaded(new Blob(['x']))).toBeNull()
    expect(validateProofUploaded('/uploads/proof.png')).toBeNull()
  })
  it.each([null, undefined, '', ' '])('%j → Please upload credentials', (value) => {
    expect(idOf(validateProofUploaded(value))).toBe(PROOF)
  })
})

describe('descriptors', () => {
  it('carry the English text as the message', () => {
    expect(validateEmail('')).toMatchObject({ id: EMAIL, message: EMAIL })
    expect(validateOpenAmount('')).toMatchObject({ message: 'Please enter the open amount (at least 0.00001)' })
  })
})
