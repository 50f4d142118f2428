// The two-factor and passkeys screens' pure rules (features/security/logic).
import { describe, expect, it } from 'vitest'
import { PASSKEY_NAME_MAX } from '../../src/contract/security.ts'
import { groupKey, passkeyName, recoveryCodesText } from '../../src/features/security/logic'

describe('security logic', () => {
  it('shows the key in groups of four, in capitals, without padding', () => {
    expect(groupKey('jbswy3dpehpk3pxpjbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(groupKey('GEZDGNBV GY3TQOJQ==')).toBe('GEZD GNBV GY3T QOJQ')
    expect(groupKey('ABCDEF')).toBe('ABCD EF')
    expect(groupKey('')).toBe('')
  })

  it('copies the recovery codes one a line', () => {
    expect(recoveryCodesText(['abcd-2345', 'efgh-6789'])).toBe('abcd-2345\nefgh-6789')
  })

  it('trims a passkey\'s name and keeps it within the limit, whole characters only', () => {
    expect(passkeyName('  My phone ')).toBe('My phone')
    expect(passkeyName('鍵'.repeat(40))).toBe('鍵'.repeat(PASSKEY_NAME_MAX))
    expect([...passkeyName('🔑'.repeat(40))]).toHaveLength(PASSKEY_NAME_MAX)
  })
})
