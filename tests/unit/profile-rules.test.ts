// The checks the verification form and the collection account run on both sides
// (src/contract/profile.ts): resident ID check characters, passports, other documents, names, Luhn,
// and the masks that keep numbers out of sight.
import { describe, expect, it } from 'vitest'
import {
  DOC_TYPES,
  isValidBankName,
  isValidCardNumber,
  isValidDocNumber,
  isValidPassport,
  isValidPersonName,
  isValidResidentId,
  maskCardNumber,
  maskMiddle,
  normalizeDocNumber,
} from '../../src/contract/profile.ts'

/** The check character of 17 digits, computed independently of the code under test. */
function withCheck(first17: string): string {
  const weights = first17.split('').map((_, i) => 2 ** (17 - i) % 11)
  const sum = first17.split('').reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0)
  return first17 + '10X98765432'.charAt(sum % 11)
}

describe('Chinese resident ID', () => {
  it('accepts numbers whose last character is their check character, X included, in either case', () => {
    expect(isValidResidentId('11010519491231002X')).toBe(true)
    expect(isValidResidentId('11010519491231002x')).toBe(true)
    expect(isValidResidentId(withCheck('44052419800101001'))).toBe(true)
    expect(isValidResidentId(withCheck('32010619900307123'))).toBe(true)
    expect(isValidResidentId(' 1101 0519 4912 3100 2X ')).toBe(true)
  })

  it('refuses a wrong check character, every one of the other ten', () => {
    const good = withCheck('32010619900307123')
    for (const check of '0123456789X') {
      if (check !== good[17]) expect(isValidResidentId(good.slice(0, 17) + check)).toBe(false)
    }
  })

  it('refuses a changed digit, wrong lengths, letters, and impossible birth dates', () => {
    expect(isValidResidentId('11010519491231003X')).toBe(false)
    expect(isValidResidentId('1101051949123100')).toBe(false)
    expect(isValidResidentId('11010519491231002X1')).toBe(false)
    expect(isValidResidentId('1101A519491231002X')).toBe(false)
    expect(isValidResidentId(withCheck('11010519490231002'))).toBe(false)
    expect(isValidResidentId(withCheck('11010518991231002'))).toBe(false)
    expect(isValidResidentId(withCheck('11010519491331002'))).toBe(false)
    expect(isValidResidentId(withCheck('11010520000229002'))).toBe(true)
    expect(isValidResidentId(withCheck('11010519000229002'))).toBe(false)
  })
})

describe('passports and other documents', () => {
  it('passports: 6 to 9 letters or digits with at least one digit', () => {
    for (const good of ['E12345678', 'G1234567', '123456789', 'ab1234567', 'K12345']) expect(isValidPassport(good)).toBe(true)
    for (const bad of ['E1234', 'E123456789', 'ABCDEFGH', 'E1234-567', 'Е1234567', '']) expect(isValidPassport(bad)).toBe(false)
  })

  it('other documents: 4 to 30 letters, digits or inner hyphens', () => {
    expect(isValidDocNumber(DOC_TYPES.other, 'AB-1234')).toBe(true)
    expect(isValidDocNumber(DOC_TYPES.other, 'A1B2')).toBe(true)
    expect(isValidDocNumber(DOC_TYPES.other, 'X'.repeat(30))).toBe(true)
    for (const bad of ['AB1', 'X'.repeat(31), '-AB12', 'AB12-', 'AB_12', 'AB 12<', '名字1234']) expect(isValidDocNumber(DOC_TYPES.other, bad)).toBe(false)
  })

  it('the type decides the rule: a passport number is not a resident ID', () => {
    expect(isValidDocNumber(DOC_TYPES.passport, 'E12345678')).toBe(true)
    expect(isValidDocNumber(DOC_TYPES.residentId, 'E12345678')).toBe(false)
    expect(isValidDocNumber(DOC_TYPES.passport, '11010519491231002X')).toBe(false)
    expect(normalizeDocNumber(' e1234 5678 ')).toBe('E12345678')
  })
})

describe('names', () => {
  it('letters of any script with spaces, dots, apostrophes and hyphens inside', () => {
    for (const good of ['张三', 'Anne-Marie O\'Neil', 'J. R. R. Tolkien', '김민준', 'やまだ たろう', 'Zoë', '阿依古丽·买买提']) expect(isValidPersonName(good)).toBe(true)
    for (const bad of ['', ' ', '1234', 'Bob2', '<script>', 'a\u0000b', 'x'.repeat(65), '-Ann', 'Ann-']) expect(isValidPersonName(bad)).toBe(false)
  })

  it('bank names: 2 to 64 printable characters', () => {
    expect(isValidBankName('Bank of China')).toBe(true)
    expect(isValidBankName('中国工商银行')).toBe(true)
    expect(isValidBankName('B')).toBe(false)
    expect(isValidBankName('B'.repeat(65))).toBe(false)
    expect(isValidBankName('Bank\u0007')).toBe(false)
  })
})

describe('card numbers (Luhn)', () => {
  it('accepts well-known test numbers, with spaces or hyphens between groups', () => {
    for (const good of ['4111111111111111', '5500 0000 0000 0004', '3400-0000-0000-009', '6212262201023557228', '79927398713']) {
      expect(isValidCardNumber(good)).toBe(good !== '79927398713')
    }
  })

  it('refuses any single changed digit and any swap of neighbouring different digits', () => {
    const card = '4539148803436467'
    expect(isValidCardNumber(card)).toBe(true)
    for (let i = 0; i < card.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === card[i]) continue
        expect(isValidCardNumber(card.slice(0, i) + d + card.slice(i + 1))).toBe(false)
      }
    }
    for (let i = 0; i + 1 < card.length; i++) {
      const [a, b] = [card[i], card[i + 1]]
      // Luhn's one blind spot is 09 ↔ 90.
      if (a === b || `${a}${b}` === '09' || `${a}${b}` === '90') continue
      expect(isValidCardNumber(card.slice(0, i) + b + a + card.slice(i + 2))).toBe(false)
    }
  })

  it('refuses too short, too long and non-digits', () => {
    expect(isValidCardNumber('42424242426')).toBe(false)
    expect(isValidCardNumber('42424242424242424242')).toBe(false)
    expect(isValidCardNumber('4242x24242424242')).toBe(false)
  })
})

describe('masks', () => {
  it('shows only the last four digits of a card', () => {
    expect(maskCardNumber('4111 1111 1111 1234')).toBe('**** **** **** 1234')
  })

  it('keeps the ends of a document number and stars the middle', () => {
    expect(maskMiddle('11010519491231002X')).toBe('1101**********002X')
    expect(maskMiddle('E12345678')).toBe('E1*****78')
    expect(maskMiddle('AB12')).toBe('A**2')
    expect(maskMiddle('ABC')).toBe('***')
  })
})
