// The challenges of passkey ceremonies in flight: random, used once (deleted when taken), alive
// CHALLENGE_MS, in the database so that any instance can finish a ceremony another started. A
// registration's belongs to its user and carries the user handle the new credential will get.
import { randomBytes } from 'node:crypto'
import type { AppContext } from '../../context.ts'
import { num, numOrNull, str, strOrNull } from '../../db/rows.ts'

export const CHALLENGE_MS = 5 * 60 * 1000
/**
 * Live challenges one client address (sign-in: no account yet) or one user (registration) may
 * hold: enough for a few tabs and retries, and a bound on the rows anyone can make us keep.
 */
export const MAX_LIVE_CHALLENGES = 20

export type ChallengePurpose = 'register' | 'login'

export interface ChallengeOwner {
  userId: number
  userHandle: string
}

export interface TakenChallenge {
  /** The base64url challenge the options carried, as clientDataJSON must echo it. */
  challenge: string
  purpose: ChallengePurpose
  owner: ChallengeOwner | undefined
  expiresAt: number
}

/**
 * Stores `challenge` (the options' own, base64url) under a new random id; answers the id, or
 * undefined when the address (or the user) already holds MAX_LIVE_CHALLENGES live ones.
 */
export async function storeChallenge(ctx: AppContext, purpose: ChallengePurpose, challenge: string, address: string, owner?: ChallengeOwner): Promise<string | undefined> {
  const id = randomBytes(18).toString('base64url')
  // Expired rows go first, outside the transaction, so that concurrent ceremonies do not contend on them.
  await ctx.db.run('DELETE FROM passkey_challenges WHERE expires_at <= ?', ctx.now())
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    const live = owner
      ? await ctx.db.get("SELECT count(*) AS n FROM passkey_challenges WHERE purpose = 'register' AND user_id = ? AND expires_at > ?", owner.userId, now)
      : await ctx.db.get("SELECT count(*) AS n FROM passkey_challenges WHERE purpose = 'login' AND address = ? AND expires_at > ?", address, now)
    if (num(live ?? {}, 'n') >= MAX_LIVE_CHALLENGES) return undefined
    await ctx.db.run(
      'INSERT INTO passkey_challenges (challenge_id, challenge, purpose, user_id, user_handle, address, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      challenge,
      purpose,
      owner?.userId ?? null,
      owner?.userHandle ?? null,
      address,
      now + CHALLENGE_MS,
    )
    return id
  })
}

/**
 * Takes (deletes) the challenge of that id, whatever it turns out to be, so that it can never be
 * used twice; answers it when it is of `purpose`, still alive and, for a registration, `userId`'s.
 */
export async function takeChallenge(ctx: AppContext, id: string, purpose: ChallengePurpose, userId?: number): Promise<TakenChallenge | undefined> {
  const row = await ctx.db.get('DELETE FROM passkey_challenges WHERE challenge_id = ? RETURNING challenge, purpose, user_id, user_handle, expires_at', id)
  if (!row) return undefined
  const ownerId = numOrNull(row, 'user_id')
  const handle = strOrNull(row, 'user_handle')
  const taken: TakenChallenge = {
    challenge: str(row, 'challenge'),
    purpose: str(row, 'purpose') === 'register' ? 'register' : 'login',
    owner: ownerId !== null && handle !== null ? { userId: ownerId, userHandle: handle } : undefined,
    expiresAt: num(row, 'expires_at'),
  }
  if (taken.purpose !== purpose || taken.expiresAt <= ctx.now()) return undefined
  if (purpose === 'register' && taken.owner?.userId !== userId) return undefined
  return taken
}
