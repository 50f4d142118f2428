// The security page's summary (contract/security.ts SecurityOverview), from each part's own state.
import type { SecurityOverview } from '../../../src/contract/security.ts'
import type { AppContext } from '../../context.ts'
import { allowListState } from '../../withdrawals/allow-list.ts'
import { countPasskeys } from '../passkeys/store.ts'
import { twoFactorSummary } from '../two-factor/state.ts'
import { antiPhishingOf, maskAntiPhishing } from './anti-phishing.ts'

export async function securityOverview(ctx: AppContext, userId: number): Promise<SecurityOverview> {
  const { twoFactor, recoveryCodesLeft } = await twoFactorSummary(ctx.db, userId)
  return {
    twoFactor,
    recoveryCodesLeft: twoFactor ? recoveryCodesLeft : 0,
    passkeys: await countPasskeys(ctx.db, userId),
    antiPhishing: maskAntiPhishing(await antiPhishingOf(ctx.db, userId)),
    allowList: await allowListState(ctx, userId),
  }
}
