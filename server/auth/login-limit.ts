// Failed password checks are counted per (account, client address) and per client address, never
// per account alone: otherwise anyone could lock a user out by failing on purpose from elsewhere.
// Counters live in the database so a restart or another instance does not hand an attacker a fresh
// budget. The same budget guards password confirmations of logged-in users (fund password,
// password change).
//
// Only failures count (architecture §6 "Keys first"). A check in flight holds a `pending`
// reservation instead: a new check starts only while failures + pending stay under the limit, so
// a burst of parallel guesses still gets no more checks than the budget allows, and a check that
// turns out right hands its reservation back without a trace. A check that would exceed the limit
// only because others are still in flight waits for them (briefly, bounded) rather than being
// refused: ten correct fund passwords sent at once all pass. A process that dies mid-check leaves
// its reservation until the window ends, which only errs on the safe side.
import { setTimeout as sleep } from 'node:timers/promises'
import type { AppContext } from '../context.ts'
import { num } from '../db/rows.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
export const FAILURES_PER_ADDRESS = 30
/** How long a check waits for the checks in flight before it is refused as limited. */
const WAIT_FOR_PENDING_MS = 3000
const WAIT_STEP_MS = 20

export type AttemptOutcome = 'ok' | 'wrong' | 'limited'

/** IPv6 clients usually own a whole /64, so that is what one "address" is. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headParts = head ? head.split(':') : []
  const tailParts = address.includes('::') && tail ? tail.split(':') : []
  const missing = Math.max(0, 8 - headParts.length - tailParts.length)
  const groups = [...headParts, ...Array<string>(missing).fill('0'), ...tailParts]
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

interface Budget {
  key: string
  limit: number
}

const budgetsOf = (account: string, address: string): [Budget, Budget] => {
  const where = addressKey(address)
  return [
    { key: `pair ${account} ${where}`, limit: FAILURES_PER_ACCOUNT_AND_ADDRESS },
    { key: `addr ${where}`, limit: FAILURES_PER_ADDRESS },
  ]
}

type Verdict = 'go' | 'wait' | 'limited'

/** What the budgets allow now (a window that has run out counts as empty). */
async function verdictOf(ctx: AppContext, budgets: readonly Budget[]): Promise<Verdict> {
  let verdict: Verdict = 'go'
  for (const { key, limit } of budgets) {
    const row = await ctx.db.get('SELECT failures, pending FROM login_failures WHERE key = ? AND window_start > ?', key, ctx.now() - LOGIN_WINDOW_MS)
    const failures = row ? num(row, 'failures') : 0
    if (failures >= limit) return 'limited'
    if (failures + (row ? num(row, 'pending') : 0) >= limit) verdict = 'wait'
  }
  return verdict
}

/** Takes a reservation on every budget if they allow it now; the read and the writes are one transaction. */
async function tryReserve(ctx: AppContext, budgets: readonly Budget[]): Promise<Verdict> {
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    // Windows that have run out start over: their rows go, so the counts below are of live windows.
    await ctx.db.run('DELETE FROM login_failures WHERE window_start <= ?', now - LOGIN_WINDOW_MS)
    const verdict = await verdictOf(ctx, budgets)
    if (verdict !== 'go') return verdict
    for (const { key } of budgets) {
      await ctx.db.run(
        `INSERT INTO login_failures (key, failures, pending, window_start) VALUES (?, 0, 1, ?)
         ON CONFLICT (key) DO UPDATE SET pending = login_failures.pending + 1`,
        key,
        now,
      )
    }
    return 'go'
  })
}

/** A reservation, or false once the limit is reached (or the checks in flight did not end in time). */
async function reserve(ctx: AppContext, budgets: readonly Budget[]): Promise<boolean> {
  const giveUpAt = performance.now() + WAIT_FOR_PENDING_MS
  for (;;) {
    const verdict = await tryReserve(ctx, budgets)
    if (verdict !== 'wait') return verdict === 'go'
    // Wait on plain reads, so that waiting checks do not queue on the write lock.
    do {
      if (performance.now() >= giveUpAt) return false
      await sleep(WAIT_STEP_MS)
    } while ((await verdictOf(ctx, budgets)) === 'wait')
  }
}

const RELEASE = 'pending = CASE WHEN login_failures.pending > 0 THEN login_failures.pending - 1 ELSE 0 END'

/** Hands the reservations back; a wrong password becomes a failure on every budget. */
async function settle(ctx: AppContext, budgets: readonly Budget[], outcome: 'right' | 'wrong' | 'unknown'): Promise<void> {
  const [pair, address] = budgets
  await ctx.db.transaction(async () => {
    if (outcome === 'wrong') {
      for (const { key } of budgets) {
        // The row may be gone if its window ran out meanwhile: the failure then opens a new one.
        await ctx.db.run(
          `INSERT INTO login_failures (key, failures, pending, window_start) VALUES (?, 1, 0, ?)
           ON CONFLICT (key) DO UPDATE SET failures = login_failures.failures + 1, ${RELEASE}`,
          key,
          ctx.now(),
        )
      }
      return
    }
    for (const { key } of budgets) await ctx.db.run(`UPDATE login_failures SET ${RELEASE} WHERE key = ?`, key)
    // The right password forgives the pair's failures (the owner knows it); the address keeps its
    // other accounts' failures, so many people behind one NAT can still log in.
    if (outcome === 'right' && pair) await ctx.db.run('UPDATE login_failures SET failures = 0 WHERE key = ?', pair.key)
    if (pair && address) await ctx.db.run('DELETE FROM login_failures WHERE key IN (?, ?) AND failures = 0 AND pending = 0', pair.key, address.key)
  })
}

/**
 * Runs one password check under the limits of (account, address) and of address: answers
 * 'limited' without calling `check` once the budget is spent, else the check's outcome, counted
 * as a failure only when it is wrong. A check that throws counts nothing.
 */
export async function attemptPassword(ctx: AppContext, account: string, address: string, check: () => Promise<boolean>): Promise<AttemptOutcome> {
  const budgets = budgetsOf(account, address)
  if (!(await reserve(ctx, budgets))) return 'limited'
  let right: boolean
  try {
    right = await check()
  } catch (error) {
    // If the database is down too, the reservation waits out its window: the safe side.
    await settle(ctx, budgets, 'unknown').catch(() => undefined)
    throw error
  }
  await settle(ctx, budgets, right ? 'right' : 'wrong')
  return right ? 'ok' : 'wrong'
}

/** After a password reset by email code: the owner proved who they are, lift their account limits. */
export async function forgiveAccount(ctx: AppContext, account: string): Promise<void> {
  const prefix = `pair ${account} `
  await ctx.db.run('UPDATE login_failures SET failures = 0 WHERE substr(key, 1, length(?)) = ?', prefix, prefix)
}
