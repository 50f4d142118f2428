// Session tokens: 256 random bits handed to the client once; only their SHA-256 is stored.
// A session ends at logout, after TOKEN_IDLE_SECONDS without use, or TOKEN_MAX_SECONDS after login.
import { createHash, randomBytes } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { num } from '../db/rows.ts'
import { statement } from '../db/statements.ts'

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export function createSession(ctx: AppContext, userId: number): string {
  const token = randomBytes(32).toString('base64url')
  const now = ctx.now()
  ctx.db
    .prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen) VALUES (?, ?, ?, ?)')
    .run(hashToken(token), userId, now, now)
  purgeExpiredSessions(ctx)
  return token
}

export type SessionLookup = { userId: number; tokenHash: string } | 'expired'

/**
 * Finds a live session and marks it used; an unknown, revoked or expired token is 'expired'. The
 * mark is a write, so it is made only when the last one is older than 1 % of the idle lifetime
 * (at most a minute): a trader's burst of calls costs one write, and the idle expiry stays exact
 * to within that 1 %.
 */
export function touchSession(ctx: AppContext, token: string): SessionLookup {
  const tokenHash = hashToken(token)
  const row = statement(ctx.db, 'SELECT user_id, created_at, last_seen FROM sessions WHERE token_hash = ?').get(tokenHash)
  if (!row) return 'expired'
  const now = ctx.now()
  const idle = now - num(row, 'last_seen') >= ctx.config.tokenIdleSeconds * 1000
  const tooOld = now - num(row, 'created_at') >= ctx.config.tokenMaxSeconds * 1000
  if (idle || tooOld) {
    ctx.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash)
    return 'expired'
  }
  if (now - num(row, 'last_seen') >= Math.min(60_000, ctx.config.tokenIdleSeconds * 10)) {
    statement(ctx.db, 'UPDATE sessions SET last_seen = ? WHERE token_hash = ?').run(now, tokenHash)
  }
  return { userId: num(row, 'user_id'), tokenHash }
}

export function revokeSession(ctx: AppContext, token: string): void {
  ctx.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token))
}

/** Ends every session of a user, except the one given (the caller's own, after a password change). */
export function revokeUserSessions(ctx: AppContext, userId: number, keepTokenHash = ''): void {
  ctx.db.prepare('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?').run(userId, keepTokenHash)
}

function purgeExpiredSessions(ctx: AppContext): void {
  const now = ctx.now()
  ctx.db
    .prepare('DELETE FROM sessions WHERE last_seen <= ? OR created_at <= ?')
    .run(now - ctx.config.tokenIdleSeconds * 1000, now - ctx.config.tokenMaxSeconds * 1000)
}
