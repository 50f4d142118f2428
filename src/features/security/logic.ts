// Pure rules of the two-factor and passkeys screens (contract/security.ts).
import { PASSKEY_NAME_MAX } from '../../contract/security.ts'

/**
 * The key as a person types it into an app that cannot scan: base32 in groups of four, so a
 * 32-character key reads as eight short groups ('JBSW Y3DP …'). Padding and spaces are dropped.
 */
export function groupKey(secret: string): string {
  const bare = secret.replace(/[\s=]/g, '').toUpperCase()
  return (bare.match(/.{1,4}/g) ?? []).join(' ')
}

/** "Copy all" of the recovery codes: one a line, as a text file or a note keeps them. */
export const recoveryCodesText = (codes: readonly string[]): string => codes.join('\n')

/** The name a new passkey is sent with: trimmed and cut to what the server accepts ('' lets the server name it). */
export const passkeyName = (typed: string): string => [...typed.trim()].slice(0, PASSKEY_NAME_MAX).join('')
