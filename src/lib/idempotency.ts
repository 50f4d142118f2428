// Idempotency keys of calls that move money (transfers, exchanges, withdrawals, seconds orders).
// Lifted out of the assets feature so that every feature that moves money uses the same rules:
// a key made at the first confirm, kept for a retry after a lost answer, dropped after a refusal.
import { IDEMPOTENCY_HEADER } from '../contract/envelopes.ts'
import { ApiError, type RequestOptions } from './api-client'

/**
 * A fresh idempotency key. crypto.randomUUID exists only in secure contexts (https, localhost);
 * over plain http on a LAN the same v4 UUID is made from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The request options that send `key` as the call's idempotency key. */
export const keyed = (key: string): RequestOptions => ({ headers: { [IDEMPOTENCY_HEADER]: key } })

/**
 * Whether a failed call may be retried with the same idempotency key: only when the answer never
 * came or the server could not decide (network, timeout, 5xx, key still in flight). A refusal
 * (wrong fund password, over the balance) closes the confirmation; the corrected request gets a new key.
 */
export function isRetryableFailure(failure: unknown): boolean {
  if (!(failure instanceof ApiError)) return false
  if (failure.kind === 'network' || failure.kind === 'timeout') return true
  return failure.kind === 'http' && (failure.status === 409 || (failure.status ?? 0) >= 500)
}

/** The idempotency key of one confirmation, and what it confirms. */
export interface PendingKey {
  key: string
  fingerprint: string
}

/**
 * The key for sending `fingerprint` (what moves: direction, currency, amount): the pending one
 * when the same movement is tried again, whose first try may have arrived although its answer
 * was lost (the server then replays its answer instead of moving money twice); a new key for
 * anything else. The caller drops the pending key once the server has said yes.
 */
export const keyFor = (pending: PendingKey | null, fingerprint: string, make: () => string = newIdempotencyKey): PendingKey =>
  pending?.fingerprint === fingerprint ? pending : { key: make(), fingerprint }

/**
 * Sends `fingerprint` (what the call asks for) with an idempotency key kept in `pending` across
 * retries of the same request: dropped once the server said yes or a definite no, kept after a
 * lost answer, so a retry replays the first answer instead of acting twice.
 */
export async function sendOnce<T>(pending: { current: PendingKey | null }, fingerprint: string, send: (key: string) => Promise<T>): Promise<T> {
  const attempt = keyFor(pending.current, fingerprint)
  pending.current = attempt
  try {
    const result = await send(attempt.key)
    pending.current = null
    return result
  } catch (failure) {
    if (!isRetryableFailure(failure)) pending.current = null
    throw failure
  }
}
