// The account's sessions as the sessions list shows them (contract/security.ts SessionInfo), and
// ending them. A session is named by its random public id, never by its token or the token's
// hash. Ending one deletes its row: touchSession (auth/sessions.ts) reads the table on every call
// and nothing caches it, so every instance refuses the token at its next call.
import type { SessionInfo } from '../../../src/contract/security.ts'
import type { Session } from '../../auth/require-session.ts'
import type { AppContext } from '../../context.ts'
import { num, str } from '../../db/rows.ts'
import { describeUserAgent, deviceName } from './user-agent.ts'

/** What createSession writes: 32 lower-case hex digits (an older release's sessions got the same). */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/

/** The live sessions of the caller's user (expired ones not yet purged are left out), theirs first. */
export async function listSessions(ctx: AppContext, session: Session): Promise<SessionInfo[]> {
  const now = ctx.now()
  const rows = await ctx.db.all(
    `SELECT public_id, token_hash, user_agent, address, created_at, last_seen FROM sessions
     WHERE user_id = ? AND last_seen > ? AND created_at > ? ORDER BY last_seen DESC, created_at DESC`,
    session.userId, now - ctx.config.tokenIdleSeconds * 1000, now - ctx.config.tokenMaxSeconds * 1000,
  )
  const sessions = rows.map((row) => ({
    id: str(row, 'public_id'),
    ...describeUserAgent(str(row, 'user_agent')),
    address: str(row, 'address'),
    createdAt: num(row, 'created_at'),
    lastSeen: num(row, 'last_seen'),
    current: str(row, 'token_hash') === session.tokenHash,
  }))
  return [...sessions.filter((one) => one.current), ...sessions.filter((one) => !one.current)]
}

export type SessionTarget = { kind: 'other'; device: string } | { kind: 'current' } | { kind: 'none' }

/** What a public id names for the caller: another of their sessions, their own, or nothing of theirs. */
export async function sessionTarget(ctx: AppContext, session: Session, publicId: string): Promise<SessionTarget> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) return { kind: 'none' }
  const row = await ctx.db.get('SELECT token_hash, user_agent FROM sessions WHERE public_id = ? AND user_id = ?', publicId, session.userId)
  if (!row) return { kind: 'none' }
  if (str(row, 'token_hash') === session.tokenHash) return { kind: 'current' }
  return { kind: 'other', device: deviceName(str(row, 'user_agent')) }
}

/** Ends one of the user's other sessions; false when it had already ended. */
export async function endSession(ctx: AppContext, session: Session, publicId: string): Promise<boolean> {
  const ended = await ctx.db.run('DELETE FROM sessions WHERE public_id = ? AND user_id = ? AND token_hash <> ?', publicId, session.userId, session.tokenHash)
  return ended.changes > 0
}

/** Ends every session of the user but the caller's; answers the devices they were on. */
export async function endOtherSessions(ctx: AppContext, session: Session): Promise<string[]> {
  const rows = await ctx.db.all('DELETE FROM sessions WHERE user_id = ? AND token_hash <> ? RETURNING user_agent', session.userId, session.tokenHash)
  return rows.map((row) => deviceName(str(row, 'user_agent')))
}
