// Words for the wire's numbers (directions, results, record kinds), as descriptors so each screen
// shows them in the user's language.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SecondsResult, SecondsTradeType } from '../../../contract/seconds.ts'

export const DIRECTION_LABELS: Record<SecondsTradeType, MessageDescriptor> = {
  1: msg({ message: 'Up', context: 'seconds contract direction: the price ends above the opening price' }),
  2: msg({ message: 'Down', context: 'seconds contract direction: the price ends below the opening price' }),
}

export const RESULT_LABELS: Record<SecondsResult, MessageDescriptor> = {
  1: msg({ message: 'Win', context: 'seconds contract result' }),
  2: msg({ message: 'Lose', context: 'seconds contract result' }),
  3: msg({ message: 'Draw', context: 'seconds contract result: settlement price equal to the opening price' }),
}

/** A contract record whose order has not settled yet. */
export const UNSETTLED = msg({ message: 'Unsettled', context: 'a seconds order that has not reached its settlement time' })

/** Shown instead of Up/Down when a tap is refused offline (architecture §4: orders are never delayed). */
export const OFFLINE_ORDER = msg`You are offline. Orders can only be placed while connected.`
