// What a resting order's fills say to the trader while the spot screen shows: the open orders are
// reloaded every few seconds, and between two loads an order may have filled in part (still open,
// more filled) or left the list (filled, or cancelled). Each fill is the user's own event, so it is
// announced once, by a toast in the app's polite live region (docs/architecture.md,
// "Accessibility"). Pure; unit tested in tests/unit/spot-fill-news.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { BigNumber } from 'bignumber.js'
import type { SpotOrder } from '../../contract/spot.ts'
import { ORDER_STATUS } from '../../contract/spot.ts'
import { formatBalance, formatPrice } from '../../lib/format'
import { listChanges } from '../../lib/list-changes'
import { pricePrecisionOf } from './logic'

export interface FillNews {
  /** Orders still open whose filled amount grew since the last load. */
  grown: SpotOrder[]
  /** Ids of orders that left the open list: filled in full or cancelled (the server says which). */
  gone: string[]
}

/** What changed between two loads of the open orders. */
export function fillNews(before: readonly SpotOrder[], after: readonly SpotOrder[]): FillNews {
  const { changed, gone } = listChanges(before, after, (old, fresh) => new BigNumber(fresh.filled || 0).gt(old.filled || 0))
  return { grown: changed, gone }
}

/**
 * "Buy 0.5 of 1 BTC filled, average 60,000.00 USDT" while part is open, "Buy 1 BTC filled, average
 * 60,000.00 USDT" once it is filled; null for an order that did not fill (a cancel has its own toast).
 * `side` is the side's word in the language of the moment.
 */
export function fillToast(order: SpotOrder, side: string): MessageDescriptor | null {
  if (!new BigNumber(order.filled || 0).gt(0)) return null
  const filled = formatBalance(order.filled, order.base)
  const average = `${formatPrice(order.avgPrice, pricePrecisionOf(order.symbol))} ${order.quote}`
  if (order.status === ORDER_STATUS.filled || order.amount === '') return msg`${side} ${filled} ${order.base} filled, average ${average}`
  if (order.status !== ORDER_STATUS.open && order.status !== ORDER_STATUS.untriggered) return null
  const amount = formatBalance(order.amount, order.base)
  return msg`${side} ${filled} of ${amount} ${order.base} filled, average ${average}`
}
