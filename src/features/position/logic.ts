// Pure rules of the Position tab (issue 21 item 8): which of the trader's things it gathers and in
// what order. Unit tested in tests/unit/position-logic.test.ts.
import type { ContractPosition } from '../../contract/contracts.ts'
import type { LaunchSubscription } from '../../contract/launch.ts'
import { isHolding } from '../contract/position-logic'

/**
 * Positions holding first (their P/L moves with the market), then pending limit entries; each
 * group keeps the server's order (newest first). A copy: the list given is left as it is.
 */
export function holdingFirst<T extends Pick<ContractPosition, 'status'>>(positions: readonly T[]): T[] {
  return [...positions.filter(isHolding), ...positions.filter((position) => !isHolding(position))]
}

/**
 * The launchpad coins still locked on the server's clock `now` (tag LOCKED, unlock ahead), the
 * soonest to unlock first: what the trader holds but cannot sell yet. One whose unlock has passed
 * is HOLD even if the answer predates it, so it no longer counts.
 */
export function lockedHoldings<T extends Pick<LaunchSubscription, 'tag' | 'unlockAt'>>(subscriptions: readonly T[], now: number): T[] {
  return subscriptions.filter((sub) => sub.tag === 'LOCKED' && sub.unlockAt > now).toSorted((a, b) => a.unlockAt - b.unlockAt)
}

