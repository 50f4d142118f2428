// The changes the price makes to a position, each inside the caller's BEGIN IMMEDIATE transaction,
// each ONE ledger entry (ledger/contract-operations.ts) with the position's conditional update
// (positions.ts changePosition) and the user's asset record:
//   enterAt      a pending limit entry whose price was reached: holding at its limit price, from the
//                crossing instant; the open fee it held goes to 'fees'.
//   closeAt      a close of part or all of a holding position at the instant's price (the user's, a
//                stop loss's or a take profit's): P/L realised on that part, its share of the margin
//                and what is left of it come back, the close fee is paid; the loss stops at the margin.
//   liquidateAt  the whole margin goes to 'house', nothing comes back.
//   actOnPosition  what the pass does with a position the price reached: enter it, or close it by
//                the trigger the instant's price reaches (liquidation first).
// Prices and instants are those of the crossing second (the pass's) or of the request.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, type FuturesNaming, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { CLOSE_REASONS, type CloseReason, POSITION_RESULTS, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { plain } from '../ledger/amount.ts'
import { positionName } from '../ledger/record-texts.ts'
import { closeContractPosition, enterContractPosition, liquidateContractPosition } from '../ledger/contract-operations.ts'
import { insertRecord, settleRecord } from '../ledger/records.ts'
import type { PriceInstant } from '../market/feed-walk.ts'
import { postMessage } from '../messages/post.ts'
import { closeOutcome, feeOf, isWin, limitReached, liquidationTicks, marginShare, notionalOf, pnlOf, triggerAt } from './logic.ts'
import { changePosition, findPosition, levelsOf, precisionOf, sideOf, type StoredPosition } from './positions.ts'

const REASON_WORDS: Record<CloseReason, string> = { 1: 'closed', 2: 'stop loss', 3: 'take profit', 4: 'liquidated' }
/** How a close's record names its reason (a liquidation has a record kind of its own). */
const REASON_KEYS = { 1: 'user', 2: 'stopLoss', 3: 'takeProfit' } as const

/** Which position a record is about, as its parameters name it. */
export const namingOf = (p: StoredPosition): FuturesNaming => ({ positionId: String(p.id), symbol: `${p.base}/${p.quote}`, direction: sideOf(p), leverage: String(p.leverage) })

/** "#12 BTC/USDT long 10×": how memos name a position. */
export const nameOf = (p: StoredPosition): string => positionName(namingOf(p))

const resultOf = (p: StoredPosition) => (isWin(p.realizedPnl, p.openFee, p.closeFee) ? POSITION_RESULTS.win : POSITION_RESULTS.lose)

/** A pending limit entry whose price the instant reached: holding at its limit price from that instant. */
export async function enterAt(db: Database, position: StoredPosition, instant: PriceInstant, now: number): Promise<StoredPosition> {
  if (position.limitPrice === null || position.limitTicks === null) throw new Error(`contracts: position ${position.id} has no limit`)
  await enterContractPosition(db, { userId: position.userId, currency: position.quote, fee: position.openFee, memo: `contract ${nameOf(position)} entered`, now })
  const liquidation = liquidationTicks(sideOf(position), position.limitPrice, position.quantity, position.margin, position.mmr, precisionOf(position))
  const entered = await changePosition(db, position, {
    status: POSITION_STATUS.holding,
    entryPrice: position.limitPrice,
    entryTicks: position.limitTicks,
    liquidationTicks: liquidation,
    openedAt: instant.at,
    watchFrom: instant.at,
  }, now)
  if (position.recordId !== null) {
    await settleRecord(db, position.recordId, { status: RECORD_STATUS.finished, what: { kind: 'futuresEntered', params: { ...namingOf(position), quantity: position.quantity, price: position.limitPrice } }, now })
  }
  return entered
}

