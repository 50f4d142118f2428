// Idempotency keys of the calls that move money (spec: transfer; also exchange and withdraw).
// The key is claimed by a unique INSERT in the same transaction as the money move,
// and the answer is stored in that transaction too, so a key is either unclaimed or claimed with
// its final answer: no other connection ever sees it half done. Consequences:
// - two requests with one key, in this process or another one on the same database, commit one
//   after the other (SQLite's write lock; PostgreSQL's serializable isolation, which makes the
//   loser run again); the second finds the stored answer and replays it (the same envelope, byte
//   for byte);
// - on PostgreSQL, a user's money calls queue on a lock named after the user (TransactionOptions'
//   lockKey) unless the caller names another: they all write the same balance rows, and without the
//   queue a burst of them (200 transfers at once) mostly conflicts, waits out deadlocks and retries
//   instead of moving money;
// - if the database stays busy too long (DatabaseBusyError), it answers requestInProgress so the
//   client retries with the same key — which is safe, because the key makes the retry a replay;
// - a refusal taken inside the transaction (insufficient balance) is stored and replayed too, so a
//   key always has one answer; a request refused before the transaction claims nothing.
import { createHash } from 'node:crypto'
import { type Database, DatabaseBusyError, type TransactionOptions } from '../db/database.ts'
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { str, strOrNull } from '../db/rows.ts'
import { badRequest, fail } from '../http/envelope.ts'

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** The request's key, undefined without one; a malformed key is a malformed request (HTTP 400). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw badRequest(SERVER_MESSAGES.invalidIdempotencyKey)
  return value
}

/** What makes two requests "the same": the call and its fields, in a fixed order. */
export function requestHash(path: string, fields: Readonly<Record<string, string | undefined>>): string {
  const sorted = Object.keys(fields).toSorted().map((name) => [name, fields[name] ?? null])
  return createHash('sha256').update(JSON.stringify([path, sorted])).digest('hex')
}

export interface Claim {
  userId: number
  /** undefined: no key was sent, nothing is deduplicated. */
  key: string | undefined
  hash: string
  now: number
}

/** The lock a user's money calls queue on (PostgreSQL; SQLite's writers take turns anyway). */
export const fundsLock = (userId: number): TransactionOptions => ({ lockKey: `funds:${userId}` })

/**
 * Runs `work` (it moves the money and answers the envelope, touching nothing but the database) in
 * one transaction with the claim of the key, or answers what the key already holds. The
 * transaction queues on the user's funds lock unless `options` names another (a pair's book).
 */
export async function once<T>(
  db: Database,
  claim: Claim,
  work: () => Promise<BbEnvelope<T>>,
  options: TransactionOptions = fundsLock(claim.userId),
): Promise<BbEnvelope<T | null>> {
  const { key } = claim
  try {
    if (key === undefined) return await db.transaction(work, options)
    return await db.transaction(async (): Promise<BbEnvelope<T | null>> => {
      const claimed = await db.run(
        'INSERT INTO idempotency_keys (user_id, key, request_hash, answer, created_at) VALUES (?, ?, ?, NULL, ?) ON CONFLICT DO NOTHING',
        claim.userId,
        key,
        claim.hash,
        claim.now,
      )
      if (claimed.changes === 0) return await stored<T>(db, claim.userId, key, claim.hash)
      const answer = await work()
      await db.run('UPDATE idempotency_keys SET answer = ? WHERE user_id = ? AND key = ?', JSON.stringify(answer), claim.userId, key)
      return answer
    }, options)
  } catch (error) {
    if (error instanceof DatabaseBusyError) return fail(SERVER_MESSAGES.requestInProgress)
    throw error
  }
}

async function stored<T>(db: Database, userId: number, key: string, hash: string): Promise<BbEnvelope<T | null>> {
  const row = await db.get('SELECT request_hash, answer FROM idempotency_keys WHERE user_id = ? AND key = ?', userId, key)
  if (!row || str(row, 'request_hash') !== hash) return fail(SERVER_MESSAGES.idempotencyKeyReused)
  const answer = strOrNull(row, 'answer')
  // Unreachable while claims and answers commit together; kept so that a future change which
  // splits them still answers "retry" rather than replaying nothing.
  if (answer === null) return fail(SERVER_MESSAGES.requestInProgress)
  return JSON.parse(answer) as BbEnvelope<T>
}
