// What the code fields accept and send (lib/factor-code): digits only for an app's code, and a
// recovery code in any case, with or without its dash or spaces, sent as the server shows it.
import { describe, expect, it } from 'vitest'
import { checkFactorCode, cleanTotpInput, factorCodeToSend, normalizeRecoveryCode } from '../../src/lib/factor-code'

describe('factor codes', () => {
  it('keeps the digits of an app\'s code, at most six', () => {
    expect(cleanTotpInput(' 123 456 ')).toBe('123456')
    expect(cleanTotpInput('12-34-56-78')).toBe('123456')
    expect(cleanTotpInput('abc')).toBe('')
  })

  it('sends six digits, nothing shorter', () => {
    expect(factorCodeToSend('totp', '123 456')).toBe('123456')
    expect(factorCodeToSend('totp', '12345')).toBeNull()
    expect(checkFactorCode('totp', '12345')?.id).toBeTruthy()
    expect(checkFactorCode('totp', '000000')).toBeNull()
  })

  it('writes a recovery code as shown, whatever was typed', () => {
    expect(normalizeRecoveryCode('ABCD-2345')).toBe('abcd-2345')
    expect(normalizeRecoveryCode('abcd2345')).toBe('abcd-2345')
    expect(normalizeRecoveryCode(' ab cd 23 45 ')).toBe('abcd-2345')
    expect(factorCodeToSend('recovery', 'Abcd 2345')).toBe('abcd-2345')
  })

  it('refuses what cannot be a recovery code', () => {
    expect(factorCodeToSend('recovery', 'abc-2345')).toBeNull()
    expect(factorCodeToSend('recovery', 'abcd-23456')).toBeNull()
    expect(factorCodeToSend('recovery', 'abcd_2345')).toBeNull()
    expect(checkFactorCode('recovery', '')).not.toBeNull()
  })
})