/** Closes `part` of a holding position at the instant's price, for `reason`; answers its new state. */
export async function closeAt(db: Database, position: StoredPosition, part: string, instant: PriceInstant, reason: Exclude<CloseReason, 4>, closeRate: string, now: number): Promise<StoredPosition> {
  if (position.entryPrice === null) throw new Error(`contracts: position ${position.id} has no entry`)
  const side = sideOf(position)
  const released = marginShare(position.margin, position.quantity, part)
  const outcome = closeOutcome(released, pnlOf(side, position.entryPrice, instant.last, part), feeOf(notionalOf(instant.last, part), closeRate))
  const entryId = await closeContractPosition(db, {
    userId: position.userId,
    currency: position.quote,
    margin: plain(released),
    payout: plain(outcome.payout),
    fee: plain(outcome.fee),
    memo: `contract ${nameOf(position)} ${REASON_WORDS[reason]} ${part} @ ${instant.last}`,
    now,
  })
  const quantity = new BigNumber(position.quantity).minus(part)
  const margin = new BigNumber(position.margin).minus(released)
  const whole = quantity.isZero()
  const money = {
    quantity: plain(quantity),
    margin: plain(margin),
    realizedPnl: plain(new BigNumber(position.realizedPnl).plus(outcome.pnl)),
    closeFee: plain(new BigNumber(position.closeFee).plus(outcome.fee)),
    exitPrice: instant.last,
    exitAt: instant.at,
  }
  const closed = whole
    ? { ...money, status: POSITION_STATUS.finished, closeReason: reason, result: resultOf({ ...position, ...money }), closedAt: instant.at }
    : { ...money, liquidationTicks: liquidationTicks(side, position.entryPrice, quantity, margin, position.mmr, precisionOf(position)), watchFrom: now }
  const after = await changePosition(db, position, closed, now)
  await insertRecord(db, {
    userId: position.userId,
    accountType: ACCOUNT_TYPES.contract,
    tradeType: RECORD_TYPES.futures,
    currency: position.quote,
    amount: plain(outcome.pnl),
    fee: plain(outcome.fee),
    actualArrival: plain(outcome.payout),
    status: RECORD_STATUS.finished,
    what: {
      kind: 'futuresClose',
      params: { ...namingOf(position), reason: REASON_KEYS[reason], quantity: part, holding: position.quantity, price: instant.last, pnl: plain(outcome.pnl) },
    },
    positionId: position.id,
    entryId,
    now,
  })
  return after
}

/** Liquidation: the whole margin to 'house', nothing back; answers the position's new state. */
export async function liquidateAt(db: Database, position: StoredPosition, instant: PriceInstant, now: number): Promise<StoredPosition> {
  const entryId = await liquidateContractPosition(db, { userId: position.userId, currency: position.quote, margin: position.margin, memo: `contract ${nameOf(position)} liquidated @ ${instant.last}`, now })
  const money = { quantity: '0', margin: '0', realizedPnl: plain(new BigNumber(position.realizedPnl).minus(position.margin)), exitPrice: instant.last, exitAt: instant.at }
  const after = await changePosition(db, position, {
    ...money,
    status: POSITION_STATUS.liquidated,
    closeReason: CLOSE_REASONS.liquidation,
    result: resultOf({ ...position, ...money }),
    closedAt: instant.at,
  }, now)
  // Riding on the position's conditional update above: one message per liquidated position.
  await postMessage(db, {
    userId: position.userId,
    kind: 'liquidation',
    eventKey: `liquidation:${position.id}`,
    params: {
      symbol: `${position.base}/${position.quote}`,
      direction: String(position.direction),
      quantity: position.quantity,
      margin: position.margin,
      price: instant.last,
      positionId: String(position.id),
    },
    now,
  })
  await insertRecord(db, {
    userId: position.userId,
    accountType: ACCOUNT_TYPES.contract,
    tradeType: RECORD_TYPES.futures,
    currency: position.quote,
    amount: `-${position.margin}`,
    fee: '0',
    actualArrival: '0',
    status: RECORD_STATUS.finished,
    what: { kind: 'futuresLiquidated', params: { ...namingOf(position), quantity: position.quantity, price: instant.last, margin: position.margin } },
    positionId: position.id,
    entryId,
    now,
  })
  return after
}

/**
 * What the instant's price does to position `id` (read here, inside the transaction): a pending
 * entry whose limit it reached enters; a holding position closes by the trigger it reached. Only
 * for instants after what is watched was set. Answers whether anything happened.
 */
export async function actOnPosition(db: Database, id: number, instant: PriceInstant, closeRate: string, now: number): Promise<boolean> {
  const position = await findPosition(db, id)
  if (!position || position.watchFrom === null || position.watchFrom >= instant.at) return false
  const side = sideOf(position)
  if (position.status === POSITION_STATUS.pending) {
    if (position.limitTicks === null || !limitReached(side, position.limitTicks, instant.lastTicks)) return false
    await enterAt(db, position, instant, now)
    return true
  }
  if (position.status !== POSITION_STATUS.holding) return false
  const trigger = triggerAt(side, levelsOf(position), instant.lastTicks)
  if (trigger === undefined) return false
  if (trigger === 'liquidation') await liquidateAt(db, position, instant, now)
  else await closeAt(db, position, position.quantity, instant, trigger === 'stopLoss' ? CLOSE_REASONS.stopLoss : CLOSE_REASONS.takeProfit, closeRate, now)
  return true
}
