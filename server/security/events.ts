// The security log: one structured line per event an operator (or an incident review) needs to
// see, on the server's log with `security: <event>` so it can be filtered out of the request noise
// (`LOG_LEVEL` info or lower), and a mail to the account's owner for the events they must know of
// (mails.ts). Never a secret in a line: no password, code, token or full card number; the client
// address and the account are enough to follow an attack. The owner's own changes are also kept in
// the account's security history (account/security-history.ts), which the app shows.
import type { AppContext } from '../context.ts'
import { findUserById } from '../user/users.ts'
import { currentUserAgent } from './account/request-agent.ts'
import { isHistoryEvent, recordSecurityHistory } from './account/security-history.ts'
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
  // Account security (issue 22, contract/security.ts SECURITY_HISTORY_EVENTS).
  'twoFactor.enabled',
  'twoFactor.disabled',
  'recoveryCode.used',
  'passkey.added',
  'passkey.removed',
  'session.revoked',
  'antiPhishing.changed',
  'allowList.on',
  'allowList.offRequested',
  'address.confirmed',
  'login.newDevice',
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
  /** The browser's user agent, when the event came with a request (account/user-agent.ts userAgentOf). */
  userAgent?: string
}

/** Logs the event; when `owner` is given (the account exists), mails them too. */
export function securityEvent(ctx: Pick<AppContext, 'log' | 'mailer' | 'now' | 'config'>, event: SecurityEvent, facts: SecurityFacts, owner?: string): void {
  ctx.log.info({ security: event, ...facts }, `security: ${event}`)
  // The app's public origin is known only when the operator configured it (the passkeys' origins).
  if (owner !== undefined) ctx.mailer.send(securityNoticeMail(owner, event, facts, ctx.now(), ctx.config.webauthnOrigins[0] ?? ''))
}

/** The facts with the request's user agent when the caller passed none (a caller with a request need not). */
function withUserAgent<T extends SecurityFacts>(facts: T): T {
  const userAgent = facts.userAgent ?? currentUserAgent()
  return userAgent === undefined ? facts : { ...facts, userAgent }
}

/**
 * The event of a user's own account: logged, recorded in its security history (the events of
 * SECURITY_HISTORY_EVENTS), and mailed to the account's email.
 */
export async function notifyOwner(ctx: AppContext, userId: number, event: SecurityEvent, facts: Omit<SecurityFacts, 'userId' | 'account'>): Promise<void> {
  const user = await findUserById(ctx, userId)
  const full = withUserAgent(facts)
  if (user && isHistoryEvent(event)) await recordSecurityHistory(ctx.db, userId, ctx.now(), event, full)
  securityEvent(ctx, event, { ...full, userId, account: user?.email }, user?.email)
}

/**
 * An event of an account whose owner gets a mail of its own instead of the notice (a password
 * reset): logged, and recorded in the security history when the account exists.
 */
export async function recordOwnerEvent(ctx: AppContext, event: SecurityEvent, facts: SecurityFacts): Promise<void> {
  const full = withUserAgent(facts)
  if (full.userId !== undefined && isHistoryEvent(event)) await recordSecurityHistory(ctx.db, full.userId, ctx.now(), event, full)
  securityEvent(ctx, event, full)
}
