// How many guesses of a secret (login password, fund password, email code) anyone gets. Failed
// checks are counted in the database, so a restart or another instance hands an attacker no fresh
// budget, on three budgets at once:
// - per (secret, client address), 5 per 15 minutes: the usual login limit;
// - per client address, 30 per 15 minutes, across every account and secret: one address cannot
//   guess at every email at once;
// - per account, 100 per hour across all its secrets and addresses (OWASP ASVS 2.2.1), and once
//   it has failed 10 times, each further guess waits twice as long as the one before (1 s, 2 s,
//   4 s … up to 15 minutes) — so guessing from many addresses is slow too, while the owner, who
//   rarely fails more than a few times, never notices. At 10 and 100 failures the owner gets a
//   mail. The account budget can lock the owner out for up to an hour under a sustained attack;
//   that is the price ASVS accepts for bounding guesses.
//
// Only failures count (architecture §6 "Keys first"). A check in flight holds a `pending`
// reservation instead: a new check starts only while failures + pending stay under every limit, so
// a burst of parallel guesses still gets no more checks than the budget allows, and a check that
// turns out right hands its reservation back without a trace. A check that would exceed a limit
// only because others are still in flight waits for them (briefly, bounded) rather than being
// refused: ten correct fund passwords sent at once all pass. A process that dies mid-check leaves
// its reservation until the window ends, which only errs on the safe side.
import { setTimeout as sleep } from 'node:timers/promises'
import type { AppContext } from '../context.ts'
import { num, numOrNull } from '../db/rows.ts'
import { accountHammeredMail } from '../mail/templates.ts'
import { securityEvent } from '../security/events.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
export const FAILURES_PER_ADDRESS = 30
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000
export const FAILURES_PER_ACCOUNT = 100
/** Failures of an account after which its guesses are spaced out. */
export const BACKOFF_AFTER = 10
const MAX_BACKOFF_MS = 15 * 60 * 1000
/** The owner is mailed when the account's failures in its window reach these counts. */
const WARN_AT = new Set([BACKOFF_AFTER, FAILURES_PER_ACCOUNT])
/** How long a check waits for the checks in flight before it is refused as limited. */
const WAIT_FOR_PENDING_MS = 3000
const WAIT_STEP_MS = 20

export type AttemptOutcome = 'ok' | 'wrong' | 'limited'

/** Who is guessing what. */
export interface Guess {
  /** The secret guessed: an account's email for its login, `fund 12` for a fund password, `code reset a@b.c`. */
  secret: string
  /** The client's address (or a stand-in where the address must not matter, as for fund passwords). */
  address: string
  /** The account the secret belongs to (its email): the budget of all its secrets together. */
  account: string
  /** Mail this address when the account is being hammered (only for an account that exists). */
  warn?: string
}

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
  windowMs: number
  /** Space guesses out after this many failures (the account budget). */
  backoffAfter?: number
}

const accountKey = (account: string): string => `acct ${account}`

function budgetsOf(guess: Guess): Budget[] {
  const where = addressKey(guess.address)
  return [
    { key: `pair ${guess.secret} ${where}`, limit: FAILURES_PER_ACCOUNT_AND_ADDRESS, windowMs: LOGIN_WINDOW_MS },
    { key: `addr ${where}`, limit: FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS },
    { key: accountKey(guess.account), limit: FAILURES_PER_ACCOUNT, windowMs: ACCOUNT_WINDOW_MS, backoffAfter: BACKOFF_AFTER },
  ]
}

/** The wait after `failures` failures of an account: none before BACKOFF_AFTER, then 1 s, 2 s, 4 s … */
export function backoffMs(failures: number, after: number = BACKOFF_AFTER): number {
  if (failures < after) return 0
  return Math.min(1000 * 2 ** (failures - after), MAX_BACKOFF_MS)
}

type Verdict = 'go' | 'wait' | 'limited'

/** What the budgets allow now (a window that has run out counts as empty). */
async function verdictOf(ctx: AppContext, budgets: readonly Budget[]): Promise<Verdict> {
  const now = ctx.now()
  let verdict: Verdict = 'go'
  for (const { key, limit, windowMs, backoffAfter } of budgets) {
    const row = await ctx.db.get('SELECT failures, pending, last_failure_at FROM login_failures WHERE key = ? AND window_start > ?', key, now - windowMs)
    if (!row) continue
    const failures = num(row, 'failures')
    if (failures >= limit) return 'limited'
    const lastFailure = numOrNull(row, 'last_failure_at')
    if (backoffAfter !== undefined && lastFailure !== null && now - lastFailure < backoffMs(failures, backoffAfter)) return 'limited'
    if (failures + num(row, 'pending') >= limit) verdict = 'wait'
  }
  return verdict
}

