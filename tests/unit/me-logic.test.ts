import { describe, expect, it } from 'vitest'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { checkChangeLoginPassword, checkTradePassword, externalLinkTarget, kycLabel, linkParts } from '../../src/features/me/logic'

const fields = (errors: object) => Object.keys(errors).toSorted()

describe('security centre forms', () => {
  it('changing the login password needs the current one and a new one that follows the rule', () => {
    expect(fields(checkChangeLoginPassword({ oldPassword: '', password: 'short', confirm: '' }))).toEqual([
      'oldPassword',
      'password',
    ])
    expect(fields(checkChangeLoginPassword({ oldPassword: 'old123', password: 'Newpass123', confirm: 'Newpass124' }))).toEqual([
      'confirm',
    ])
    expect(checkChangeLoginPassword({ oldPassword: 'old123', password: 'Newpass123', confirm: 'Newpass123' })).toEqual({})
  })
  it('a fund password is six digits, repeated, confirmed by the login password', () => {
    const errors = checkTradePassword({ loginPassword: '', password: '12345', confirm: '' })
    expect(fields(errors)).toEqual(['loginPassword', 'password'])
    expect(errors.password?.id).toBe('The fund password must be 6 digits')
    expect(checkTradePassword({ loginPassword: 'Secret123', password: '', confirm: '' }).password?.id).toBe(
      'Please enter fund password',
    )
    expect(checkTradePassword({ loginPassword: 'Secret123', password: '123456', confirm: '654321' }).confirm?.id).toBe(
      'Passwords are inconsistent',
    )
    expect(checkTradePassword({ loginPassword: 'Secret123', password: '123456', confirm: '123456' })).toEqual({})
  })
})

it('names the three KYC states, treating anything unknown as not verified', () => {
  expect(kycLabel(KYC_STATUS.none)).toBe('none')
  expect(kycLabel(KYC_STATUS.reviewing)).toBe('reviewing')
  expect(kycLabel(KYC_STATUS.verified)).toBe('verified')
  expect(kycLabel(undefined)).toBe('none')
})

it('opens external links in the same window on iOS only (spec §2)', () => {
  expect(externalLinkTarget('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('_self')
  expect(externalLinkTarget('Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe('_blank')
})

describe('an invitation link cut into the parts a line may wrap between', () => {
  it('cuts after slashes and signs, keeping the host and port and the code whole, and loses nothing', () => {
    const link = 'http://127.0.0.1:40945/mobile/register?code=73VMMBCW'
    expect(linkParts(link)).toEqual(['http://', '127.0.0.1:40945/', 'mobile/', 'register?', 'code=', '73VMMBCW'])
    expect(linkParts(link).join('')).toBe(link)
    expect(linkParts('')).toEqual([])
  })
})
