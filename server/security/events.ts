// The security log: one structured line per event an operator (or an incident review) needs to
// see, on the server's log with `security: <event>` so it can be filtered out of the request noise
// (`LOG_LEVEL` info or lower), and a mail to the account's owner for the events they must know of
// (mails.ts). Never a secret in a line: no password, code, token or full card number; the client
// address and the account are enough to follow an attack.
import type { AppContext } from '../context.ts'
import { findUserById } from '../user/users.ts'
import { securityNoticeMail } from './mails.ts'

export const SECURITY_EVENTS = [
  'login.succeeded',
  'login.failed',
  'limit.hit',
  'password.reset',
  'password.changed',
  'fundPassword.changed',
  'address.added',
  'address.changed',
  'address.removed',
  'withdrawal.requested',
] as const
export type SecurityEvent = (typeof SECURITY_EVENTS)[number]

export interface SecurityFacts {
  /** The account's email, or what was typed at a failed login. */
  account?: string
  userId?: number
  /** The client's address. */
  address?: string
  /** What the event concerns, for the line and the owner's mail: no secrets. */
  detail?: string
}

/** Logs the event; when `owner` is given (the account exists), mails them too. */
export function securityEvent(ctx: Pick<AppContext, 'log' | 'mailer' | 'now'>, event: SecurityEvent, facts: SecurityFacts, owner?: string): void {
  ctx.log.info({ security: event, ...facts }, `security: ${event}`)
  if (owner !== undefined) ctx.mailer.send(securityNoticeMail(owner, event, facts, ctx.now()))
}

/** The event of a logged-in user's own action: logged, and mailed to the account's email. */
export async function notifyOwner(ctx: AppContext, userId: number, event: SecurityEvent, facts: Omit<SecurityFacts, 'userId' | 'account'>): Promise<void> {
  const user = await findUserById(ctx, userId)
  securityEvent(ctx, event, { ...facts, userId, account: user?.email }, user?.email)
}
