// Opening a position (CONTRACT_PATHS.open). The instant's price is awaited first (a live feed is a
// network call, and nothing may be awaited inside a transaction); then in ONE transaction with the
// idempotency claim: the margin and open fee at the entry price (the instant's for a market entry,
// the limit for a limit entry), the position and the user's asset record.
//   market: margin frozen, the fee to 'fees'; holding from this instant, liquidation price shown.
//   limit:  margin + fee frozen until the pass finds the price reached (settle.ts enterAt) or the
//           owner cancels (manage.ts); its record waits as reviewing.
// Not enough available balance refuses and rolls it all back.
import { BigNumber } from 'bignumber.js'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { type ContractPosition, ENTRY_TYPES, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { refusing } from '../http/refusal.ts'
import { plain } from '../ledger/amount.ts'
import { holdContractEntry, openContractPosition } from '../ledger/contract-operations.ts'
import { insertRecord } from '../ledger/records.ts'
import type { PriceInstant } from '../market/feed-walk.ts'
import { feeOf, notionalOf } from './logic.ts'
import type { ContractEngine } from './pass.ts'
import { checkOpen, type OpenFields, type OpenRequest } from './position-input.ts'
import { insertPosition, type StoredPosition, toWirePosition } from './positions.ts'
import { nameOf, namingOf } from './settle.ts'
import { contractFeeRates, pairTerms, type PairTerms } from './terms.ts'

async function open(ctx: AppContext, userId: number, terms: PairTerms, request: OpenRequest, instant: PriceInstant): Promise<StoredPosition> {
  const { db } = ctx
  const now = instant.at
  const { pair, mmr } = terms
  const market = request.entryType === ENTRY_TYPES.market
  const fee = plain(feeOf(notionalOf(request.price.text, request.quantity), (await contractFeeRates(db)).open))
  const position = await insertPosition(db, {
    userId,
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    direction: request.direction,
    leverage: request.leverage,
    entryType: request.entryType,
    limitPrice: market ? null : request.price.text,
    limitTicks: market ? null : request.price.ticks,
    quantity: request.quantity,
    openedQuantity: request.quantity,
    entryPrice: market ? request.price.text : null,
    entryTicks: market ? request.price.ticks : null,
    margin: request.margin,
    mmr,
    liquidationTicks: request.liquidationTicks,
    stopLossTicks: request.stopLossTicks,
    takeProfitTicks: request.takeProfitTicks,
    openFee: fee,
    status: market ? POSITION_STATUS.holding : POSITION_STATUS.pending,
    // Watched from when it is written (the clock read again inside the lock): a pass another
    // server ran while this waited for the lock could not have seen it, so it must not count as
    // watched before; its price and times stay the instant's.
    watchFrom: Math.max(now, ctx.now()),
    recordId: null,
    createdAt: now,
    openedAt: market ? now : null,
  })
  const move = { userId, currency: pair.quote, margin: request.margin, fee, now }
  const what = `${request.quantity} @ ${request.price.text}`
  const entryId = market
    ? await openContractPosition(db, { ...move, memo: `contract ${nameOf(position)} opened ${what}` })
    : await holdContractEntry(db, { ...move, memo: `contract ${nameOf(position)} limit ${what}` })
  const recordId = await insertRecord(db, {
    userId,
    accountType: ACCOUNT_TYPES.contract,
    tradeType: RECORD_TYPES.futures,
    currency: pair.quote,
    amount: `-${plain(new BigNumber(request.margin).plus(fee))}`,
    fee,
    actualArrival: '0',
    status: market ? RECORD_STATUS.finished : RECORD_STATUS.reviewing,
    what: { kind: 'futuresOpen', params: { ...namingOf(position), quantity: request.quantity, entryType: market ? 'market' : 'limit', price: request.price.text, margin: request.margin } },
    positionId: position.id,
    entryId,
    now,
  })
  if (market) return position
  // Not a change of state: the record a limit entry waits with, for its entry or cancel to settle.
  await db.run('UPDATE contract_positions SET record_id = ? WHERE id = ?', recordId, position.id)
  return { ...position, recordId }
}

export async function openPosition(ctx: AppContext, engine: ContractEngine, call: KeyedCall, fields: OpenFields): Promise<BbEnvelope<ContractPosition | null>> {
  const { userId } = call
  const terms = await pairTerms(ctx.db, fields.symbol.trim().toLowerCase(), ctx.config.contractTestMmr)
  if (!terms) return fail(SERVER_MESSAGES.unknownPair)
  const instant = await engine.feed.instant(terms.pair, ctx.now())
  if (!instant) return fail(SERVER_MESSAGES.priceUnavailable)
  const request = checkOpen(fields, terms, instant)
  if (!request.ok) return fail(request.msg)
  // A savepoint of once()'s transaction: not enough balance undoes the position, and once() stores the refusal.
  return await once(ctx.db, { ...call, now: instant.at }, () =>
    refusing(async () => ok(toWirePosition(await ctx.db.transaction(() => open(ctx, userId, terms, request.value, instant)), []))),
  )
}
