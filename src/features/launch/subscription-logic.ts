// What a subscription's USDT is doing now (spec §4), as the ledger has it: frozen only while the
// project is joining; once allocated, the cost of the allocated coins is paid (to the project) and
// the rest refunded, so nothing stays frozen — the Assets screen shows 0 frozen, and so must My
// subscriptions. The wire's `frozen` is what was frozen when subscribing, not what is frozen now.
// Exact money with bignumber.js. Unit tested in tests/unit/launch-subscription-logic.test.ts.
import type { LaunchSubscription } from '../../contract/launch.ts'
import { dec, plainDecimal } from '../../lib/decimal'

export type SubscriptionFunds =
  /** Joining is not over: the cost is frozen in the spot account. */
  | { state: 'frozen'; frozen: string }
  /** Settled: `paid` went to the project for the allocated coins, `refunded` came back (both may be 0). */
  | { state: 'settled'; paid: string; refunded: string }

export function subscriptionFunds(sub: Pick<LaunchSubscription, 'status' | 'frozen' | 'refunded'>): SubscriptionFunds {
  if (sub.status === 'pending' || sub.refunded === null) return { state: 'frozen', frozen: sub.frozen }
  const paid = dec(sub.frozen).minus(sub.refunded)
  return { state: 'settled', paid: plainDecimal(paid.isNegative() ? 0 : paid), refunded: sub.refunded }
}
