// The pure rules of spot matching (server/spot/logic.ts): what a fill costs, what an order holds,
// the order levels are met in, and the plan of a taker's fills — as properties over random books.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  averagePrice,
  buyHold,
  feeOf,
  groupLevels,
  inBand,
  type Level,
  mergeLevels,
  planTaker,
  restingCrossed,
  toTicks,
  triggerDirection,
  triggerReached,
  valueOf,
} from '../../server/spot/logic.ts'

const RATE = '0.001'

describe('values and fees', () => {
  it('cut to 8 decimals, never rounded up', () => {
    expect(valueOf('0.000023456', '0.07').toFixed()).toBe('0.00000164')
    expect(feeOf(new BigNumber('99.99999999'), RATE).toFixed()).toBe('0.09999999')
    expect(toTicks('78410.93', 2)).toBe(7_841_093)
    expect(toTicks('0.000023456', 9)).toBe(23_456)
  })

  it('a limit buy holds enough for any fills at its price or better, at either role', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }), (ticks, parts) => {
        const price = new BigNumber(ticks).shiftedBy(-2)
        const amounts = parts.map((part) => new BigNumber(part).shiftedBy(-4))
        const total = amounts.reduce((sum, amount) => sum.plus(amount), new BigNumber(0))
        const hold = buyHold(price, total, RATE)
        // Each fill at this price (the worst case) costs its value and its fee.
        const spent = amounts.reduce((sum, amount) => {
          const value = valueOf(price, amount)
          return sum.plus(value).plus(feeOf(value, RATE))
        }, new BigNumber(0))
        expect(spent.isLessThanOrEqualTo(hold)).toBe(true)
      }),
    )
  })
})

describe('prices', () => {
  it('a resting buy is reached at or below its price, a sell at or above', () => {
    expect(restingCrossed('buy', 100, 100)).toBe(true)
    expect(restingCrossed('buy', 100, 101)).toBe(false)
    expect(restingCrossed('sell', 100, 99)).toBe(false)
    expect(restingCrossed('sell', 100, 100)).toBe(true)
  })

  it('a stop triggers in the direction it was placed in, never at the last price itself', () => {
    expect(triggerDirection(105, 100)).toBe(1)
    expect(triggerDirection(95, 100)).toBe(-1)
    expect(triggerDirection(100, 100)).toBe(0)
    expect(triggerReached(1, 105, 104)).toBe(false)
    expect(triggerReached(1, 105, 105)).toBe(true)
    expect(triggerReached(-1, 95, 94)).toBe(true)
  })

  it('the band is ±10 % of the last price, edges included', () => {
    expect(inBand(110, 100, '0.1')).toBe(true)
    expect(inBand(111, 100, '0.1')).toBe(false)
    expect(inBand(90, 100, '0.1')).toBe(true)
    expect(inBand(89, 100, '0.1')).toBe(false)
  })
})

const level = (ticks: number, available: string, orderId?: number): Level => ({
  ticks,
  price: new BigNumber(ticks).shiftedBy(-2).toFixed(2),
  available: new BigNumber(available),
  ...(orderId === undefined ? {} : { orderId }),
})

describe('levels', () => {
  it('best price first; at one price users (in time order) before the feed', () => {
    const users = [level(101, '1', 7), level(100, '1', 8), level(100, '1', 9)]
    const feed = [level(100, '5'), level(102, '5')]
    const asks = mergeLevels('buy', users, feed).map((each) => `${each.ticks}:${each.orderId ?? 'feed'}`)
    expect(asks).toEqual(['100:8', '100:9', '100:feed', '101:7', '102:feed'])
    const bids = mergeLevels('sell', [level(99, '1', 1), level(100, '1', 2)], [level(100, '5'), level(98, '5')]).map((each) => `${each.ticks}:${each.orderId ?? 'feed'}`)
    expect(bids).toEqual(['100:2', '100:feed', '99:1', '98:feed'])
  })

  it('group amounts on a price grid without losing any, bids down and asks up', () => {
    const levels = [{ ticks: 1234, amount: new BigNumber('1.5') }, { ticks: 1239, amount: new BigNumber('2') }, { ticks: 1240, amount: new BigNumber('0.25') }]
    expect([...groupLevels('bids', levels, 10)].map(([ticks, amount]) => `${ticks}:${amount.toFixed()}`)).toEqual(['1230:3.5', '1240:0.25'])
    expect([...groupLevels('asks', levels, 10)].map(([ticks, amount]) => `${ticks}:${amount.toFixed()}`)).toEqual(['1240:3.75'])
  })

  it('the average price lies between the fills’ prices', () => {
    expect(averagePrice('0', '0', 2)).toBe('')
    expect(averagePrice('150.5', '2', 2)).toBe('75.25')
    expect(averagePrice('100', '3', 2)).toBe('33.33')
  })
})

