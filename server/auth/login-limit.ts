// Failed password checks are counted per (account, client address) and per client address, never
// per account alone: otherwise anyone could lock a user out by failing on purpose from elsewhere.
// Counters live in SQLite so a restart does not hand an attacker a fresh budget. The same budget
// guards password confirmations of logged-in users (fund password, password change).
import type { AppContext } from '../context.ts'
import { num } from '../db/rows.ts'

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

async function failures(ctx: AppContext, key: string): Promise<number> {
  const row = await ctx.db.get('SELECT failures, window_start FROM login_failures WHERE key = ?', key)
  if (!row || ctx.now() - num(row, 'window_start') >= LOGIN_WINDOW_MS) return 0
  return num(row, 'failures')
}

const isLimited = async (ctx: AppContext, keys: { pair: string; address: string }): Promise<boolean> =>
  await failures(ctx, keys.pair) >= FAILURES_PER_ACCOUNT_AND_ADDRESS || await failures(ctx, keys.address) >= FAILURES_PER_ADDRESS

/**
 * Call before checking a password: answers false when the limit is reached, else counts the
 * attempt as a failure right away. Counting before the (slow, async) scrypt check is what stops
 * a burst of parallel guesses from all passing the check before any failure is recorded.
 */
export async function beginPasswordAttempt(ctx: AppContext, account: string, address: string): Promise<boolean> {
  const keys = keysOf(account, address)
  return await ctx.db.transaction(async () => {
    if (await isLimited(ctx, keys)) return false
    const now = ctx.now()
    for (const key of [keys.pair, keys.address]) {
      // ?1 key, ?2 now, ?3 the window.
      await ctx.db.run(
        `INSERT INTO login_failures (key, failures, window_start) VALUES (?1, 1, ?2)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN ?2 - login_failures.window_start >= ?3 THEN 1 ELSE login_failures.failures + 1 END,
           window_start = CASE WHEN ?2 - login_failures.window_start >= ?3 THEN ?2 ELSE login_failures.window_start END`,
        key,
        now,
        LOGIN_WINDOW_MS,
      )
    }
    await ctx.db.run('DELETE FROM login_failures WHERE window_start < ?', now - LOGIN_WINDOW_MS)
    return true
  })
}

/**
 * The password was right: forgive the pair's failures and take back this attempt's charge on the
 * address, so that many people behind one NAT can log in.
 */
export async function passwordAttemptSucceeded(ctx: AppContext, account: string, address: string): Promise<void> {
  const keys = keysOf(account, address)
  await ctx.db.transaction(async () => {
    await ctx.db.run('DELETE FROM login_failures WHERE key = ?', keys.pair)
    await ctx.db.run('UPDATE login_failures SET failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END WHERE key = ?', keys.address)
  })
}

/** After a password reset by email code: the owner proved who they are, lift their account limits. */
export async function forgiveAccount(ctx: AppContext, account: string): Promise<void> {
  const prefix = `pair ${account} `
  await ctx.db.run('DELETE FROM login_failures WHERE substr(key, 1, length(?)) = ?', prefix, prefix)
}
