// The allocation is per user, not per subscription (server/launch/logic.ts `allocate`): a user's
// subscriptions of one project are pooled, the user's pro-rata share is truncated once, and then
// spread over those subscriptions. Examples (the 40 + 4 × 10 against 80 of the issue), then
// fast-check properties: split and whole subscriptions of the same total get the same allocation
// per user, each user's share is asked × forSale ÷ total truncated once, the spread keeps every
// subscription within one unit of its proportion and within what it asked, refunds are never
// negative, never more than for sale, and the dust is under one unit per user.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocate, costOf, type Demand, refundOf } from '../../server/launch/logic.ts'

/** Each user's total allocation, by user id. */
function perUser(demands: readonly Demand[], forSale: string, precision: number): Map<number, string> {
  const byId = new Map(allocate(demands, forSale, precision).map((share) => [share.id, share.allocated]))
  const totals = new Map<number, BigNumber>()
  for (const demand of demands) totals.set(demand.userId, (totals.get(demand.userId) ?? new BigNumber(0)).plus(byId.get(demand.id) ?? 'NaN'))
  return new Map([...totals].map(([userId, total]) => [userId, total.toFixed()]))
}

describe('allocate pools one user’s subscriptions', () => {
  // 242.2 asked for 100 at 2 decimals: 80 is worth 33.0305… Per subscription, 40 → 16.51 and each
  // 10 → 4.12 gave the splitter 32.99; pooled, both users get 33.03.
  const others = [{ id: 10, userId: 2, quantity: '80' }, { id: 11, userId: 3, quantity: '80' }, { id: 12, userId: 4, quantity: '2.2' }]
  const split = [{ id: 1, userId: 1, quantity: '40' }, ...[2, 3, 4, 5].map((id) => ({ id, userId: 1, quantity: '10' })), ...others]

  it('gives 40 + 4 × 10 what 80 in one subscription gets', () => {
    expect(perUser(split, '100', 2)).toEqual(new Map([[1, '33.03'], [2, '33.03'], [3, '33.03'], [4, '0.9']]))
    expect(perUser([{ id: 1, userId: 1, quantity: '80' }, ...others], '100', 2).get(1)).toBe('33.03')
  })

  it('spreads the user’s share by proportion, the leftover units to the largest remainders', () => {
    // 16.515 → 16.51 (remainder .5 of a unit), 4.12875 → 4.12 (.875 each): the four 10s get the 4 units left.
    expect(allocate(split, '100', 2).slice(0, 5)).toEqual([
      { id: 1, allocated: '16.51' },
      { id: 2, allocated: '4.13' },
      { id: 3, allocated: '4.13' },
      { id: 4, allocated: '4.13' },
      { id: 5, allocated: '4.13' },
    ])
  })

  it('breaks a tie by the earlier subscription', () => {
    // 3 asked for 1 at 0 decimals, one user: share 1 of 3 equal subscriptions, all remainders equal.
    expect(allocate([{ id: 7, userId: 1, quantity: '1' }, { id: 8, userId: 1, quantity: '1' }, { id: 9, userId: 1, quantity: '1' }], '1', 0)).toEqual([
      { id: 7, allocated: '1' },
      { id: 8, allocated: '0' },
      { id: 9, allocated: '0' },
    ])
  })

  it('still gives everyone what they asked when the total fits', () => {
    expect(allocate([{ id: 1, userId: 1, quantity: '30' }, { id: 2, userId: 1, quantity: '20' }, { id: 3, userId: 2, quantity: '50' }], '100', 2)).toEqual([
      { id: 1, allocated: '30' },
      { id: 2, allocated: '20' },
      { id: 3, allocated: '50' },
    ])
  })
})

const precisionArb = fc.integer({ min: 0, max: 6 })
/** Users, each with the units of their subscriptions (1 to 6 of them). */
const usersArb = fc.array(fc.array(fc.integer({ min: 1, max: 10 ** 7 }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 })

const asDemands = (users: number[][], precision: number): Demand[] =>
  users.flatMap((parts, userId) => parts.map((units) => ({ userId, quantity: new BigNumber(units).shiftedBy(-precision).toFixed() }))).map((demand, id) => ({ id, ...demand }))

describe('per-user allocation properties', () => {
  it('split and whole subscriptions of the same total get the same allocation, per user', () => {
    fc.assert(
      fc.property(precisionArb, fc.integer({ min: 1, max: 10 ** 8 }), usersArb, (precision, saleUnits, users) => {
        const forSale = new BigNumber(saleUnits).shiftedBy(-precision).toFixed()
        const whole = users.map((parts) => [parts.reduce((sum, units) => sum + units, 0)])
        expect(perUser(asDemands(users, precision), forSale, precision)).toEqual(perUser(asDemands(whole, precision), forSale, precision))
      }),
      { numRuns: 300 },
    )
  })

  it('truncates once per user, spreads within a unit of each proportion, never above asked, refunds ≥ 0, dust < a unit per user', () => {
    fc.assert(
      fc.property(precisionArb, fc.integer({ min: 1, max: 10 ** 8 }), fc.integer({ min: 1, max: 100 }), usersArb, (precision, saleUnits, priceCents, users) => {
        const forSale = new BigNumber(saleUnits).shiftedBy(-precision).toFixed()
        const price = new BigNumber(priceCents).shiftedBy(-2).toFixed()
        const unit = new BigNumber(1).shiftedBy(-precision)
        const demands = asDemands(users, precision)
        const shares = allocate(demands, forSale, precision)
        const total = demands.reduce((sum, demand) => sum.plus(demand.quantity), new BigNumber(0))
        const totals = perUser(demands, forSale, precision)
        const given = [...totals.values()].reduce((sum, value) => sum.plus(value), new BigNumber(0))
        expect(given.isLessThanOrEqualTo(forSale)).toBe(true)
        if (total.isGreaterThan(forSale)) expect(new BigNumber(forSale).minus(given).isLessThan(unit.times(users.length))).toBe(true)
        for (const [userId] of users.entries()) {
          const own = demands.filter((demand) => demand.userId === userId)
          const asked = own.reduce((sum, demand) => sum.plus(demand.quantity), new BigNumber(0))
          const share = new BigNumber(totals.get(userId) ?? 'NaN')
          expect(share.decimalPlaces()).toBeLessThanOrEqual(precision)
          // All asked when it fits; else the floor of asked × forSale ÷ total, in exact products.
          if (total.isLessThanOrEqualTo(forSale)) expect(share.toFixed()).toBe(asked.toFixed())
          else {
            expect(share.times(total).isLessThanOrEqualTo(asked.times(forSale))).toBe(true)
            expect(share.plus(unit).times(total).isGreaterThan(asked.times(forSale))).toBe(true)
          }
          for (const demand of own) {
            const allocated = shares[demand.id]?.allocated ?? 'NaN'
            expect(new BigNumber(allocated).decimalPlaces()).toBeLessThanOrEqual(precision)
            expect(new BigNumber(allocated).isLessThanOrEqualTo(demand.quantity)).toBe(true)
            expect(new BigNumber(allocated).times(asked).minus(share.times(demand.quantity)).abs().isLessThan(unit.times(asked))).toBe(true)
            const frozen = costOf(demand.quantity, price)
            const refund = refundOf(frozen, allocated, price)
            expect(new BigNumber(refund).isNegative()).toBe(false)
            expect(new BigNumber(costOf(allocated, price)).plus(refund).toFixed()).toBe(frozen)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
})
