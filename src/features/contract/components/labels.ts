// Words for the wire's numbers (directions, entry types, states, close reasons, results), as
// descriptors so each screen shows them in the user's language, and the messages of the actions.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CloseReason, Direction, EntryType, PositionFilter, PositionResult, PositionStatus } from '../../../contract/contracts.ts'

export const DIRECTION_LABELS: Record<Direction, MessageDescriptor> = {
  1: msg({ message: 'Long', context: 'contract position direction: gains when the price rises' }),
  2: msg({ message: 'Short', context: 'contract position direction: gains when the price falls' }),
}

export const ENTRY_TYPE_LABELS: Record<EntryType, MessageDescriptor> = {
  1: msg({ message: 'Market', context: 'contract entry type: at once, at the market price' }),
  2: msg({ message: 'Limit', context: 'contract entry type: when the price reaches a chosen price' }),
}

export const STATUS_LABELS: Record<PositionStatus, MessageDescriptor> = {
  1: msg({ message: 'Pending', context: 'contract position status: a limit entry waiting for its price' }),
  2: msg({ message: 'Holding', context: 'contract position status: open' }),
  3: msg({ message: 'Finished', context: 'contract position status: closed' }),
  4: msg({ message: 'Liquidated', context: 'contract position status' }),
  5: msg({ message: 'Cancelled', context: 'contract position status: a limit entry withdrawn before its price was reached' }),
}

export const FILTER_LABELS: Record<PositionFilter, MessageDescriptor> = {
  1: msg({ message: 'Holding', context: 'contract record filter: open positions and pending entries' }),
  2: msg({ message: 'Finished', context: 'contract record filter: closed positions and cancelled entries' }),
  3: msg({ message: 'Liquidated', context: 'contract record filter' }),
}

export const CLOSE_REASON_LABELS: Record<CloseReason, MessageDescriptor> = {
  1: msg({ message: 'Closed by you', context: 'why a contract position closed' }),
  2: msg({ message: 'Stop loss', context: 'why a contract position closed: its stop loss price was reached' }),
  3: msg({ message: 'Take profit', context: 'why a contract position closed: its take profit price was reached' }),
  4: msg({ message: 'Liquidation', context: 'why a contract position closed: its margin ran out' }),
}

export const RESULT_LABELS: Record<PositionResult, MessageDescriptor> = {
  1: msg({ message: 'Win', context: 'contract position result: a gain after fees' }),
  2: msg({ message: 'Lose', context: 'contract position result: a loss after fees' }),
}

/** Positions are never changed late (architecture §4): offline, every action is refused with its reason and nothing is sent. */
export const OFFLINE = {
  open: msg`You are offline. Positions can only be opened while connected.`,
  close: msg`You are offline. Positions can only be closed while connected.`,
  cancel: msg`You are offline. Entries can only be cancelled while connected.`,
  addMargin: msg`You are offline. Margin can only be added while connected.`,
  stops: msg`You are offline. Stop loss and take profit can only be changed while connected.`,
}

// A close's toast names what it closed: close-text.ts.
export const DONE = {
  marginAdded: msg`Margin added`,
  stopsSaved: msg`Stop loss and take profit saved`,
}

/** Spec §6, §8: a visitor's tap on Open long or Open short. The shell's catalog carries this id. */
export const PLEASE_LOGIN = 'Please login first'
