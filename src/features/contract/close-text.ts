// What a close says to the trader (spec: close all or part): the toast after it names what was
// closed — quantity, price, P/L — and what is still held; and whether a position's history shows
// its closes one by one (a position closed in parts) or, as before, only its exit. Pure; unit
// tested in tests/unit/contract-close-text.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { POSITION_STATUS, type ContractClose, type ContractPosition } from '../../contract/contracts.ts'
import { dec } from '../../lib/decimal'
import { coinPlaces, coinText, formatPrice, formatSigned } from '../../lib/format'
import { contractRules } from './logic'


/** A position closed in more than one part: its history lists each close. */
export const closedInParts = (position: Pick<ContractPosition, 'closes' | 'openedQuantity'>): boolean =>
  position.closes.some((close) => !dec(close.quantity).isEqualTo(position.openedQuantity))

/** One close's figures as the screens print them. */
export function closeFigures(position: Pick<ContractPosition, 'symbol' | 'base' | 'quote'>, close: ContractClose) {
  const { base, quote, pricePrecision } = contractRules(position)
  return { quantity: `${coinText(close.quantity)} ${base}`, price: formatPrice(close.price, pricePrecision), pnl: `${formatSigned(close.pnl, coinPlaces(quote))} ${quote}` }
}

/**
 * The toast after a close, from the position the server answered (its last close is this one):
 * what was closed, at what price, for what P/L, and for a partial close what is still held.
 */
export function closeToast(after: ContractPosition): MessageDescriptor {
  const close = after.closes.at(-1)
  if (!close) return msg`Position closed`
  const { quantity, price, pnl } = closeFigures(after, close)
  if (after.status === POSITION_STATUS.holding) {
    const left = `${coinText(after.quantity)} ${after.base}`
    return msg`Closed ${quantity} at ${price}, P/L ${pnl}. Still holding ${left}.`
  }
  return msg`Position closed: ${quantity} at ${price}, P/L ${pnl}.`
}
