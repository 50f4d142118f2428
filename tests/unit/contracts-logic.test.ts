// The pure maths of leveraged contracts (server/contracts/logic.ts): exact division, margin, fees,
// P/L, what a close gives back (never a loss beyond the margin), the liquidation price (where the
// margin falls to the maintenance margin, rounded towards the entry), valid stops, which trigger a
// price reaches (liquidation first), and the two watched levels the pass's index relies on: a price
// reaches a watched level exactly when it triggers something.
import { BigNumber } from 'bignumber.js'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  closeOutcome, divide, feeOf, isWin, type Levels, leverageFits, limitReached, liquidationTicks, marginOf, marginShare, notionalOf, pnlOf,
  type Side, stopLossValid, takeProfitValid, triggerAt, watchedLevels,
} from '../../server/contracts/logic.ts'

const Precise = BigNumber.clone({ DECIMAL_PLACES: 60 })
const side = fc.constantFrom<Side>('long', 'short')
/** A decimal of at most `places` digits after the point, from its integer units. */
const decimal = (places: number, max: number, min = 1) => fc.integer({ min, max }).map((units) => new BigNumber(units).shiftedBy(-places).toFixed())
const price = decimal(2, 10_000_000)
const quantity = decimal(6, 5_000_000)
const leverage = fc.constantFrom(1, 2, 3, 5, 7, 10, 20, 50, 100, 125)
const rate = decimal(4, 99)

describe('exact division', () => {
  it('floors and ceils like integer maths, signs included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e6, max: 1e6 }).filter((d) => d !== 0), (n, d) => {
        // (+ 0 turns −0 into 0: integer maths has no sign of zero)
        expect(divide(n, d, 0, 'floor').toNumber() + 0).toBe(Math.floor(n / d) + 0)
        expect(divide(n, d, 0, 'ceil').toNumber() + 0).toBe(Math.ceil(n / d) + 0)
      }),
    )
  })

  it('is never fooled by a quotient that rounds up at 20 places', () => {
    // 0.99999999999999999999999… ÷ 1: a rounded intermediate would give 1.
    expect(divide('0.999999999999999999999999', 1, 8, 'floor').toFixed()).toBe('0.99999999')
    expect(divide(2, 3, 8, 'floor').toFixed()).toBe('0.66666666')
    expect(divide(2, 3, 8, 'ceil').toFixed()).toBe('0.66666667')
  })
})

describe('margin, fees and P/L', () => {
  it('the margin is the notional ÷ leverage, cut to 8 decimals', () => {
    fc.assert(
      fc.property(price, quantity, leverage, (e, q, l) => {
        const notional = new BigNumber(e).times(q)
        const margin = marginOf(e, q, l)
        expect(margin.decimalPlaces()).toBeLessThanOrEqual(8)
        expect(margin.times(l).isLessThanOrEqualTo(notional)).toBe(true)
        expect(margin.plus('0.00000001').times(l).isGreaterThan(notional)).toBe(true)
      }),
    )
  })

  it('a fee is the notional × rate, cut; a P/L is exact and opposite for the two sides', () => {
    fc.assert(
      fc.property(price, price, quantity, rate, (e, x, q, r) => {
        const fee = feeOf(notionalOf(x, q), r)
        const exact = new BigNumber(x).times(q).times(r)
        expect(fee.isLessThanOrEqualTo(exact) && fee.plus('0.00000001').isGreaterThan(exact)).toBe(true)
        expect(pnlOf('long', e, x, q).toFixed()).toBe(new BigNumber(x).minus(e).times(q).toFixed())
        expect(pnlOf('short', e, x, q).toFixed()).toBe(pnlOf('long', e, x, q).negated().toFixed())
      }),
    )
  })

  it('a part of a position releases its share of the margin, all of it for the whole', () => {
    fc.assert(
      fc.property(decimal(8, 1e12), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (margin, a, b) => {
        const [part, whole] = [Math.min(a, b), Math.max(a, b)]
        const share = marginShare(margin, whole, part)
        if (part === whole) {
          expect(share.toFixed()).toBe(new BigNumber(margin).toFixed())
        } else {
          expect(share.times(whole).isLessThanOrEqualTo(new BigNumber(margin).times(part))).toBe(true)
          expect(share.plus('0.00000001').times(whole).isGreaterThan(new BigNumber(margin).times(part))).toBe(true)
        }
      }),
    )
  })
})

