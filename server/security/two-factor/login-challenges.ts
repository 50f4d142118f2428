// Sign-in's second step: after the right password, an account with two-factor codes on gets a
// challenge instead of a session. It is 256 random bits, stored as its SHA-256, bound to the user
// and the device id given with the password, good for LOGIN_CHALLENGE_SECONDS, and used once.
import { createHash, randomBytes } from 'node:crypto'
import { LOGIN_CHALLENGE_SECONDS } from '../../../src/contract/security.ts'
import type { AppContext } from '../../context.ts'
import { num, str } from '../../db/rows.ts'

/** What the app sends back: base64url of 32 bytes. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/

const hashOf = (challenge: string): string => createHash('sha256').update(challenge).digest('hex')

export async function createLoginChallenge(ctx: AppContext, userId: number, device: string | undefined): Promise<string> {
  const challenge = randomBytes(32).toString('base64url')
  const now = ctx.now()
  await ctx.db.run('DELETE FROM login_challenges WHERE expires_at <= ?', now)
  await ctx.db.run(
    'INSERT INTO login_challenges (challenge_hash, user_id, device, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    hashOf(challenge), userId, device ?? '', now, now + LOGIN_CHALLENGE_SECONDS * 1000,
  )
  return challenge
}

export interface LoginChallenge {
  hash: string
  userId: number
  /** The device id given with the password; undefined when none was. */
  device: string | undefined
  expired: boolean
}

/** The challenge the app sent, expired or not; undefined when it is unknown (never issued, used, or garbage). */
export async function findLoginChallenge(ctx: AppContext, challenge: string): Promise<LoginChallenge | undefined> {
  if (!CHALLENGE_PATTERN.test(challenge)) return undefined
  const hash = hashOf(challenge)
  const row = await ctx.db.get('SELECT user_id, device, expires_at FROM login_challenges WHERE challenge_hash = ?', hash)
  if (!row) return undefined
  const device = str(row, 'device')
  return { hash, userId: num(row, 'user_id'), device: device === '' ? undefined : device, expired: num(row, 'expires_at') <= ctx.now() }
}

/** Uses the challenge up; false when another request already did (or it has just expired). */
export async function consumeLoginChallenge(ctx: AppContext, hash: string): Promise<boolean> {
  return (await ctx.db.run('DELETE FROM login_challenges WHERE challenge_hash = ? AND expires_at > ?', hash, ctx.now())).changes === 1
}

export async function dropLoginChallenge(ctx: AppContext, hash: string): Promise<void> {
  await ctx.db.run('DELETE FROM login_challenges WHERE challenge_hash = ?', hash)
}
