// Idempotency keys of the calls that move money or submit what cannot be taken back (architecture
// §6 "Keys first"). Every keyed call goes through answerKeyed(), which looks the key up before
// anything else — validation, password checks and their attempt limits, prices, locks on the
// market — so an acknowledged key answers its first answer byte for byte at any later time,
// whatever has changed since (the price, the balance, a limit, the server), and nothing is
// checked, counted or charged again. The step-up check (server/auth/step-up.ts: the login password
// again after STEP_UP_SECONDS) comes right after that lookup: a replay moves nothing, so it is
// answered whenever it comes.
// The key is claimed by a unique INSERT in the same transaction as the money move (once()), and
// the answer is stored in that transaction too, so a key is either unclaimed or claimed with its
// final answer: no other connection ever sees it half done. Consequences:
// - two requests with one key, in this process or another one on the same database, commit one
//   after the other (SQLite's write lock; PostgreSQL's serializable isolation, which makes the
//   loser run again); the second finds the stored answer and replays it;
// - a refusal answered before the claim (the price moved past the band while a resend was
//   checked) is confirmed under the user's funds lock: if the same key was being claimed meanwhile,
//   the claimed answer wins, so a resend racing its own first try is never told it failed;
// - on PostgreSQL, a user's money calls queue on a lock named after the user (TransactionOptions'
//   lockKey) unless the caller names another: they all write the same balance rows, and without the
//   queue a burst of them (200 transfers at once) mostly conflicts, waits out deadlocks and retries
//   instead of moving money;
// - if the database stays busy too long (DatabaseBusyError), it answers requestInProgress so the
//   client retries with the same key — which is safe, because the key makes the retry a replay;
// - a refusal taken inside the transaction (insufficient balance) is stored and replayed too, so a
//   key always has one answer; a request refused before the transaction claims nothing.
// Routes that read a key are declared with `config: KEYED_ROUTE`: tests/server/keys-first.test.ts
// drives every such route as a retrying client would, and fails for one it does not know.
import { createHash } from 'node:crypto'
import { type Database, DatabaseBusyError, type TransactionOptions } from '../db/database.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { BB_OK, IDEMPOTENCY_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { maskCardNumber, maskMiddle, normalizeDocNumber } from '../../src/contract/profile.ts'
import { str, strOrNull } from '../db/rows.ts'
import type { Session } from '../auth/require-session.ts'
import { requireConfirmedSession } from '../auth/step-up.ts'
import type { AppContext } from '../context.ts'
import { badRequest, fail } from '../http/envelope.ts'

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an idempotency key (see KEYED_ROUTE). */
    keyed?: boolean
  }
  interface FastifyInstance {
    /** The paths of the keyed routes (trackKeyedRoutes). */
    keyedRoutes: ReadonlySet<string>
  }
}

/** The route options of a call that takes an idempotency key. */
export const KEYED_ROUTE = { config: { keyed: true } } as const

/** Lists the keyed routes registered from now on in `app.keyedRoutes` (call it before registering them). */
export function trackKeyedRoutes(app: FastifyInstance): void {
  const paths = new Set<string>()
  app.decorate('keyedRoutes', paths)
  app.addHook('onRoute', (route) => {
    if (route.config?.keyed) paths.add(route.url)
  })
}

