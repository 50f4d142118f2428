// The launchpad's maths (spec §1, §4), pure: phases on the server's clock, what a quantity costs,
// and the allocation at the end of joining. Unit tested in tests/unit/launch-allocation*.test.ts.
import { BigNumber } from 'bignumber.js'
import type { LaunchPhase } from '../../src/contract/launch.ts'

export interface Schedule {
  joinStart: number
  joinEnd: number
}

/** warm-up before joinStart, joining in [joinStart, joinEnd), ended from joinEnd; a cancel overrides. */
export function phaseAt(schedule: Schedule, cancelled: boolean, now: number): LaunchPhase {
  if (cancelled) return 'cancelled'
  if (now >= schedule.joinEnd) return 'ended'
  if (now >= schedule.joinStart) return 'joining'
  return 'warmup'
}

/** quantity × price: exact, since a project keeps precision + the price's decimals ≤ 8. */
export const costOf = (quantity: string, price: string): string => new BigNumber(quantity).times(price).toFixed()

export interface Demand {
  id: number
  quantity: string
}

export interface Allocation {
  id: number
  /** Tokens given, at the coin's precision. */
  allocated: string
}

/**
 * Every subscription gets all it asked for when the total fits in forSale; otherwise its pro-rata
 * share quantity × forSale ÷ total, truncated to `precision` decimals. What the truncation leaves
 * (the dust) is never given: it stays with the project.
 */
export function allocate(demands: readonly Demand[], forSale: string, precision: number): Allocation[] {
  const total = demands.reduce((sum, demand) => sum.plus(demand.quantity), new BigNumber(0))
  if (total.isLessThanOrEqualTo(forSale)) return demands.map(({ id, quantity }) => ({ id, allocated: new BigNumber(quantity).toFixed() }))
  return demands.map(({ id, quantity }) => ({
    id,
    // One division per subscription, truncated once: quantity × forSale is exact, so is the floor.
    allocated: new BigNumber(quantity).times(forSale).dividedToIntegerBy(total.shiftedBy(-precision)).shiftedBy(-precision).toFixed(),
  }))
}

/** The USDT that comes back to a subscriber: frozen − allocated × price. */
export const refundOf = (frozen: string, allocated: string, price: string): string =>
  new BigNumber(frozen).minus(costOf(allocated, price)).toFixed()

/** Decimals of a plain decimal string. */
export const decimalsOf = (value: string): number => new BigNumber(value).decimalPlaces() ?? 0
