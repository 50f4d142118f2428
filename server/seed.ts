// First-start data: a demo account with balances, so the product can be tried at once.
// Runs only while the users table is empty, so it never touches a database in use.
import { ACCOUNT_TYPES, type AccountTypeId, type Currency } from '../src/contract/assets.ts'
import { KYC_STATUS } from '../src/contract/user.ts'
import type { AppContext } from './context.ts'
import { hashSecret } from './auth/password.ts'
import { creditWithRecord } from './ledger/operator-credit.ts'
import { seedProjects } from './launch/seed-projects.ts'
import { insertUser, setTradePasswordHash } from './user/users.ts'

export const DEMO_ACCOUNT = {
  email: 'demo@exchange.local',
  password: 'Demo2026pass',
  fundPassword: '123456',
} as const

export const DEMO_BALANCES: ReadonlyArray<{ accountType: AccountTypeId; currency: Currency; amount: string }> = [
  { accountType: ACCOUNT_TYPES.spot, currency: 'USDT', amount: '10000' },
  { accountType: ACCOUNT_TYPES.spot, currency: 'BTC', amount: '0.5' },
  { accountType: ACCOUNT_TYPES.spot, currency: 'ETH', amount: '5' },
  { accountType: ACCOUNT_TYPES.contract, currency: 'USDT', amount: '1000' },
]

const hasUsers = async (ctx: AppContext): Promise<boolean> => await ctx.db.get('SELECT 1 FROM users LIMIT 1') !== undefined

/** Creates the demo account on an empty database; answers whether it did. */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  if (await hasUsers(ctx)) return false
  const [passwordHash, fundHash] = await Promise.all([
    hashSecret(DEMO_ACCOUNT.password),
    hashSecret(DEMO_ACCOUNT.fundPassword),
  ])
  return await ctx.db.transaction(async () => {
    if (await hasUsers(ctx)) return false
    const userId = await insertUser(ctx, { email: DEMO_ACCOUNT.email, passwordHash, invitedBy: undefined })
    await setTradePasswordHash(ctx, userId, fundHash)
    // Seeded verified (no photos to review), so the demo can withdraw and subscribe at once.
    await ctx.db.run('UPDATE users SET kyc_status = ? WHERE id = ?', KYC_STATUS.verified, userId)
    for (const balance of DEMO_BALANCES) {
      await creditWithRecord(ctx.db, { userId, ...balance, kind: 'seed', what: { kind: 'demoCredit', params: {} }, now: ctx.now() })
    }
    // After the balances: the ended demo project freezes the demo user's USDT.
    await seedProjects(ctx.db, userId, ctx.now())
    return true
  })
}
