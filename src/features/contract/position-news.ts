// What the pass does to the trader's positions while a screen shows them: a limit entry reached
// its price (pending → holding), or a position ended without the trader's hand — its stop loss or
// take profit, or a liquidation. These are the user's own events, announced once each by a toast
// in the app's polite live region (docs/architecture.md, "Accessibility"); what the trader did
// (open, close, cancel) has its own toast. Pure; unit tested in tests/unit/contract-position-news.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CLOSE_REASONS, POSITION_STATUS, type ContractPosition } from '../../contract/contracts.ts'
import { coinPlaces, coinText, formatPrice, formatSigned } from '../../lib/format'
import { listChanges } from '../../lib/list-changes'
import { contractRules } from './logic'

export interface PositionNews {
  /** Limit entries that reached their price since the last load. */
  entered: ContractPosition[]
  /** Ids of positions that left the open list: closed, liquidated or cancelled (the server says which). */
  gone: string[]
}

/** What changed between two loads of the open positions. */
export function positionNews(before: readonly ContractPosition[], after: readonly ContractPosition[]): PositionNews {
  const { changed, gone } = listChanges(before, after, (old, fresh) => old.status === POSITION_STATUS.pending && fresh.status === POSITION_STATUS.holding)
  return { entered: changed, gone }
}

/** "Long 0.01 BTC entered at 60,000.00 USDT". `direction` is the word in the language of the moment. */
export function enteredToast(position: ContractPosition, direction: string): MessageDescriptor {
  const { pricePrecision } = contractRules(position)
  const quantity = `${coinText(position.quantity)} ${position.base}`
  const price = `${formatPrice(position.entryPrice, pricePrecision)} ${position.quote}`
  return msg`${direction} ${quantity} entered at ${price}`
}

/**
 * "Long BTC/USDT closed by its take profit at 61,000.00, P/L +10.000000 USDT", and the same for
 * a stop loss; "Long BTC/USDT liquidated at 54,100.00"; null for what the trader did (a close by
 * hand, a cancelled entry), which has its own toast.
 */
export function endedToast(position: ContractPosition, direction: string): MessageDescriptor | null {
  const { pricePrecision } = contractRules(position)
  const pair = `${position.base}/${position.quote}`
  const price = formatPrice(position.exitPrice, pricePrecision)
  const pnl = `${formatSigned(position.realizedPnl, coinPlaces(position.quote))} ${position.quote}`
  if (position.status === POSITION_STATUS.liquidated) return msg`${direction} ${pair} liquidated at ${price}`
  if (position.status !== POSITION_STATUS.finished) return null
  if (position.closeReason === CLOSE_REASONS.takeProfit) return msg`${direction} ${pair} closed by its take profit at ${price}, P/L ${pnl}`
  if (position.closeReason === CLOSE_REASONS.stopLoss) return msg`${direction} ${pair} closed by its stop loss at ${price}, P/L ${pnl}`
  return null
}
