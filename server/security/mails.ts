// What the owner of an account is told when something changes in its security or money leaves
// (events.ts): what happened, when and from where, and what to do if it was not them.
import type { MailMessage } from '../mail/mailer.ts'
import type { SecurityEvent, SecurityFacts } from './events.ts'

const SUBJECTS: Partial<Record<SecurityEvent, string>> = {
  'login.succeeded': 'New sign-in to your account',
  'password.changed': 'Your login password was changed',
  'fundPassword.changed': 'Your fund password was changed',
  'address.added': 'A withdrawal address was added',
  'address.changed': 'A withdrawal address was changed',
  'address.removed': 'A withdrawal address was removed',
  'withdrawal.requested': 'A withdrawal was requested',
}

export function securityNoticeMail(to: string, event: SecurityEvent, facts: SecurityFacts, now: number): MailMessage {
  const subject = SUBJECTS[event] ?? 'Security notice'
  return {
    to,
    subject,
    text: [
      `${subject}.`,
      '',
      ...(facts.detail ? [facts.detail, ''] : []),
      `When: ${new Date(now).toUTCString()}`,
      `From: ${facts.address ?? 'unknown address'}`,
      '',
      'If this was you, there is nothing to do. If it was not, reset your password now, change your fund password and contact support.',
      '',
    ].join('\n'),
  }
}