const books = fc.array(fc.tuple(fc.integer({ min: 9_000, max: 11_000 }), fc.integer({ min: 1, max: 50_000 })), { minLength: 0, maxLength: 12 })

describe('a taker’s plan', () => {
  it('never takes more than a level has, than it wants, or beyond its limit', () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 200_000 }), fc.option(fc.integer({ min: 9_000, max: 11_000 }), { nil: undefined }), (raw, wanted, limit) => {
        const levels = mergeLevels('buy', [], raw.map(([ticks, units]) => level(ticks, new BigNumber(units).shiftedBy(-4).toFixed())))
        const remaining = new BigNumber(wanted).shiftedBy(-4)
        const plan = planTaker({ side: 'buy', limitTicks: limit, remaining, amountDigits: 4, takerRate: RATE }, levels)
        const taken = plan.fills.reduce((sum, fill) => sum.plus(fill.amount), new BigNumber(0))
        expect(taken.isLessThanOrEqualTo(remaining)).toBe(true)
        for (const fill of plan.fills) {
          expect(fill.amount.isLessThanOrEqualTo(fill.level.available)).toBe(true)
          if (limit !== undefined) expect(fill.level.ticks).toBeLessThanOrEqual(limit)
          expect(fill.value.toFixed()).toBe(valueOf(fill.level.price, fill.amount).toFixed())
        }
        // Not exhausted means it got everything it wanted.
        if (!plan.exhausted) expect(taken.toFixed()).toBe(remaining.toFixed())
      }),
    )
  })

  it('a market buy spends no more than its budget, fees included, and leaves at most dust when the book is deep', () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 10_000_000 }), (raw, cents) => {
        const levels = mergeLevels('buy', [], raw.map(([ticks, units]) => level(ticks, new BigNumber(units).shiftedBy(-4).toFixed())))
        const budget = new BigNumber(cents).shiftedBy(-2)
        const plan = planTaker({ side: 'buy', limitTicks: undefined, budget, amountDigits: 4, takerRate: RATE }, levels)
        const spent = plan.fills.reduce((sum, fill) => sum.plus(fill.value).plus(feeOf(fill.value, RATE)), new BigNumber(0))
        expect(spent.isLessThanOrEqualTo(budget)).toBe(true)
        if (!plan.exhausted && plan.fills.length > 0) {
          // What is left cannot buy one more unit at the last price it paid.
          const last = plan.fills.at(-1)?.level.price ?? '0'
          const unit = valueOf(last, '0.0001')
          expect(budget.minus(spent).isLessThan(unit.plus(feeOf(unit, RATE)).plus('0.00000001'))).toBe(true)
        }
      }),
    )
  })

  it('a sell walks the bids from the best down and stops at its limit', () => {
    const bids = mergeLevels('sell', [level(10_000, '0.5', 1)], [level(10_000, '1'), level(9_990, '1'), level(9_900, '1')])
    const plan = planTaker({ side: 'sell', limitTicks: 9_990, remaining: new BigNumber('5'), amountDigits: 4, takerRate: RATE }, bids)
    expect(plan.fills.map((fill) => `${fill.level.orderId ?? 'feed'}@${fill.level.ticks}:${fill.amount.toFixed()}`)).toEqual(['1@10000:0.5', 'feed@10000:1', 'feed@9990:1'])
    expect(plan.exhausted).toBe(true)
  })
})