/** Takes a reservation on every budget if they allow it now; the read and the writes are one transaction. */
async function tryReserve(ctx: AppContext, budgets: readonly Budget[]): Promise<Verdict> {
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    // Windows that have run out start over: their rows go, so the counts below are of live windows.
    for (const { key, windowMs } of budgets) await ctx.db.run('DELETE FROM login_failures WHERE key = ? AND window_start <= ?', key, now - windowMs)
    await ctx.db.run('DELETE FROM login_failures WHERE window_start <= ?', now - ACCOUNT_WINDOW_MS)
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

/** A reservation, or false once a limit is reached (or the checks in flight did not end in time). */
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

/**
 * Hands the reservations back; a wrong guess becomes a failure on every budget. Answers the
 * account's failures after a wrong guess (to warn its owner), else 0.
 */
async function settle(ctx: AppContext, budgets: readonly Budget[], outcome: 'right' | 'wrong' | 'unknown'): Promise<number> {
  return await ctx.db.transaction(async () => {
    const now = ctx.now()
    if (outcome === 'wrong') {
      for (const { key } of budgets) {
        // The row may be gone if its window ran out meanwhile: the failure then opens a new one.
        await ctx.db.run(
          `INSERT INTO login_failures (key, failures, pending, window_start, last_failure_at) VALUES (?1, 1, 0, ?2, ?2)
           ON CONFLICT (key) DO UPDATE SET failures = login_failures.failures + 1, last_failure_at = ?2, ${RELEASE}`,
          key,
          now,
        )
      }
      const account = budgets.find((budget) => budget.backoffAfter !== undefined)
      const row = account && (await ctx.db.get('SELECT failures FROM login_failures WHERE key = ?', account.key))
      return row ? num(row, 'failures') : 0
    }
    for (const { key } of budgets) await ctx.db.run(`UPDATE login_failures SET ${RELEASE} WHERE key = ?`, key)
    // The right secret forgives its own (secret, address) failures: the owner knows it. The address
    // and the account keep the others' failures, so guessing elsewhere stays bounded.
    const [pair] = budgets
    if (outcome === 'right' && pair) await ctx.db.run('UPDATE login_failures SET failures = 0 WHERE key = ?', pair.key)
    for (const { key } of budgets) await ctx.db.run('DELETE FROM login_failures WHERE key = ? AND failures = 0 AND pending = 0', key)
    return 0
  })
}

/**
 * Runs one check of a secret under its limits: answers 'limited' without calling `check` once a
 * budget is spent, else the check's outcome, counted as a failure only when it is wrong. A check
 * that throws counts nothing.
 */
export async function attemptSecret(ctx: AppContext, guess: Guess, check: () => Promise<boolean>): Promise<AttemptOutcome> {
  const budgets = budgetsOf(guess)
  if (!(await reserve(ctx, budgets))) {
    securityEvent(ctx, 'limit.hit', { account: guess.account, address: guess.address, detail: guess.secret.startsWith('code ') || guess.secret.startsWith('fund ') ? guess.secret.split(' ')[0] : 'login' })
    return 'limited'
  }
  let right: boolean
  try {
    right = await check()
  } catch (error) {
    // If the database is down too, the reservation waits out its window: the safe side.
    await settle(ctx, budgets, 'unknown').catch(() => undefined)
    throw error
  }
  const accountFailures = await settle(ctx, budgets, right ? 'right' : 'wrong')
  if (guess.warn !== undefined && WARN_AT.has(accountFailures)) ctx.mailer.send(accountHammeredMail(guess.warn, accountFailures))
  return right ? 'ok' : 'wrong'
}

/** After a password reset by email code: the owner proved who they are, lift their account's limits. */
export async function forgiveAccount(ctx: AppContext, account: string): Promise<void> {
  const prefix = `pair ${account} `
  await ctx.db.run('UPDATE login_failures SET failures = 0, last_failure_at = NULL WHERE substr(key, 1, length(?)) = ? OR key = ?', prefix, prefix, accountKey(account))
}
