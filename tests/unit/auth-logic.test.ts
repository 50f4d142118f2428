import { describe, expect, it } from 'vitest'
import { EMAIL_CODE_RESEND_SECONDS } from '../../src/contract/user.ts'
import {
  checkEmailAndCode,
  checkLogin,
  checkNewPassword,
  checkRegisterDetails,
  errorsAfterChange,
  normalizeEmail,
  resendWait,
} from '../../src/features/auth/logic'

const ids = (errors: object) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, (message as { id: string }).id]))

describe('sign-in form', () => {
  it('asks for a valid email and a password of at least 6 characters', () => {
    expect(ids(checkLogin({ email: '', password: '' }))).toEqual({
      email: 'Please enter your email',
      password: 'Please enter the login password',
    })
    expect(ids(checkLogin({ email: 'a@b', password: '12345' }))).toEqual({
      email: 'Please enter your email',
      password: 'Please enter the login password',
    })
  })
  it('accepts a well-formed email with surrounding spaces, as a keyboard leaves them', () => {
    expect(checkLogin({ email: ' Trader@Example.com ', password: '123456' })).toEqual({})
  })
})

describe('email and code step', () => {
  it('needs exactly six digits', () => {
    expect(ids(checkEmailAndCode({ email: 'a@b.co', code: '12345' }))).toEqual({
      code: 'Please enter the 6-digit verification code',
    })
    expect(checkEmailAndCode({ email: 'a@b.co', code: '123456' })).toEqual({})
  })
})

describe('new password', () => {
  it('applies the 8 to 128 characters rule before comparing the repeat', () => {
    const weak = ids(checkNewPassword({ password: 'abc1234', confirm: 'other' }))
    expect(weak).toEqual({ password: 'The login password must be 8 to 128 characters' })
    expect(Object.keys(checkNewPassword({ password: 'y'.repeat(129), confirm: 'y'.repeat(129) }))).toEqual(['password'])
    // No "first a letter" rule any more.
    expect(checkNewPassword({ password: '1abcdefgh', confirm: '1abcdefgh' })).toEqual({})
    expect(ids(checkNewPassword({ password: 'abcdefgh1', confirm: 'abcdefgh2' }))).toEqual({
      confirm: 'Passwords are inconsistent',
    })
    expect(checkNewPassword({ password: 'abcdefgh1', confirm: 'abcdefgh1' })).toEqual({})
  })
  it('checks the optional invite code only when one is given', () => {
    const good = { password: 'abcdefgh1', confirm: 'abcdefgh1' }
    expect(checkRegisterDetails({ ...good, inviteCode: '' })).toEqual({})
    expect(Object.keys(checkRegisterDetails({ ...good, inviteCode: 'no spaces!' }))).toEqual(['inviteCode'])
  })
})

describe('resend countdown', () => {
  it('counts the 60 s down from the moment the code was sent, never below zero', () => {
    const sentAt = 1_000_000
    expect(resendWait(null, sentAt)).toBe(0)
    expect(resendWait(sentAt, sentAt)).toBe(EMAIL_CODE_RESEND_SECONDS)
    expect(resendWait(sentAt, sentAt + 59_500)).toBe(1)
    expect(resendWait(sentAt, sentAt + 60_000)).toBe(0)
    expect(resendWait(sentAt, sentAt + 3_600_000)).toBe(0)
    // A clock set back must not make the wait longer than a minute.
    expect(resendWait(sentAt, sentAt - 30_000)).toBe(EMAIL_CODE_RESEND_SECONDS)
  })
})

it('normalizes emails as the server stores them', () => {
  expect(normalizeEmail('  Trader@Example.COM ')).toBe('trader@example.com')
})

describe('errors after a change', () => {
  it("drops the changed field's error and keeps the others; either password drops the mismatch", () => {
    const errors: Partial<Record<'email' | 'code' | 'password' | 'confirm' | 'inviteCode', string>> =
      { email: 'bad email', code: 'bad code', confirm: 'differ', inviteCode: 'bad invite' }
    expect(errorsAfterChange(errors, 'email')).toEqual({ code: 'bad code', confirm: 'differ', inviteCode: 'bad invite' })
    expect(errorsAfterChange(errors, 'password')).toEqual({ email: 'bad email', code: 'bad code', inviteCode: 'bad invite' })
    expect(errorsAfterChange(errors, 'confirm')).toEqual({ email: 'bad email', code: 'bad code', inviteCode: 'bad invite' })
    expect(errorsAfterChange({}, 'email')).toEqual({})
  })
})
