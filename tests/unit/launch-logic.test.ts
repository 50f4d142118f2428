// The launchpad screens' pure rules (src/features/launch/logic.ts, join-logic.ts): the server's clock, countdowns,
// phases at their boundaries, cost, progress, the join form's checks and a sale's figures.
import { describe, expect, it } from 'vitest'
import { costOf, JOIN_MESSAGES, remainingAllowance, validateFundPassword, validateQuantity, type JoinTerms } from '../../src/features/launch/join-logic'
import { clockOffset, clockText, countdown, livePhase, nextInstant, phaseAt, progressFill, progressPercent, serverNow } from '../../src/features/launch/logic'

describe('the server clock', () => {
  it('is the server time less the middle of the call', () => {
    expect(clockOffset(10_500, 1000, 2000)).toBe(9000)
    expect(clockOffset(1000, 1000, 3000)).toBe(-1000)
    expect(serverNow(5000, -1000)).toBe(4000)
  })
  it('trusts the device when the answer had no time', () => {
    expect(clockOffset(0, 1000, 2000)).toBe(0)
    expect(clockOffset(Number.NaN, 1000, 2000)).toBe(0)
  })
})

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const left = countdown(Date.UTC(2026, 0, 3, 2, 5, 9), Date.UTC(2026, 0, 1))
    expect(left).toEqual({ days: 2, hours: 2, minutes: 5, seconds: 9, done: false })
    expect(clockText(left)).toBe('02:05:09')
  })
  it('drops partial seconds and stops at zero', () => {
    expect(countdown(1999, 1000)).toMatchObject({ seconds: 0, done: true })
    expect(countdown(2000, 1000)).toMatchObject({ seconds: 1, done: false })
    expect(countdown(1000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true })
  })
})

describe('phases', () => {
  const schedule = { warmupStart: 0, joinStart: 1000, joinEnd: 2000, unlockAt: 5000 }
  it('moves at each instant, the instant itself belonging to the next phase', () => {
    expect(phaseAt(schedule, 999)).toBe('warmup')
    expect(phaseAt(schedule, 1000)).toBe('joining')
    expect(phaseAt(schedule, 1999)).toBe('joining')
    expect(phaseAt(schedule, 2000)).toBe('ended')
  })
  it("moves the server's phase on by the clock, never back, and keeps ended and cancelled", () => {
    expect(livePhase('warmup', schedule, 1000)).toBe('joining')
    expect(livePhase('joining', schedule, 2000)).toBe('ended')
    expect(livePhase('joining', schedule, 999)).toBe('joining')
    expect(livePhase('cancelled', schedule, 1500)).toBe('cancelled')
    expect(livePhase('ended', schedule, 0)).toBe('ended')
  })
  it('counts down to the opening, then the close, then nothing', () => {
    expect(nextInstant(schedule, 'warmup')).toBe(1000)
    expect(nextInstant(schedule, 'joining')).toBe(2000)
    expect(nextInstant(schedule, 'ended')).toBeNull()
    expect(nextInstant(schedule, 'cancelled')).toBeNull()
  })
})

describe('money', () => {
  it('costs quantity times price exactly', () => {
    expect(costOf('3', '0.1')).toBe('0.3')
    expect(costOf('0.00000001', '0.00000001')).toBe('0.0000000000000001')
    expect(costOf('abc', '1')).toBeNull()
    expect(costOf('-1', '1')).toBeNull()
  })
  it('shows progress in percent, above 100 when oversubscribed, with the bar capped', () => {
    expect(progressPercent('1', '3')).toBe('33.33')
    expect(progressPercent('7', '2')).toBe('350')
    expect(progressPercent('1', '0')).toBe('0')
    expect(progressFill('7', '2')).toBe(100)
    expect(progressFill('1', '4')).toBe(25)
  })
  it('leaves the per-user maximum less what was subscribed, never below zero', () => {
    expect(remainingAllowance('100', '30')).toBe('70')
    expect(remainingAllowance('100', '130')).toBe('0')
    expect(remainingAllowance('100', '')).toBe('100')
  })
})

describe('the join form', () => {
  const terms: JoinTerms = { price: '0.5', minPerUser: '10', maxPerUser: '100', subscribed: '20', precision: 2, available: '30' }
  it('accepts a quantity within the limits and the balance', () => {
    expect(validateQuantity('60', terms)).toBeNull()
    expect(validateQuantity('10.25', terms)).toBeNull()
  })
  it('refuses in the spec order: number, decimals, minimum, maximum left, balance', () => {
    expect(validateQuantity('', terms)).toBe(JOIN_MESSAGES.quantity)
    expect(validateQuantity('0', terms)).toBe(JOIN_MESSAGES.quantity)
    expect(validateQuantity('1e3', terms)).toBe(JOIN_MESSAGES.quantity)
    expect(validateQuantity('10.123', terms)).toBe(JOIN_MESSAGES.tooPrecise)
    expect(validateQuantity('9.99', terms)).toBe(JOIN_MESSAGES.belowMinimum)
    expect(validateQuantity('80.01', terms)).toBe(JOIN_MESSAGES.aboveMaximum)
    expect(validateQuantity('61', terms)).toBe(JOIN_MESSAGES.insufficient)
  })
  it('leaves the balance to the server while it is unknown', () => {
    expect(validateQuantity('80', { ...terms, available: null })).toBeNull()
  })
  it('needs the fund password', () => {
    expect(validateFundPassword('')).toBe(JOIN_MESSAGES.fundPassword)
    expect(validateFundPassword('123456')).toBeNull()
  })
})
