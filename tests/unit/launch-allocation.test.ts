// The allocation maths (server/launch/logic.ts) and the shared sale rule (src/contract/launch.ts):
// examples, then fast-check properties — never more than for sale, allocation + refund = frozen for
// every subscriber, nobody above what they asked, truncation to the coin's precision, dust never
// created or lost (given + dust = for sale when oversubscribed), and the fee split adds up.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { burnRate, saleQuote } from '../../src/contract/launch.ts'
import { allocate, costOf, phaseAt, refundOf } from '../../server/launch/logic.ts'

describe('allocate', () => {
  it('gives everyone what they asked when the total fits', () => {
    expect(allocate([{ id: 1, userId: 1, quantity: '30' }, { id: 2, userId: 2, quantity: '70' }], '100', 2)).toEqual([{ id: 1, allocated: '30' }, { id: 2, allocated: '70' }])
  })
  it('shares pro rata when oversubscribed, truncated to the precision', () => {
    expect(allocate([{ id: 1, userId: 1, quantity: '3' }, { id: 2, userId: 2, quantity: '7' }, { id: 3, userId: 3, quantity: '1' }], '5', 2)).toEqual([
      { id: 1, allocated: '1.36' },
      { id: 2, allocated: '3.18' },
      { id: 3, allocated: '0.45' },
    ])
    expect(allocate([{ id: 1, userId: 1, quantity: '2' }, { id: 2, userId: 2, quantity: '1' }], '1', 0)).toEqual([{ id: 1, allocated: '0' }, { id: 2, allocated: '0' }])
  })
  it('refunds what was not allocated', () => {
    expect(refundOf('30', '27.5', '0.5')).toBe('16.25')
    expect(costOf('0.01', '0.000001')).toBe('0.00000001')
  })
})

describe('phases', () => {
  const schedule = { joinStart: 1000, joinEnd: 2000 }
  it('switch at the instants, 1 ms either side', () => {
    expect([999, 1000, 1999, 2000].map((now) => phaseAt(schedule, false, now))).toEqual(['warmup', 'joining', 'joining', 'ended'])
    expect(phaseAt(schedule, true, 1500)).toBe('cancelled')
  })
})

const precisionArb = fc.integer({ min: 0, max: 6 })
const demandsArb = (precision: number) =>
  fc.array(fc.integer({ min: 1, max: 10 ** 9 }).map((units) => new BigNumber(units).shiftedBy(-precision).toFixed()), { minLength: 1, maxLength: 30 })

describe('allocation properties', () => {
  it('never gives more than for sale or than asked; allocation + refund = frozen; dust stays', () => {
    fc.assert(
      fc.property(precisionArb, fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 100 }), (precision, saleUnits, priceCents) =>
        fc.assert(
          fc.property(demandsArb(precision), (quantities) => {
            const forSale = new BigNumber(saleUnits).shiftedBy(-precision).toFixed()
            const price = new BigNumber(priceCents).shiftedBy(-2).toFixed()
            // One user each here; launch-allocation-per-user.test.ts pools several subscriptions of one user.
            const demands = quantities.map((quantity, id) => ({ id, userId: id, quantity }))
            const shares = allocate(demands, forSale, precision)
            const total = quantities.reduce((sum, q) => sum.plus(q), new BigNumber(0))
            const given = shares.reduce((sum, share) => sum.plus(share.allocated), new BigNumber(0))
            expect(given.isLessThanOrEqualTo(forSale)).toBe(true)
            if (total.isLessThanOrEqualTo(forSale)) expect(given.isEqualTo(total)).toBe(true)
            else expect(new BigNumber(forSale).minus(given).isLessThan(new BigNumber(demands.length).shiftedBy(-precision))).toBe(true)
            shares.forEach((share, i) => {
              const asked = quantities[i] ?? '0'
              expect(new BigNumber(share.allocated).isLessThanOrEqualTo(asked)).toBe(true)
              expect(new BigNumber(share.allocated).decimalPlaces()).toBeLessThanOrEqual(precision)
              const frozen = costOf(asked, price)
              expect(new BigNumber(costOf(share.allocated, price)).plus(refundOf(frozen, share.allocated, price)).toFixed()).toBe(frozen)
              expect(new BigNumber(refundOf(frozen, share.allocated, price)).isNegative()).toBe(false)
            })
          }),
          { numRuns: 5 },
        ),
      ),
      { numRuns: 40 },
    )
  })
})

describe('the sale rule', () => {
  it('splits a 10 % fee 2.5 % burn : 7.5 % stakers', () => {
    expect(saleQuote('100', '0.5', '0.1')).toEqual({ quantity: '100', price: '0.5', gross: '50', fee: '5', burn: '1.25', stakers: '3.75', net: '45' })
    expect(burnRate('0.1')).toBe('0.025')
    expect(saleQuote('1', '1', '1.5')).toBeNull()
    expect(saleQuote('-1', '1', '0.1')).toBeNull()
  })
  it('always adds up: burn + stakers = fee, net + fee = gross, burn = gross × burnRate truncated', () => {
    const decimal = fc.tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 8 })).map(([units, places]) => new BigNumber(units).shiftedBy(-places).toFixed())
    const rate = fc.integer({ min: 0, max: 10 ** 8 }).map((units) => new BigNumber(units).shiftedBy(-8).toFixed())
    fc.assert(
      fc.property(decimal, decimal, rate, (quantity, price, feeRate) => {
        const quote = saleQuote(quantity, price, feeRate)
        expect(quote).not.toBeNull()
        if (!quote) return
        expect(new BigNumber(quote.burn).plus(quote.stakers).toFixed()).toBe(quote.fee)
        expect(new BigNumber(quote.net).plus(quote.fee).toFixed()).toBe(quote.gross)
        expect(quote.gross).toBe(new BigNumber(quantity).times(price).decimalPlaces(8, BigNumber.ROUND_DOWN).toFixed())
        expect(quote.burn).toBe(new BigNumber(quote.gross).times(burnRate(feeRate) ?? 'NaN').decimalPlaces(8, BigNumber.ROUND_DOWN).toFixed())
        expect(new BigNumber(quote.stakers).isNegative()).toBe(false)
      }),
      { numRuns: 300 },
    )
  })
})
