// The owner's changes to a position: close all or part of it, cancel a pending limit entry, add
// margin, set or remove its stops. Each first walks the pair's price path up to now (pass.ts,
// catchUp), so that what the price already did happens first — a close never beats a liquidation
// already due, added margin never rescues a position already liquidated, a new stop never acts on a
// past price. Then, in ONE transaction with the idempotency claim, the position is read again and
// changed conditionally (positions.ts changePosition) with its ledger entry and asset record:
//   close      settle.ts closeAt at the price of this instant (the user's reason)
//   cancel     pending → cancelled; the margin and open fee it held come back (its record: finished, all back)
//   addMargin  available → frozen; the margin grows and the liquidation price moves away
//   editStops  new stop loss / take profit, checked against the entry and the liquidation price
// Another user's id, or one that names nothing, is refused as not found.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { CLOSE_REASONS, type ContractPosition, POSITION_STATUS } from '../../src/contract/contracts.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { refusing } from '../http/refusal.ts'
import { plain } from '../ledger/amount.ts'
import { checkAmount } from '../ledger/amount-input.ts'
import { addContractMargin, releaseContractEntry } from '../ledger/contract-operations.ts'
import { insertRecord, settleRecord } from '../ledger/records.ts'
import type { PriceInstant } from '../market/feed-walk.ts'
import { findPair } from '../market/pairs.ts'
import { liquidationTicks } from './logic.ts'
import type { ContractEngine } from './pass.ts'
import { checkClosePart, checkStops } from './position-input.ts'
import { changePosition, findPosition, positionIdOf, precisionOf, sideOf, type StoredPosition, wirePosition } from './positions.ts'
import { closeAt, nameOf, namingOf } from './settle.ts'
import { contractFeeRates, pairTerms } from './terms.ts'

type Answer = BbEnvelope<ContractPosition | null>
type Work = (db: Database, position: StoredPosition, now: number, instant: PriceInstant | undefined) => Promise<Answer>

interface Target {
  idText: string
  /** Closing needs the price of this instant. */
  priced?: boolean
}

/** Finds the caller's own position, catches its pair up, then runs `work` on it as read in the transaction. */
async function onOwnPosition(ctx: AppContext, engine: ContractEngine, call: KeyedCall, target: Target, work: Work): Promise<Answer> {
  const { userId } = call
  const id = positionIdOf(target.idText)
  const found = id === undefined ? undefined : await findPosition(ctx.db, id, userId)
  const pair = found ? findPair(found.symbol) : undefined
  if (id === undefined || !pair) return fail(SERVER_MESSAGES.contractPositionNotFound)
  const now = ctx.now()
  const instant = target.priced ? await engine.feed.instant(pair, now) : undefined
  if (target.priced && !instant) return fail(SERVER_MESSAGES.priceUnavailable)
  await engine.walk.catchUp(pair)
  return await once(ctx.db, { ...call, now }, () =>
    refusing(() =>
      ctx.db.transaction(async () => {
        const position = await findPosition(ctx.db, id, userId)
        // The clock read again inside the lock: what changes is watched from when it is written.
        return position ? await work(ctx.db, position, Math.max(now, ctx.now()), instant) : fail(SERVER_MESSAGES.contractPositionNotFound)
      }),
    ),
  )
}

export function closePosition(ctx: AppContext, engine: ContractEngine, call: KeyedCall, idText: string, quantity: string | undefined): Promise<Answer> {
  return onOwnPosition(ctx, engine, call, { idText, priced: true }, async (db, position, now, instant) => {
    if (position.status !== POSITION_STATUS.holding || !instant) return fail(SERVER_MESSAGES.contractNotHolding)
    const terms = await pairTerms(db, position.symbol, ctx.config.contractTestMmr)
    if (!terms) return fail(SERVER_MESSAGES.unknownPair)
    const part = checkClosePart(quantity, position.quantity, position.margin, terms)
    if (!part.ok) return fail(part.msg)
    return ok(await wirePosition(db, await closeAt(db, position, part.value, instant, CLOSE_REASONS.user, (await contractFeeRates(db)).close, now)))
  })
}

export function cancelPosition(ctx: AppContext, engine: ContractEngine, call: KeyedCall, idText: string): Promise<Answer> {
  const { userId } = call
  return onOwnPosition(ctx, engine, call, { idText }, async (db, position, now) => {
    if (position.status !== POSITION_STATUS.pending) return fail(SERVER_MESSAGES.contractNotCancellable)
    const held = plain(new BigNumber(position.margin).plus(position.openFee))
    await releaseContractEntry(db, { userId, currency: position.quote, amount: held, memo: `contract ${nameOf(position)} cancelled`, now })
    const after = await changePosition(db, position, { status: POSITION_STATUS.cancelled, margin: '0', closedAt: now }, now)
    if (position.recordId !== null) {
      await settleRecord(db, position.recordId, { status: RECORD_STATUS.finished, fee: '0', actualArrival: held, what: { kind: 'futuresCancelled', params: { ...namingOf(position), quantity: position.quantity, price: position.limitPrice ?? '', returned: held } }, now })
    }
    return ok(await wirePosition(db, after))
  })
}

export function addMargin(ctx: AppContext, engine: ContractEngine, call: KeyedCall, idText: string, amountText: string): Promise<Answer> {
  const { userId } = call
  return onOwnPosition(ctx, engine, call, { idText }, async (db, position, now) => {
    if (position.status !== POSITION_STATUS.holding || position.entryPrice === null) return fail(SERVER_MESSAGES.contractNotHolding)
    const amount = checkAmount(amountText)
    if (!amount.ok) return fail(amount.msg)
    const entryId = await addContractMargin(db, { userId, currency: position.quote, amount: amount.value, memo: `contract ${nameOf(position)} margin added`, now })
    const margin = new BigNumber(position.margin).plus(amount.value)
    const liquidation = liquidationTicks(sideOf(position), position.entryPrice, position.quantity, margin, position.mmr, precisionOf(position))
    const after = await changePosition(db, position, { margin: plain(margin), liquidationTicks: liquidation, watchFrom: now }, now)
    await insertRecord(db, {
      userId, accountType: ACCOUNT_TYPES.contract, tradeType: RECORD_TYPES.futures, currency: position.quote, amount: `-${amount.value}`,
      fee: '0', actualArrival: '0', status: RECORD_STATUS.finished, what: { kind: 'futuresMargin', params: { ...namingOf(position), amount: amount.value, margin: plain(margin) } }, positionId: position.id, entryId, now,
    })
    return ok(await wirePosition(db, after))
  })
}

export function editStops(ctx: AppContext, engine: ContractEngine, call: KeyedCall, idText: string, stops: { stopLoss?: string; takeProfit?: string }): Promise<Answer> {
  return onOwnPosition(ctx, engine, call, { idText }, async (db, position, now) => {
    const entryTicks = position.status === POSITION_STATUS.holding ? position.entryTicks : position.status === POSITION_STATUS.pending ? position.limitTicks : null
    const pair = findPair(position.symbol)
    if (entryTicks === null || !pair) return fail(SERVER_MESSAGES.contractNotHolding)
    const checked = checkStops(stops, pair, sideOf(position), entryTicks, position.liquidationTicks)
    if (!checked.ok) return fail(checked.msg)
    return ok(await wirePosition(db, await changePosition(db, position, { ...checked.value, watchFrom: now }, now)))
  })
}