describe('closing', () => {
  it('never loses more than the margin, pays the fee only from what is left, and balances', () => {
    fc.assert(
      fc.property(decimal(8, 1e11), decimal(8, 1e11, -1e11), decimal(8, 1e9, 0), (margin, pnl, fee) => {
        const out = closeOutcome(margin, pnl, fee)
        expect(out.payout.isNegative() || out.fee.isNegative()).toBe(false)
        expect(out.pnl.isGreaterThanOrEqualTo(new BigNumber(margin).negated())).toBe(true)
        expect(out.fee.isLessThanOrEqualTo(fee)).toBe(true)
        // margin + pnl = payout + fee: the house pays or takes exactly −pnl.
        expect(new BigNumber(margin).plus(out.pnl).toFixed()).toBe(out.payout.plus(out.fee).toFixed())
        if (new BigNumber(margin).plus(pnl).isGreaterThanOrEqualTo(fee)) expect([out.pnl.toFixed(), out.fee.toFixed()]).toEqual([new BigNumber(pnl).toFixed(), new BigNumber(fee).toFixed()])
      }),
    )
    expect(closeOutcome('10', '-12', '0.5')).toEqual({ pnl: new BigNumber(-10), fee: new BigNumber(0), payout: new BigNumber(0) })
    expect(closeOutcome('10', '-9.8', '0.5')).toEqual({ pnl: new BigNumber('-9.8'), fee: new BigNumber('0.2'), payout: new BigNumber(0) })
  })

  it('a win is a P/L above every fee paid', () => {
    expect(isWin('1', '0.4', '0.5')).toBe(true)
    expect(isWin('0.9', '0.4', '0.5')).toBe(false)
    expect(isWin('0', '0', '0')).toBe(false)
  })
})

describe('the liquidation price', () => {
  const mmr = fc.constantFrom('0.004', '0.005', '0.0099', '0.01', '0.025')
  it('is where the margin left falls to the maintenance margin, rounded towards the entry', () => {
    fc.assert(
      fc.property(side, price, quantity, leverage, mmr, (s, e, q, l, m) => {
        fc.pre(leverageFits(l, m))
        const margin = marginOf(e, q, l)
        const ticks = liquidationTicks(s, e, q, margin, m, 2)
        const notional = new Precise(e).times(q)
        const exact = s === 'long'
          ? notional.minus(margin).div(new Precise(q).times(new Precise(1).minus(m)))
          : notional.plus(margin).div(new Precise(q).times(new Precise(1).plus(m)))
        if (s === 'long' && !exact.isGreaterThan(0)) {
          expect(ticks).toBeNull()
          return
        }
        expect(ticks).toBe(exact.shiftedBy(2).integerValue(s === 'long' ? BigNumber.ROUND_CEIL : BigNumber.ROUND_FLOOR).toNumber())
        // One tick beyond it, margin + P/L is at or below the maintenance margin; it lies on the losing side of the entry.
        const beyond = new BigNumber(ticks ?? 0).plus(s === 'long' ? -1 : 1).shiftedBy(-2)
        const equity = new BigNumber(margin).plus(pnlOf(s, e, beyond, q))
        if (beyond.isGreaterThan(0)) expect(equity.isLessThanOrEqualTo(beyond.times(q).times(m))).toBe(true)
        // On the losing side of the entry whenever the margin (cut to 8 decimals) still exceeds the maintenance margin;
        // a notional so tiny that the cut eats that room is refused at opening (position-input.ts).
        const entry = new BigNumber(e).shiftedBy(2).toNumber()
        if (margin.isGreaterThan(notional.times(m))) expect(s === 'long' ? (ticks ?? 0) <= entry : (ticks ?? 0) >= entry).toBe(true)
      }),
    )
  })

  it('does not exist for a long whose margin covers its notional', () => {
    expect(liquidationTicks('long', '100', '1', '100', '0.005', 2)).toBeNull()
    expect(liquidationTicks('short', '100', '1', '100', '0.005', 2)).toBe(19900)
  })

  it('leaves room only for multiples above the maintenance margin', () => {
    expect([leverageFits(100, '0.005'), leverageFits(100, '0.01'), leverageFits(50, '0.01'), leverageFits(100, '0.0099')]).toEqual([true, false, true, true])
  })
})

