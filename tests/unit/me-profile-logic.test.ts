import { describe, expect, it } from 'vitest'
import { DOC_TYPES, KYC_STATE, type KycInfo } from '../../src/contract/profile.ts'
import { FAQ as EN } from '../../src/features/me/faq/en-US'
import { FAQ as JA } from '../../src/features/me/faq/ja'
import { FAQ as KO } from '../../src/features/me/faq/ko'
import { FAQ as ZH } from '../../src/features/me/faq/zh-CN'
import {
  checkCollectionForm,
  checkKycForm,
  groupCardNumber,
  kycView,
  registrationLink,
  searchFaq,
  unreadBadge,
} from '../../src/features/me/logic'
import { packageOf } from '../../scripts/vite-about-info'

const info = (state: KycInfo['state']): KycInfo => ({ state, submitted: null, reason: '', reviewedAt: null })
const photo = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })

describe('help centre search', () => {
  it('every word must match, in any case or width, questions first', () => {
    expect(searchFaq(EN, 'minimum DEPOSIT').map((e) => e.question)).toEqual(['What is the minimum deposit?'])
    expect(searchFaq(EN, 'ｆｅｅ').length).toBeGreaterThan(2)
    const fees = searchFaq(EN, 'fee').map((e) => e.question.toLowerCase().includes('fee'))
    expect(fees.slice(0, 2)).toEqual([true, true])
    expect(fees.slice(2)).not.toContain(true)
    expect(searchFaq(EN, 'zzzz nothing')).toEqual([])
    expect(searchFaq(EN, '   ')).toHaveLength(EN.length)
    expect(searchFaq(ZH, '充值').length).toBeGreaterThanOrEqual(2)
  })
  it('every language answers the same twelve questions with the same facts', () => {
    for (const faq of [EN, ZH, KO, JA]) {
      expect(faq).toHaveLength(12)
      const text = faq.map((entry) => entry.answer).join(' ')
      for (const fact of ['1 USDT', '12', '0.1', '0.05', '0.2', '0.00001', '10', '2.5', '7.5', '25', '21']) expect(text).toContain(fact)
    }
  })
})

describe('profile rules', () => {
  it('the registration link carries the code as routes/register.tsx reads it', () => {
    expect(registrationLink('https://x.test', 'AB12 CD')).toBe('https://x.test/mobile/register?code=AB12%20CD')
    expect(new URL(registrationLink('https://x.test', 'AB12CD34')).searchParams.get('code')).toBe('AB12CD34')
  })
  it('the verify screen shows the form only when a submission is possible', () => {
    expect(kycView(info(KYC_STATE.none), false)).toBe('form')
    expect(kycView(info(KYC_STATE.reviewing), true)).toBe('reviewing')
    expect(kycView(info(KYC_STATE.verified), true)).toBe('verified')
    expect(kycView(info(KYC_STATE.rejected), false)).toBe('rejected')
    expect(kycView(info(KYC_STATE.rejected), true)).toBe('form')
  })
  it('the verification form refuses what the server refuses', () => {
    const good = { name: 'Li Wei', docType: DOC_TYPES.residentId, docNumber: '11010519491231002X', front: photo, back: photo }
    expect(checkKycForm(good)).toEqual({})
    expect(Object.keys(checkKycForm({ ...good, docNumber: '110105194912310021' }))).toEqual(['docNumber'])
    expect(Object.keys(checkKycForm({ ...good, docType: DOC_TYPES.passport, docNumber: 'E1234567' }))).toEqual([])
    expect(Object.keys(checkKycForm({ ...good, name: '1234', front: null, back: null })).toSorted()).toEqual(['back', 'front', 'name'])
  })
  it('the collection account needs a Luhn-valid card and a 6-digit fund password', () => {
    const good = { bankName: 'Bank of Test', cardName: 'Li Wei', cardNumber: '4111 1111 1111 1111', tradePassword: '123456' }
    expect(checkCollectionForm(good)).toEqual({})
    expect(Object.keys(checkCollectionForm({ ...good, cardNumber: '4111 1111 1111 1112', tradePassword: '12345' })).toSorted()).toEqual(['cardNumber', 'tradePassword'])
    expect(groupCardNumber('41111111a11111111')).toBe('4111 1111 1111 1111')
  })
  it('the unread badge stops at 99+', () => {
    expect([unreadBadge(1), unreadBadge(99), unreadBadge(100)]).toEqual(['1', '99', '99+'])
  })
  it('the licence list names the innermost package of a bundled module', () => {
    expect(packageOf('/r/node_modules/react/index.js')).toBe('react')
    expect(packageOf('/r/node_modules/@lingui/core/dist/index.mjs')).toBe('@lingui/core')
    expect(packageOf('/r/node_modules/a/node_modules/b/x.js')).toBe('b')
    expect(packageOf('/r/src/main.tsx')).toBeNull()
  })
})
