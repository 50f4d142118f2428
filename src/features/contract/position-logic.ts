// Pure rules of changing an open position (src/contract/contracts.ts close, addMargin, editStops):
// what a close of part of it must be and is estimated to give back, what added margin must be and
// where it moves the liquidation price, and which stops the server will accept. They mirror the
// server's checks, so a refusal shows under its field before anything is sent. Unit tested in
// tests/unit/contract-form-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { POSITION_STATUS, type ContractPosition } from '../../contract/contracts.ts'
import { dec, tryDec, type BigNumber } from '../../lib/decimal'
import { checkMoneyText, checkQuantityText, checkStops, CONTRACT_MESSAGES, type StopField } from './input-logic'
import { feeOf, liquidationPriceOf, unrealisedPnl } from './logic'

/** The price a position counts from: its entry once entered, a pending entry's limit. */
export const entryOf = (position: Pick<ContractPosition, 'entryPrice' | 'limitPrice'>): string => position.entryPrice || position.limitPrice

/** The fees a position has cost: its open fee (which a cancelled entry got back) and its close fees. */
export const feesPaid = (position: Pick<ContractPosition, 'status' | 'openFee' | 'closeFee'>): BigNumber =>
  position.status === POSITION_STATUS.cancelled ? dec(position.closeFee) : dec(position.openFee).plus(position.closeFee)

export const isPending = (position: Pick<ContractPosition, 'status'>): boolean => position.status === POSITION_STATUS.pending
export const isHolding = (position: Pick<ContractPosition, 'status'>): boolean => position.status === POSITION_STATUS.holding

/**
 * A close of `text` of the base coin (spec: close all or part): a quantity the server takes (money,
 * the coin's digits, the pair's minimum), no more than the position holds, and leaving either
 * nothing or at least the minimum.
 */
export function checkClosePart(text: string, held: string, precision: number, minQuantity: string): MessageDescriptor | null {
  const part = checkQuantityText(text, precision, minQuantity)
  if (!part.ok) return part.message
  const left = dec(held).minus(part.value)
  if (left.isNegative()) return CONTRACT_MESSAGES.closeTooLarge
  return left.isGreaterThan(0) && left.isLessThan(minQuantity) ? CONTRACT_MESSAGES.remainderTooSmall : null
}

export interface CloseEstimate {
  /** P/L of the part at the mark, never below the margin it releases (a loss is capped at the margin). */
  pnl: BigNumber
  fee: BigNumber
  /** What comes back to available: the margin's share + P/L − fee, never negative. */
  payout: BigNumber
}

/** What closing `part` at `mark` is estimated to give, as the server settles it (its price may move before). */
export function estimateClose(position: ContractPosition, part: string, mark: string | null, closeFeeRate: string): CloseEstimate | null {
  const [quantity, share, price] = [tryDec(position.quantity), tryDec(part), tryDec(mark)]
  const pnl = unrealisedPnl(position.direction, position.entryPrice, mark, part)
  if (!quantity || !share || !price || !pnl || !share.isGreaterThan(0) || share.isGreaterThan(quantity)) return null
  const margin = dec(position.margin).times(share).dividedBy(quantity)
  const realised = pnl.isLessThan(margin.negated()) ? margin.negated() : pnl
  const room = margin.plus(realised)
  const charged = feeOf(price.times(share), closeFeeRate)
  const fee = charged.isGreaterThan(room) ? room : charged
  return { pnl: realised, fee, payout: room.minus(fee) }
}

/** Added margin: an amount of money the contract account's available balance covers. */
export function checkAddMargin(text: string, available: string | null): MessageDescriptor | null {
  const amount = checkMoneyText(text)
  if (!amount.ok) return amount.message
  const balance = tryDec(available)
  return balance && amount.value.isGreaterThan(balance) ? CONTRACT_MESSAGES.insufficient : null
}

/** The liquidation price once `added` more margin is held (it moves away from the entry); null when none. */
export function liquidationAfterMargin(position: ContractPosition, added: string, mmr: string, precision: number): BigNumber | null {
  const [entry, quantity, margin, extra] = [tryDec(position.entryPrice), tryDec(position.quantity), tryDec(position.margin), tryDec(added)]
  if (!entry || !quantity || !margin || !extra || !quantity.isGreaterThan(0)) return null
  return liquidationPriceOf(position.direction, entry, quantity, margin.plus(extra), mmr, precision)
}

/** New stops of a position, checked against its entry (a pending entry's limit) and its liquidation price. */
export function checkStopsEdit(position: ContractPosition, stops: Record<StopField, string>, precision: number): { field: StopField; message: MessageDescriptor } | null {
  const entry = tryDec(entryOf(position))
  if (!entry) return null
  return checkStops(stops, position.direction, entry, tryDec(position.liquidationPrice), precision)
}