const levelsArbitrary = fc.record({
  entry: fc.integer({ min: 1000, max: 100_000 }),
  below: fc.integer({ min: 1, max: 900 }),
  stopGap: fc.option(fc.integer({ min: 1, max: 500 })),
  profitGap: fc.option(fc.integer({ min: 1, max: 5000 })),
  liquidates: fc.boolean(),
})

/** Levels a validated position can have: liquidation beyond the stop loss beyond the entry, take profit the other way. */
function levelsOf(s: Side, l: { entry: number; below: number; stopGap: number | null; profitGap: number | null; liquidates: boolean }): Levels {
  const away = (ticks: number) => (s === 'long' ? l.entry - ticks : l.entry + ticks)
  const liquidation = l.liquidates || s === 'short' ? away(l.below + (l.stopGap ?? 0) + 1) : null
  return { liquidation, stopLoss: l.stopGap === null ? null : away(l.stopGap), takeProfit: l.profitGap === null ? null : s === 'long' ? l.entry + l.profitGap : Math.max(1, l.entry - l.profitGap) }
}

describe('stops and triggers', () => {
  it('a stop loss lies between the liquidation price and the entry, a take profit beyond the entry', () => {
    expect([stopLossValid('long', 95, 100, 90), stopLossValid('long', 90, 100, 90), stopLossValid('long', 100, 100, 90), stopLossValid('long', 1, 100, null)]).toEqual([true, false, false, true])
    expect([stopLossValid('short', 105, 100, 110), stopLossValid('short', 110, 100, 110), stopLossValid('short', 99, 100, 110)]).toEqual([true, false, false])
    expect([takeProfitValid('long', 101, 100), takeProfitValid('long', 100, 100), takeProfitValid('short', 99, 100), takeProfitValid('short', 0, 100)]).toEqual([true, false, true, false])
    fc.assert(fc.property(side, levelsArbitrary, (s, l) => {
      const levels = levelsOf(s, l)
      if (levels.stopLoss !== null) expect(stopLossValid(s, levels.stopLoss, l.entry, levels.liquidation)).toBe(true)
      if (levels.takeProfit !== null && levels.takeProfit > 1) expect(takeProfitValid(s, levels.takeProfit, l.entry)).toBe(true)
    }))
  })

  it('liquidation comes first, then the stop loss, then the take profit', () => {
    const long: Levels = { liquidation: 90, stopLoss: 95, takeProfit: 110 }
    expect([89, 90, 91, 95, 96, 109, 110, 200].map((t) => triggerAt('long', long, t))).toEqual(['liquidation', 'liquidation', 'stopLoss', 'stopLoss', undefined, undefined, 'takeProfit', 'takeProfit'])
    const short: Levels = { liquidation: 110, stopLoss: 105, takeProfit: 90 }
    expect([111, 110, 107, 105, 100, 90, 1].map((t) => triggerAt('short', short, t))).toEqual(['liquidation', 'liquidation', 'stopLoss', 'stopLoss', undefined, 'takeProfit', 'takeProfit'])
  })

  it('a price reaches a watched level exactly when it triggers something (what the pass’s index relies on)', () => {
    fc.assert(
      fc.property(side, levelsArbitrary, fc.integer({ min: 1, max: 120_000 }), (s, l, ticks) => {
        const levels = levelsOf(s, l)
        const { down, up } = watchedLevels(s, null, levels)
        const reached = (down !== null && ticks <= down) || (up !== null && ticks >= up)
        expect(reached).toBe(triggerAt(s, levels, ticks) !== undefined)
      }),
    )
  })

  it('a pending entry is watched at its limit, on its own side', () => {
    fc.assert(
      fc.property(side, fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (s, limit, ticks) => {
        const { down, up } = watchedLevels(s, limit, { liquidation: 1, stopLoss: 2, takeProfit: 3 })
        expect((down !== null && ticks <= down) || (up !== null && ticks >= up)).toBe(limitReached(s, limit, ticks))
      }),
    )
  })
})
