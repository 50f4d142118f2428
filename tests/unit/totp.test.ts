// Two-factor codes (server/security/two-factor/totp.ts) against RFC 6238's own test vectors
// (appendix B, the SHA1 column: the 20-byte ASCII key "12345678901234567890", 8 digits), then the
// 6-digit codes the app uses: the window of one step either side and the step a code matched.
import { Secret } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { issuerOf, matchingStep, newTotpKey, totpCode, totpStep, totpUri } from '../../server/security/two-factor/totp.ts'

const RFC_KEY = Secret.fromLatin1('12345678901234567890')
const RFC_SHA1_VECTORS: ReadonlyArray<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('RFC 6238 appendix B (SHA1)', () => {
  it.each(RFC_SHA1_VECTORS)('T = %i gives %s', (seconds, code) => {
    expect(totpCode(RFC_KEY, seconds * 1000, 8)).toBe(code)
    expect(matchingStep(RFC_KEY, code, seconds * 1000, 8)).toBe(Math.floor(seconds / 30))
  })

  it('reads the same key given in base32', () => {
    expect(RFC_KEY.base32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(totpCode(RFC_KEY.base32, 59_000, 8)).toBe('94287082')
  })
})

describe('six-digit codes', () => {
  const key = newTotpKey()
  const now = 1_800_000_015_000

  it('makes a 160-bit key, in base32', () => {
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpKey()).not.toBe(key)
  })

  it('accepts the previous, current and next step, and answers which one matched', () => {
    const step = totpStep(now)
    expect(matchingStep(key, totpCode(key, now), now)).toBe(step)
    expect(matchingStep(key, totpCode(key, now - 30_000), now)).toBe(step - 1)
    expect(matchingStep(key, totpCode(key, now + 30_000), now)).toBe(step + 1)
  })

  it('refuses codes two steps away, wrong codes and codes of another length', () => {
    expect(matchingStep(key, totpCode(key, now - 60_000), now)).toBeNull()
    expect(matchingStep(key, totpCode(key, now + 60_000), now)).toBeNull()
    const right = totpCode(key, now)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    expect(matchingStep(key, wrong, now)).toBeNull()
    expect(matchingStep(key, `${right}0`, now)).toBeNull()
    expect(matchingStep(key, '', now)).toBeNull()
  })

  it('puts the key, issuer and settings authenticator apps scan into the otpauth URI', () => {
    const uri = new URL(totpUri(key, 'Exchange', 'demo@exchange.local'))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe('/Exchange:demo@exchange.local')
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: key, issuer: 'Exchange', algorithm: 'SHA1', digits: '6', period: '30' })
  })

  it('names the issuer after MAIL_FROM', () => {
    expect(issuerOf('Exchange <no-reply@exchange.local>')).toBe('Exchange')
    expect(issuerOf('"Acme Markets" <a@b.c>')).toBe('Acme Markets')
    expect(issuerOf('no-reply@exchange.local')).toBe('Exchange')
  })
})
