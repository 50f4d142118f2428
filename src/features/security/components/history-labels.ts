// The words of the sign-in and security histories (contract/security.ts), as descriptors so each
// row shows them in the user's language. Every SECURITY_HISTORY_EVENTS entry has one: the Record
// type makes a new event without words a type error.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SecurityHistoryEvent, SignInMethod, SignInResult } from '../../../contract/security.ts'

export const SIGN_IN_RESULT_LABELS: Record<SignInResult, MessageDescriptor> = {
  ok: msg({ message: 'Succeeded', context: 'sign-in attempt result' }),
  wrongPassword: msg({ message: 'Wrong password', context: 'sign-in attempt result' }),
  wrongCode: msg({ message: 'Wrong code', context: 'sign-in attempt result' }),
  limited: msg({ message: 'Too many attempts', context: 'sign-in attempt result' }),
  challengeExpired: msg({ message: 'Expired', context: 'sign-in attempt result: the sign-in step timed out' }),
  passkeyFailed: msg({ message: 'Passkey failed', context: 'sign-in attempt result' }),
}

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, MessageDescriptor> = {
  password: msg({ message: 'Password', context: 'sign-in method' }),
  code: msg({ message: 'Authentication code', context: 'sign-in method' }),
  recovery: msg({ message: 'Recovery code', context: 'sign-in method' }),
  passkey: msg({ message: 'Passkey', context: 'sign-in method' }),
}

export const SECURITY_EVENT_LABELS: Record<SecurityHistoryEvent, MessageDescriptor> = {
  'password.changed': msg`Login password changed`,
  'password.reset': msg`Login password reset by email code`,
  'fundPassword.changed': msg`Fund password changed`,
  'twoFactor.enabled': msg`Two-factor authentication turned on`,
  'twoFactor.disabled': msg`Two-factor authentication turned off`,
  'recoveryCode.used': msg`Recovery code used`,
  'passkey.added': msg`Passkey added`,
  'passkey.removed': msg`Passkey removed`,
  'session.revoked': msg`Device signed out`,
  'antiPhishing.changed': msg`Anti-phishing code changed`,
  'allowList.on': msg`Withdrawal allow-list turned on`,
  'allowList.offRequested': msg`Withdrawal allow-list turn-off requested`,
  'address.added': msg`Withdrawal address added`,
  'address.confirmed': msg`Withdrawal address confirmed`,
  'address.changed': msg`Withdrawal address changed`,
  'address.removed': msg`Withdrawal address removed`,
  'withdrawal.requested': msg`Withdrawal requested`,
  'login.newDevice': msg`Sign-in from a new device`,
}
