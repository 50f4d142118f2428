// Pure rules of the launchpad screens (spec §4, §5): the server's clock as seen from the device,
// countdowns to a phase's next instant, what a quantity costs, the join form's checks (which mirror
// the server's, so a refusal shows under its field before anything is sent) and progress. A
// sale's figures are the contract's own rule (saleQuote in src/contract/launch.ts), shared with
// the server. Unit tested in tests/unit/launch-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LaunchPhase, LaunchProject } from '../../contract/launch.ts'
import { dec, isAtLeast, isDecimalString, plainDecimal, tryDec } from '../../lib/decimal'

// The spec's words (§5) and the server's (src/contract/messages.ts) as ids, so a check here and a
// refusal from the server read the same in every language.
export const JOIN_MESSAGES = {
  quantity: msg({ id: 'enter num please', message: 'Please enter the amount' }),
  tooPrecise: msg({ id: 'The quantity has too many decimal places for this coin', message: 'The quantity has too many decimal places for this coin' }),
  belowMinimum: msg({ id: 'The number of inputs is less than the minimum limit', message: 'The number of inputs is less than the minimum limit' }),
  aboveMaximum: msg({ id: 'The quantity is above the maximum per user', message: 'The quantity is above the maximum per user' }),
  insufficient: msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' }),
  fundPassword: msg({ id: 'Please enter fund password', message: 'Please enter fund password' }),
}

// ── The server's clock ──

/**
 * How far the server's clock is ahead of the device's (ms), from an answer's serverTime and the
 * device time halfway through the call: countdowns run on the server's clock (spec §4: phases
 * follow the server), however wrong the phone's clock is.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  if (!Number.isFinite(serverTime) || serverTime <= 0) return 0
  return Math.round(serverTime - (sentAt + receivedAt) / 2)
}

export const serverNow = (deviceNow: number, offset: number): number => deviceNow + offset

// ── Countdowns ──

export interface Countdown {
  days: number
  hours: number
  minutes: number
  seconds: number
  /** True once the instant has passed (every part is 0). */
  done: boolean
}

/** The time left until `target` (ms since epoch) at `now`, whole seconds, never negative. */
export function countdown(target: number, now: number): Countdown {
  const left = Math.max(0, Math.floor((target - now) / 1000))
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  }
}

const two = (part: number) => String(part).padStart(2, '0')

/** '02:05:09' under a day, the days apart so the screen can word them ('3d 02:05:09'). */
export const clockText = (left: Countdown): string => `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}`

// ── Phases ──

/** The phases a clock moves through; a project may also be cancelled by an operator (LaunchPhase). */
export type Phase = 'warmup' | 'joining' | 'ended'
/** The phases the lists show, one tab each. */
export type ListPhase = Phase

/** A project's instants (LaunchProject's), on the server's clock. */
export type Schedule = Pick<LaunchProject, 'warmupStart' | 'joinStart' | 'joinEnd' | 'unlockAt'>

/**
 * The phase at `now` on the server's clock: joining from joinStart (inclusive) to joinEnd
 * (exclusive), ended from joinEnd. The screen uses it to move a project on when its countdown
 * ends, before the next answer says so.
 */
export function phaseAt(schedule: Schedule, now: number): Phase {
  if (now >= schedule.joinEnd) return 'ended'
  if (now >= schedule.joinStart) return 'joining'
  return 'warmup'
}

/**
 * The phase to show at `now`: the server's, moved on by the clock when a countdown ends before
 * the next answer says so. Ended and cancelled are final.
 */
export function livePhase(phase: LaunchPhase, schedule: Schedule, now: number): LaunchPhase {
  if (phase === 'ended' || phase === 'cancelled') return phase
  const byClock = phaseAt(schedule, now)
  return byClock === 'warmup' && phase === 'joining' ? phase : byClock
}

/** The instant a phase counts down to: joining opens, joining closes; none once ended. */
export function nextInstant(schedule: Schedule, phase: LaunchPhase): number | null {
  if (phase === 'warmup') return schedule.joinStart
  if (phase === 'joining') return schedule.joinEnd
  return null
}

// ── Money ──

/** What `quantity` tokens cost at `price` USDT, exact (the server freezes exactly this); null when not a number. */
export function costOf(quantity: string, price: string): string | null {
  const [amount, each] = [tryDec(quantity), tryDec(price)]
  if (amount === null || each === null || amount.isNegative()) return null
  return plainDecimal(amount.times(each))
}

/** Subscribed over for sale in percent, 2 places, cut; oversubscription shows above 100. */
export function progressPercent(subscribed: string, forSale: string): string {
  const [sold, total] = [tryDec(subscribed), tryDec(forSale)]
  if (sold === null || total === null || !total.isGreaterThan(0)) return '0'
  return plainDecimal(sold.div(total).times(100), 2)
}

/** The bar's fill, 0 to 100 (an oversubscribed project shows a full bar). */
export function progressFill(subscribed: string, forSale: string): number {
  return Math.min(100, Number(progressPercent(subscribed, forSale)))
}

/** How many more tokens this user may subscribe: the per-user maximum less what they already hold. */
export function remainingAllowance(maxPerUser: string, alreadySubscribed: string): string {
  const left = dec(maxPerUser).minus(tryDec(alreadySubscribed) ?? 0)
  return left.isNegative() ? '0' : plainDecimal(left)
}

export interface JoinTerms {
  price: string
  minPerUser: string
  maxPerUser: string
  /** What this user already subscribed in this project (several subscriptions add up). */
  subscribed: string
  /** Decimals a quantity of this coin may have. */
  precision: number
  /** Spot USDT available; null while unknown (the server checks it anyway). */
  available: string | null
}

/** The quantity's check, first failure wins: a number, its decimals, the minimum, the maximum left, the balance. */
export function validateQuantity(quantity: string, terms: JoinTerms): MessageDescriptor | null {
  const amount = isDecimalString(quantity) ? tryDec(quantity) : null
  if (amount === null || !amount.isGreaterThan(0)) return JOIN_MESSAGES.quantity
  if ((amount.decimalPlaces() ?? 0) > terms.precision) return JOIN_MESSAGES.tooPrecise
  if (!isAtLeast(quantity, terms.minPerUser)) return JOIN_MESSAGES.belowMinimum
  if (!isAtLeast(remainingAllowance(terms.maxPerUser, terms.subscribed), quantity)) return JOIN_MESSAGES.aboveMaximum
  const cost = costOf(quantity, terms.price)
  if (terms.available !== null && cost !== null && !isAtLeast(terms.available, cost)) return JOIN_MESSAGES.insufficient
  return null
}

export const validateFundPassword = (password: string): MessageDescriptor | null => (password ? null : JOIN_MESSAGES.fundPassword)
