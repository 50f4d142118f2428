// Failed password checks are counted per (account, client address) and per client address, never
// per account alone: otherwise anyone could lock a user out by failing on purpose from elsewhere.
// Counters live in SQLite so a restart does not hand an attacker a fresh budget. The same budget
// guards password confirmations of logged-in users (fund password, password change).
import type { AppContext } from '../context.ts'
import { num } from '../db/rows.ts'
import { immediate } from '../db/transaction.ts'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
export const FAILURES_PER_ADDRESS = 30

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

const keysOf = (account: string, address: string) => {
  const where = addressKey(address)
  return { pair: `pair ${account} ${where}`, address: `addr ${where}` }
}

function failures(ctx: AppContext, key: string): number {
  const row = ctx.db.prepare('SELECT failures, window_start FROM login_failures WHERE key = ?').get(key)
  if (!row || ctx.now() - num(row, 'window_start') >= LOGIN_WINDOW_MS) return 0
  return num(row, 'failures')
}

const isLimited = (ctx: AppContext, keys: { pair: string; address: string }): boolean =>
  failures(ctx, keys.pair) >= FAILURES_PER_ACCOUNT_AND_ADDRESS || failures(ctx, keys.address) >= FAILURES_PER_ADDRESS

/**
 * Call before checking a password: answers false when the limit is reached, else counts the
 * attempt as a failure right away. Counting before the (slow, async) scrypt check is what stops
 * a burst of parallel guesses from all passing the check before any failure is recorded.
 */
export function beginPasswordAttempt(ctx: AppContext, account: string, address: string): boolean {
  const keys = keysOf(account, address)
  return immediate(ctx.db, () => {
    if (isLimited(ctx, keys)) return false
    const now = ctx.now()
    const bump = ctx.db.prepare(`
      INSERT INTO login_failures (key, failures, window_start) VALUES ($key, 1, $now)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN $now - window_start >= $window THEN 1 ELSE failures + 1 END,
        window_start = CASE WHEN $now - window_start >= $window THEN $now ELSE window_start END`)
    for (const key of [keys.pair, keys.address]) bump.run({ key, now, window: LOGIN_WINDOW_MS })
    ctx.db.prepare('DELETE FROM login_failures WHERE window_start < ?').run(now - LOGIN_WINDOW_MS)
    return true
  })
}

/**
 * The password was right: forgive the pair's failures and take back this attempt's charge on the
 * address, so that many people behind one NAT can log in.
 */
export function passwordAttemptSucceeded(ctx: AppContext, account: string, address: string): void {
  const keys = keysOf(account, address)
  immediate(ctx.db, () => {
    ctx.db.prepare('DELETE FROM login_failures WHERE key = ?').run(keys.pair)
    ctx.db.prepare('UPDATE login_failures SET failures = max(failures - 1, 0) WHERE key = ?').run(keys.address)
  })
}

/** After a password reset by email code: the owner proved who they are, lift their account limits. */
export function forgiveAccount(ctx: AppContext, account: string): void {
  const prefix = `pair ${account} `
  ctx.db.prepare('DELETE FROM login_failures WHERE substr(key, 1, length(?)) = ?').run(prefix, prefix)
}
