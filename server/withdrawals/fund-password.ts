// The fund password check of a withdrawal. Failures are counted with the login limiter
// (auth/login-limit.ts), keyed by the account alone: unlike a login, only someone holding the
// user's session can try, so a per-account budget cannot be used to lock a stranger out, and it
// stops a stolen token from walking through the 10^6 six-digit passwords from many addresses.
// They count in the account's budget of all its secrets too (100 an hour, spaced out after 10).
import { attemptSecret, type Guess } from '../auth/login-limit.ts'
import { verifySecret } from '../auth/password.ts'
import type { AppContext } from '../context.ts'
import type { User } from '../user/users.ts'

export type FundPasswordCheck = 'ok' | 'notSet' | 'wrong' | 'limited'

/** The limiter's budgets: one per user whatever address they come from, and the account's. */
const guessOf = (user: User): Guess => ({ secret: `fund ${user.id}`, address: `fund-user ${user.id}`, account: user.email, warn: user.email })

export async function checkFundPassword(ctx: AppContext, user: User, password: string): Promise<FundPasswordCheck> {
  if (!user.tradePasswordHash) return 'notSet'
  const { tradePasswordHash } = user
  return await attemptSecret(ctx, guessOf(user), () => verifySecret(password, tradePasswordHash))
}
