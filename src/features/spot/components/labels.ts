// Words for the wire's numbers (sides, order types, states, fill roles), as descriptors so each
// screen shows them in the user's language.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Counterparty, FillRole, HistoryFilter, OrderSide, OrderStatus, OrderType } from '../../../contract/spot.ts'

export const SIDE_LABELS: Record<OrderSide, MessageDescriptor> = {
  1: msg({ message: 'Buy', context: 'spot order side' }),
  2: msg({ message: 'Sell', context: 'spot order side' }),
}

export const TYPE_LABELS: Record<OrderType, MessageDescriptor> = {
  1: msg({ message: 'Limit', context: 'spot order type: at a chosen price or better' }),
  2: msg({ message: 'Market', context: 'spot order type: at once, at the best prices available' }),
  3: msg({ message: 'Stop-limit', context: 'spot order type: a limit order placed when the trigger price is reached' }),
}

export const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  1: msg({ message: 'Waiting for trigger', context: 'spot order status: a stop-limit whose trigger price is not reached yet' }),
  2: msg({ message: 'Open', context: 'spot order status: in the order book, maybe partly filled' }),
  3: msg({ message: 'Filled', context: 'spot order status' }),
  4: msg({ message: 'Cancelled', context: 'spot order status' }),
}

export const FILTER_LABELS: Record<HistoryFilter, MessageDescriptor> = {
  1: msg({ message: 'Unfinished', context: 'spot order history filter: waiting for trigger or open' }),
  2: msg({ message: 'Finished', context: 'spot order history filter: filled' }),
  3: msg({ message: 'Cancelled', context: 'spot order history filter' }),
}

export const ROLE_LABELS: Record<FillRole, MessageDescriptor> = {
  1: msg({ message: 'Maker', context: 'spot fill: the order rested in the book' }),
  2: msg({ message: 'Taker', context: 'spot fill: the order took liquidity' }),
}

export const COUNTERPARTY_LABELS: Record<Counterparty, MessageDescriptor> = {
  1: msg({ message: 'User', context: 'spot fill counterparty: another user of the exchange' }),
  2: msg({ message: 'Market', context: 'spot fill counterparty: the market feed' }),
}

/** Orders are never queued or delayed (architecture §4): offline, placing and cancelling are refused. */
export const OFFLINE_PLACE = msg`You are offline. Orders can only be placed while connected.`
export const OFFLINE_CANCEL = msg`You are offline. Orders can only be cancelled while connected.`

/** Spec §6, §8: a visitor's tap on Buy or Sell. The shell's catalog carries this id. */
export const PLEASE_LOGIN = 'Please login first'
