// First-start data: a demo account with balances, so the product can be tried at once.
// Runs only while the users table is empty, so it never touches a database in use.
import type { AppContext } from './context.ts'
import { immediate } from './db/transaction.ts'
import { hashSecret } from './auth/password.ts'
import { ACCOUNT_TYPE, credit, type AccountType } from './ledger/credit.ts'
import { insertUser, setTradePasswordHash } from './user/users.ts'

export const DEMO_ACCOUNT = {
  email: 'demo@exchange.local',
  password: 'Demo2026pass',
  fundPassword: '123456',
} as const

const DEMO_BALANCES: ReadonlyArray<{ accountType: AccountType; currency: string; amount: string }> = [
  { accountType: ACCOUNT_TYPE.spot, currency: 'USDT', amount: '10000' },
  { accountType: ACCOUNT_TYPE.spot, currency: 'BTC', amount: '0.5' },
  { accountType: ACCOUNT_TYPE.spot, currency: 'ETH', amount: '5' },
  { accountType: ACCOUNT_TYPE.contract, currency: 'USDT', amount: '1000' },
]

const hasUsers = (ctx: AppContext): boolean => ctx.db.prepare('SELECT 1 FROM users LIMIT 1').get() !== undefined

/** Creates the demo account on an empty database; answers whether it did. */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  if (hasUsers(ctx)) return false
  const [passwordHash, fundHash] = await Promise.all([
    hashSecret(DEMO_ACCOUNT.password),
    hashSecret(DEMO_ACCOUNT.fundPassword),
  ])
  return immediate(ctx.db, () => {
    if (hasUsers(ctx)) return false
    const userId = insertUser(ctx, { email: DEMO_ACCOUNT.email, passwordHash, invitedBy: undefined })
    setTradePasswordHash(ctx, userId, fundHash)
    for (const balance of DEMO_BALANCES) {
      credit(ctx.db, { userId, ...balance, kind: 'seed', memo: 'demo account' }, ctx.now())
    }
    return true
  })
}
