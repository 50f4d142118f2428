// What the owner of an account is told when something changes in its security or money leaves
// (events.ts): what happened, when and from where, and what to do if it was not them.
import type { MailMessage } from '../mail/mailer.ts'
import { deviceName } from './account/user-agent.ts'
import type { SecurityEvent, SecurityFacts } from './events.ts'

/**
 * Where the app lists the account's sessions (its base is /mobile/, server/http/static-app.ts).
 * A link needs the origin users reach the app at, which the server knows only when the operator
 * configured it (WEBAUTHN_ORIGINS); a Host header is the client's to choose, so it is never used.
 * Without one the mail names the path.
 */
export const SESSIONS_PAGE = '/mobile/me/safety/sessions'

const SUBJECTS: Partial<Record<SecurityEvent, string>> = {
  'login.succeeded': 'New sign-in to your account',
  'password.changed': 'Your login password was changed',
  'fundPassword.changed': 'Your fund password was changed',
  'address.added': 'A withdrawal address was added',
  'address.changed': 'A withdrawal address was changed',
  'address.removed': 'A withdrawal address was removed',
  'withdrawal.requested': 'A withdrawal was requested',
  'twoFactor.enabled': 'Two-factor authentication was turned on',
  'twoFactor.disabled': 'Two-factor authentication was turned off',
  'recoveryCode.used': 'A recovery code was used',
  'passkey.added': 'A passkey was added',
  'passkey.removed': 'A passkey was removed',
  'session.revoked': 'A session was signed out',
  'antiPhishing.changed': 'Your anti-phishing code was changed',
  'allowList.on': 'The withdrawal allow-list was turned on',
  'allowList.offRequested': 'The withdrawal allow-list is being turned off',
  'address.confirmed': 'A withdrawal address was confirmed',
  'login.newDevice': 'Sign-in from a new device',
}


export function securityNoticeMail(to: string, event: SecurityEvent, facts: SecurityFacts, now: number, origin = ''): MailMessage {
  const subject = SUBJECTS[event] ?? 'Security notice'
  const device = deviceName(facts.userAgent ?? '')
  return {
    to,
    subject,
    text: [
      `${subject}.`,
      '',
      ...(facts.detail ? [facts.detail, ''] : []),
      `When: ${new Date(now).toUTCString()}`,
      `From: ${facts.address ?? 'unknown address'}`,
      // The new-device mail always says which device, even one its user agent does not name.
      ...(device || event === 'login.newDevice' ? [`Device: ${device || 'unknown device'}`] : []),
      '',
      ...(event === 'login.newDevice' ? [`See every device signed in to your account, and sign any of them out, in the app: ${origin}${SESSIONS_PAGE}`, ''] : []),
      'If this was you, there is nothing to do. If it was not, reset your password now, change your fund password and contact support.',
      '',
    ].join('\n'),
  }
}
