// The login password rule (contract/rules.ts) as the form and the server apply it: 8 to 128 code
// points of any kind, not a common or breached password (the list of @zxcvbn-ts/language-common,
// any case), and the strength meter's steps (lib/password-strength).
import { dictionary } from '@zxcvbn-ts/language-common'
import { describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  LOGIN_PASSWORD_MAX_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  codePointLength,
  commonPasswordSet,
  isCommonPassword,
  isLoginPasswordLength,
} from '../../src/contract/rules.ts'
import { checkNewLoginPassword, loadPasswordTools, strengthLevel } from '../../src/lib/password-strength'
import { validateNewLoginPassword } from '../../src/lib/validate'

const common = commonPasswordSet(dictionary['passwords-common'])
const idOf = (password: string) => validateNewLoginPassword(password, common)?.id ?? null
const PASSPHRASE = 'my granny keeps seven blue herons on the roof of the old mill!!!'

describe('length', () => {
  it('takes 8 to 128 characters', () => {
    expect([LOGIN_PASSWORD_MIN_LENGTH, LOGIN_PASSWORD_MAX_LENGTH]).toEqual([8, 128])
    expect(isLoginPasswordLength('k'.repeat(7))).toBe(false)
    expect(isLoginPasswordLength('k'.repeat(8))).toBe(true)
    expect(isLoginPasswordLength('k'.repeat(128))).toBe(true)
    expect(isLoginPasswordLength('k'.repeat(129))).toBe(false)
  })

  it('counts code points, so an emoji or a CJK character is one character', () => {
    const emoji = '🔑'
    expect(emoji.length).toBe(2)
    expect(codePointLength(emoji.repeat(8))).toBe(8)
    expect(isLoginPasswordLength(emoji.repeat(7))).toBe(false)
    expect(isLoginPasswordLength(emoji.repeat(8))).toBe(true)
    expect(isLoginPasswordLength(emoji.repeat(128))).toBe(true)
    expect(isLoginPasswordLength(emoji.repeat(129))).toBe(false)
    expect(isLoginPasswordLength('密码很长而且很安全')).toBe(true)
    expect(isLoginPasswordLength('Ünïcödé pässwörd')).toBe(true)
  })

  it('sets no rule on what the first character is, or on spaces and symbols', () => {
    for (const password of ['12345678xyz!', ' leading space', '#hashtag-first', 'パスワードは長い文です']) {
      expect(isLoginPasswordLength(password)).toBe(true)
    }
  })
})

describe('common passwords', () => {
  it('ships at least the 10,000 most common passwords', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000)
    expect(dictionary['passwords-common'].slice(0, 3)).toEqual(['123456', 'password', '12345678'])
    // Only those the length rule lets through are kept: shorter ones are refused anyway.
    expect(common.has('password')).toBe(true)
    expect(common.has('123456')).toBe(false)
  })

  it('refuses a common password whatever its case', () => {
    for (const password of ['password', 'PASSWORD', 'Password1', 'iloveyou', 'qwertyuiop', '12345678']) {
      expect(isCommonPassword(password, common), password).toBe(true)
    }
    expect(isCommonPassword(PASSPHRASE, common)).toBe(false)
  })
})

describe('the form check', () => {
  const RULE = SERVER_MESSAGES.loginPasswordRule
  const TOO_COMMON = SERVER_MESSAGES.passwordTooCommon
  it.each([
    ['k'.repeat(7), RULE],
    ['Pq9!xZ2@', null],
    ['k'.repeat(128), null],
    ['k'.repeat(129), RULE],
    ['🔑'.repeat(8), null],
    ['password', TOO_COMMON],
    ['Password1', TOO_COMMON],
    [PASSPHRASE, null],
  ])('%j → %j', (password, id) => expect(idOf(password)).toBe(id))

  it('uses the same texts as the server', () => {
    expect(validateNewLoginPassword('short', common)?.id).toBe(RULE)
    expect(validateNewLoginPassword('sunshine', common)?.id).toBe(TOO_COMMON)
  })

  it('loads the list before sending', async () => {
    expect(PASSPHRASE).toHaveLength(64)
    expect((await checkNewLoginPassword('Baseball1'))?.id).toBe(TOO_COMMON)
    expect((await checkNewLoginPassword('short'))?.id).toBe(RULE)
    expect(await checkNewLoginPassword(PASSPHRASE)).toBeNull()
  })
})

describe('strength meter', () => {
  it('is weak for what the rule refuses and strong for a long passphrase', async () => {
    const tools = await loadPasswordTools()
    expect(strengthLevel(tools, 'short')).toBe('weak')
    expect(strengthLevel(tools, 'password1')).toBe('weak')
    expect(strengthLevel(tools, 'k'.repeat(129))).toBe('weak')
    expect(strengthLevel(tools, 'aaaaaaaaaa')).toBe('weak')
    expect(strengthLevel(tools, PASSPHRASE)).toBe('strong')
  })

  it('rates a password built on the email lower', async () => {
    const tools = await loadPasswordTools()
    const email = 'zebracrossing@example.com'
    const levels = ['weak', 'fair', 'good', 'strong']
    const withHint = strengthLevel(tools, 'zebracrossing77', [email, 'zebracrossing'])
    const without = strengthLevel(tools, 'zebracrossing77')
    expect(levels.indexOf(withHint)).toBeLessThanOrEqual(levels.indexOf(without))
    expect(withHint).toBe('weak')
  })
})
