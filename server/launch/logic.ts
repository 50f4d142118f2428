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
  /** Whose subscription: one user's subscriptions of a project share one allocation. */
  userId: number
  /** Tokens asked, at the coin's precision (subscribe.ts refuses any other). */
  quantity: string
}

export interface Allocation {
  id: number
  /** Tokens given, at the coin's precision. */
  allocated: string
}

/**
 * Every subscription gets all it asked for when the total fits in forSale. Otherwise the share is
 * the user's, not the subscription's, so splitting 80 into 40 + 4 × 10 gets what one 80 gets:
 * each user receives asked × forSale ÷ total (asked: all of the user's subscriptions), truncated
 * once to `precision` decimals, and that is spread over the user's subscriptions (spreadShare).
 * What the truncation leaves (the dust, under one unit per user) is never given: it stays with the
 * project.
 */
export function allocate(demands: readonly Demand[], forSale: string, precision: number): Allocation[] {
  const total = sumOf(demands)
  if (total.isLessThanOrEqualTo(forSale)) return demands.map(({ id, quantity }) => ({ id, allocated: new BigNumber(quantity).toFixed() }))
  const given = new Map<number, BigNumber>()
  for (const own of Map.groupBy(demands, (demand) => demand.userId).values()) {
    // One division per user, truncated once, in units of the precision: asked × forSale is exact, so is the floor.
    const share = sumOf(own).times(forSale).dividedToIntegerBy(total.shiftedBy(-precision))
    for (const [id, units] of spreadShare(own, share, precision)) given.set(id, units)
  }
  return demands.map(({ id }) => ({ id, allocated: (given.get(id) ?? new BigNumber(0)).shiftedBy(-precision).toFixed() }))
}

const sumOf = (demands: readonly Demand[]): BigNumber => demands.reduce((sum, demand) => sum.plus(demand.quantity), new BigNumber(0))

/**
 * A user's share (whole units of the precision, at most what they asked) over their
 * subscriptions, so each subscription keeps its own allocation and refund: each gets its
 * proportion quantity × share ÷ asked rounded down, and the units those floors leave (fewer than
 * the subscriptions) go one each to the largest remainders, the earlier subscription first on a
 * tie (the largest-remainder method). Exact: every remainder has the denominator `asked`, so they
 * compare as integers. A unit goes only where it stays within what was asked, so no subscription
 * gets more than its quantity and no refund is negative.
 */
function spreadShare(own: readonly Demand[], share: BigNumber, precision: number): Map<number, BigNumber> {
  const asked = sumOf(own).shiftedBy(precision)
  const parts = own.map((demand) => {
    const quantity = new BigNumber(demand.quantity).shiftedBy(precision)
    const scaled = quantity.times(share)
    return { id: demand.id, quantity, units: scaled.dividedToIntegerBy(asked), remainder: scaled.modulo(asked) }
  })
  let left = share.minus(parts.reduce((sum, part) => sum.plus(part.units), new BigNumber(0)))
  // toSorted is stable: equal remainders keep the subscriptions' order.
  for (const part of parts.toSorted((a, b) => b.remainder.comparedTo(a.remainder) ?? 0)) {
    if (left.isZero()) break
    if (part.units.plus(1).isGreaterThan(part.quantity)) continue
    part.units = part.units.plus(1)
    left = left.minus(1)
  }
  return new Map(parts.map((part) => [part.id, part.units]))
}

/** The USDT that comes back to a subscriber: frozen − allocated × price. */
export const refundOf = (frozen: string, allocated: string, price: string): string =>
  new BigNumber(frozen).minus(costOf(allocated, price)).toFixed()

/** Decimals of a plain decimal string. */
export const decimalsOf = (value: string): number => new BigNumber(value).decimalPlaces() ?? 0
