// Session tokens: 256 random bits handed to the client once; only their SHA-256 is stored.
// A session ends at logout, after TOKEN_IDLE_SECONDS without use, or TOKEN_MAX_SECONDS after login.
// `confirmed_at` is when its user last gave the login password (login, step-up.ts), for the calls
// that move money or change security.
import { createHash, randomBytes } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { StorageFullError } from '../db/database.ts'
import { num } from '../db/rows.ts'

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Where a session was opened from, for the sessions list (server/security/account/). */
export interface SessionOrigin {
  userAgent: string
  address: string
  deviceKey: string
}

export async function createSession(ctx: AppContext, userId: number, origin: SessionOrigin = { userAgent: '', address: '', deviceKey: '' }): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = ctx.now()
  // The public id names the session in the list; it is random, so it tells nothing of the token.
  await ctx.db.run(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen, confirmed_at, password_at, public_id, user_agent, address, device_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    hashToken(token), userId, now, now, now, now, randomBytes(16).toString('hex'), origin.userAgent, origin.address, origin.deviceKey,
  )
  await purgeExpiredSessions(ctx)
  return token
}

export type SessionLookup = { userId: number; tokenHash: string; confirmedAt: number; passwordAt: number } | 'expired'

/**
 * Finds a live session and marks it used; an unknown, revoked or expired token is 'expired'. The
 * mark is a write, so it is made only when the last one is older than 1 % of the idle lifetime
 * (at most a minute): a trader's burst of calls costs one write, and the idle expiry stays exact
 * to within that 1 %. On a full disk the mark is skipped, so that reading calls keep working.
 */
export async function touchSession(ctx: AppContext, token: string): Promise<SessionLookup> {
  const tokenHash = hashToken(token)
  const row = await ctx.db.get('SELECT user_id, created_at, last_seen, confirmed_at, password_at FROM sessions WHERE token_hash = ?', tokenHash)
  if (!row) return 'expired'
  const now = ctx.now()
  const idle = now - num(row, 'last_seen') >= ctx.config.tokenIdleSeconds * 1000
  const tooOld = now - num(row, 'created_at') >= ctx.config.tokenMaxSeconds * 1000
  if (idle || tooOld) {
    await ctx.db.run('DELETE FROM sessions WHERE token_hash = ?', tokenHash)
    return 'expired'
  }
  if (now - num(row, 'last_seen') >= Math.min(60_000, ctx.config.tokenIdleSeconds * 10)) {
    await ctx.db.run('UPDATE sessions SET last_seen = ? WHERE token_hash = ?', now, tokenHash).catch((error: unknown) => {
      if (!(error instanceof StorageFullError)) throw error
    })
  }
  return { userId: num(row, 'user_id'), tokenHash, confirmedAt: num(row, 'confirmed_at'), passwordAt: num(row, 'password_at') }
}

export async function revokeSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.run('DELETE FROM sessions WHERE token_hash = ?', hashToken(token))
}

/** Ends every session of a user, except the one given (the caller's own, after a password change). */
export async function revokeUserSessions(ctx: AppContext, userId: number, keepTokenHash = ''): Promise<void> {
  await ctx.db.run('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?', userId, keepTokenHash)
}

async function purgeExpiredSessions(ctx: AppContext): Promise<void> {
  const now = ctx.now()
  await ctx.db.run('DELETE FROM sessions WHERE last_seen <= ? OR created_at <= ?', now - ctx.config.tokenIdleSeconds * 1000, now - ctx.config.tokenMaxSeconds * 1000)
}