/** The request's key, undefined without one; a malformed key is a malformed request (HTTP 400). */
function idempotencyKey(request: FastifyRequest): string | undefined {
  // A route that reads a key without saying so would escape the test of every keyed call.
  if (request.routeOptions.config.keyed !== true) throw new Error(`${request.routeOptions.url} reads an idempotency key but is not declared KEYED_ROUTE`)
  const value = request.headers[IDEMPOTENCY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw badRequest(SERVER_MESSAGES.invalidIdempotencyKey)
  return value
}

/** An uploaded file as it enters a request's hash. */
export const fileDigest = (file: Buffer | undefined): string | undefined => file && createHash('sha256').update(file).digest('hex')

/** Fields that never enter a hash: a hash of a 6-digit secret beside known fields would give it away. */
const SECRET_FIELDS = new Set(['tradePassword', 'password', 'loginPassword'])

/**
 * Numbers that enter a hash as their mask only, the mask the row stores anyway: their plain value
 * is sealed (server/security/sealed-numbers.ts), and a plain hash of a card number (its bank's
 * prefix and its last four known, a Luhn digit) or a document number would give it away as well.
 */
const MASKED_FIELDS: Readonly<Record<string, (value: string) => string>> = {
  cardNumber: maskCardNumber,
  docNumber: (value) => maskMiddle(normalizeDocNumber(value)),
}

const hashed = (name: string, value: string | undefined): string | null => {
  const mask = Object.hasOwn(MASKED_FIELDS, name) ? MASKED_FIELDS[name] : undefined
  return value === undefined ? null : mask ? mask(value) : value
}

/** What makes two requests "the same": the call and its fields (but secrets; numbers as their masks), in a fixed order. */
export function requestHash(path: string, fields: Readonly<Record<string, string | undefined>>): string {
  const sorted = Object.keys(fields).filter((name) => !SECRET_FIELDS.has(name)).toSorted().map((name) => [name, hashed(name, fields[name])])
  return createHash('sha256').update(JSON.stringify([path, sorted])).digest('hex')
}

/** A keyed call as once() and answerKeyed() need it: whose, which key, and what it asks for. */
export interface KeyedCall {
  userId: number
  /** undefined: no key was sent, nothing is deduplicated. */
  key: string | undefined
  hash: string
}

/**
 * Answers a keyed call: the key's stored answer when it has one, looked up before anything else,
 * else `handle`'s answer (which claims the key through once()). `fields` are what makes two
 * requests the same (the call's form fields; a file as its digest; passwords are left out).
 * Every keyed call is sensitive: right after the lookup, a session that has not given its password
 * for STEP_UP_SECONDS gets `code: -3` (auth/step-up.ts) — after it, so that a replay, which moves
 * nothing, is answered whenever it comes.
 */
export async function answerKeyed<T>(
  ctx: AppContext,
  request: FastifyRequest,
  session: Session,
  fields: Readonly<Record<string, string | undefined>>,
  handle: (call: KeyedCall) => Promise<BbEnvelope<T>>,
): Promise<BbEnvelope<T | null>> {
  const { db } = ctx
  const { userId } = session
  const call: KeyedCall = { userId, key: idempotencyKey(request), hash: requestHash(request.routeOptions.url ?? request.url, fields) }
  const first = await stored<T>(db, call)
  if (first) return first
  await requireConfirmedSession(ctx, session)
  if (call.key === undefined) return await handle(call)
  const answer = await handle(call)
  if (answer.code === BB_OK) return answer
  try {
    return (await db.transaction(() => stored<T>(db, call), fundsLock(userId))) ?? answer
  } catch (error) {
    if (error instanceof DatabaseBusyError) return answer
    throw error
  }
}

export interface Claim extends KeyedCall {
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
      if (claimed.changes === 0) return (await stored<T>(db, { userId: claim.userId, key, hash: claim.hash })) ?? fail(SERVER_MESSAGES.requestInProgress)
      const answer = await work()
      await db.run('UPDATE idempotency_keys SET answer = ? WHERE user_id = ? AND key = ?', JSON.stringify(answer), claim.userId, key)
      return answer
    }, options)
  } catch (error) {
    if (error instanceof DatabaseBusyError) return fail(SERVER_MESSAGES.requestInProgress)
    throw error
  }
}

/** The key's answer: the stored one, a refusal when it was used for another request, or undefined while unclaimed. */
async function stored<T>(db: Database, { userId, key, hash }: KeyedCall): Promise<BbEnvelope<T | null> | undefined> {
  if (key === undefined) return undefined
  const row = await db.get('SELECT request_hash, answer FROM idempotency_keys WHERE user_id = ? AND key = ?', userId, key)
  if (!row) return undefined
  if (str(row, 'request_hash') !== hash) return fail(SERVER_MESSAGES.idempotencyKeyReused)
  const answer = strOrNull(row, 'answer')
  // Unreachable while claims and answers commit together; kept so that a future change which
  // splits them still answers "retry" rather than replaying nothing.
  if (answer === null) return fail(SERVER_MESSAGES.requestInProgress)
  return JSON.parse(answer) as BbEnvelope<T>
}

/** A call without a key (operators' tools, tests of the engines): nothing is deduplicated. */
export const unkeyed = (userId: number): KeyedCall => ({ userId, key: undefined, hash: '' })
