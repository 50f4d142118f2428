// The second factor as typed (contract/security.ts): a 6-digit code from an authenticator app, or
// one of the account's recovery codes (`xxxx-xxxx`). Shared by the shell's code dialog, the
// sign-in's second step and the security screens, so they accept and send the same things.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../contract/security.ts'

/** Which field the user is typing into: the app's code, or a recovery code (a link switches). */
export type FactorKind = 'totp' | 'recovery'

/** The code field keeps digits only, at most six: a pasted "123 456" becomes "123456". */
export const cleanTotpInput = (text: string): string => text.replace(/\D/g, '').slice(0, 6)

/**
 * A recovery code as the server shows it: lower case, the dash in the middle. Typed in any case,
 * with spaces, or without the dash (a phone keyboard often hides it).
 */
export function normalizeRecoveryCode(text: string): string {
  const bare = text.replace(/[\s-]/g, '').toLowerCase()
  return bare.length === 8 ? `${bare.slice(0, 4)}-${bare.slice(4)}` : bare
}

/** What goes to the server for what was typed, or null when it cannot be a code of that kind. */
export function factorCodeToSend(kind: FactorKind, text: string): string | null {
  if (kind === 'totp') {
    const code = cleanTotpInput(text)
    return TOTP_CODE_PATTERN.test(code) ? code : null
  }
  const code = normalizeRecoveryCode(text)
  return RECOVERY_CODE_PATTERN.test(code) ? code : null
}

/** The field's message when what was typed cannot be sent, else null. */
export function checkFactorCode(kind: FactorKind, text: string): MessageDescriptor | null {
  if (factorCodeToSend(kind, text) !== null) return null
  return kind === 'totp'
    ? msg`Please enter the 6-digit code from your authenticator app`
    : msg`Please enter a recovery code (8 letters or digits)`
}
