// Words for the launchpad's phases and tags, and its refusals, as descriptors so each screen
// shows them in the user's language.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { LaunchPhase } from '../../../contract/launch.ts'
import type { Tag } from '../model'

export const PHASE_LABELS: Record<LaunchPhase, MessageDescriptor> = {
  warmup: msg({ message: 'Warm-up', context: 'launchpad phase: announced, joining not open yet' }),
  joining: msg({ message: 'Joining', context: 'launchpad phase: subscriptions open' }),
  ended: msg({ message: 'Ended', context: 'launchpad phase: subscriptions closed' }),
  cancelled: msg({ message: 'Cancelled', context: 'launchpad phase: stopped by the operator, every subscriber refunded' }),
}

/** What a project's countdown counts to, by phase. */
export const COUNTDOWN_LABELS: Record<LaunchPhase, MessageDescriptor> = {
  warmup: msg`Joining opens in`,
  joining: msg`Joining closes in`,
  ended: msg`Joining closed`,
  cancelled: msg`Cancelled; every subscriber was refunded`,
}

export const TAG_LABELS: Record<Tag, MessageDescriptor> = {
  LOCKED: msg({ message: 'Locked', context: 'launchpad tag LOCKED: allocated tokens not unlocked yet' }),
  HOLD: msg({ message: 'Holding', context: 'launchpad tag HOLD: unlocked tokens in the spot account' }),
  SELLED: msg({ message: 'Sold', context: 'launchpad tag SELLED: tokens sold back to the pool' }),
}

/** Money moves are never queued (architecture §4): offline, joining and selling are refused. */
export const OFFLINE_JOIN = msg`You are offline. Subscriptions can only be made while connected.`
export const OFFLINE_SELL = msg`You are offline. Tokens can only be sold while connected.`

/** Spec §6, §8: a visitor's tap on Join. The shell's catalog carries this id. */
export const PLEASE_LOGIN = 'Please login first'
