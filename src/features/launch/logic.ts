// Pure rules of the launchpad screens (spec §4, §5): the server's clock as seen from the device,
// countdowns to a phase's next instant, phases and progress. The join form's checks and what a
// quantity costs are in join-logic.ts, with bignumber.js, which the home page's New coins does not
// load (architecture §8). A sale's figures are the contract's own rule (saleQuote in
// src/contract/launch.ts), shared with the server. Unit tested in tests/unit/launch-logic.test.ts.
import type { LaunchPhase, LaunchProject } from '../../contract/launch.ts'
import { percentOfText } from '../../lib/decimal-text'

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

// ── Progress ──

/** Subscribed over for sale in percent, 2 places, cut; oversubscription shows above 100. */
export function progressPercent(subscribed: string, forSale: string): string {
  return percentOfText(subscribed, forSale, 2) ?? '0'
}

/** The bar's fill, 0 to 100 (an oversubscribed project shows a full bar). */
export function progressFill(subscribed: string, forSale: string): number {
  return Math.min(100, Number(progressPercent(subscribed, forSale)))
}
