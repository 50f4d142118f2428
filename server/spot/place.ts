// Placing a spot order. The instant's price and depth are awaited first (a live feed is a network
// call, and nothing may be awaited inside a transaction); then in ONE transaction with the
// idempotency claim: what the order may spend is frozen, the order is written, and — unless it is
// a stop-limit waiting for its trigger — it takes what it reaches at once (match.ts). A limit
// order's rest stays in the book; a market order's rest is given back. A refusal found inside
// (post-only would take, no liquidity for a market order, not enough balance) rolls all of it back.
import { BigNumber } from 'bignumber.js'
import { allLocks, type Database } from '../db/database.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES, type SpotOrder } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { fundsLock, type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { Refusal, refusing } from '../http/refusal.ts'
import { plain } from '../ledger/amount.ts'
import { freeze } from '../ledger/operations.ts'
import type { Pair } from '../market/pairs.ts'
import type { SpotEngine } from './engine.ts'
import type { Instant } from './feed.ts'
import { endOrder } from './fills.ts'
import { buyHold, reaches } from './logic.ts'
import { bookLock } from './book-lock.ts'
import { bestOpposite, takeLiquidity } from './match.ts'
import { checkPair, checkPlacement, type PlaceFields, type PlaceRequest } from './order-input.ts'
import { insertOrder, mustFindOrder, sideOf, type StoredOrder, toWireOrder } from './orders.ts'
import { type FeeRates, spotFeeRates } from './rates.ts'

/** What the order must hold: a buy its price × amount and the higher fee, a market buy its total, a sell its amount. */
function holdOf(request: PlaceRequest, rates: FeeRates): string {
  if (request.total !== null) return request.total
  if (request.side === ORDER_SIDES.sell) return request.amount ?? '0'
  return plain(buyHold(request.price?.text ?? '0', request.amount ?? '0', BigNumber.max(rates.maker, rates.taker)))
}

async function writeOrder(db: Database, userId: number, pair: Pair, request: PlaceRequest, rates: FeeRates, now: number): Promise<StoredOrder> {
  const hold = holdOf(request, rates)
  const buy = request.side === ORDER_SIDES.buy
  const kind = request.type === ORDER_TYPES.limit ? 'limit' : request.type === ORDER_TYPES.market ? 'market' : 'stop-limit'
  const freezeEntryId = await freeze(db, {
    userId,
    accountType: ACCOUNT_TYPES.spot,
    currency: buy ? pair.quote : pair.base,
    amount: hold,
    memo: `spot ${kind} ${buy ? 'buy' : 'sell'} ${pair.base}/${pair.quote}`,
    now,
  })
  const waiting = request.trigger !== null
  const id = await insertOrder(db, {
    userId,
    symbol: pair.symbol,
    base: pair.base,
    quote: pair.quote,
    side: request.side,
    type: request.type,
    postOnly: request.postOnly,
    price: request.price?.text ?? null,
    priceTicks: request.price?.ticks ?? null,
    triggerPrice: request.trigger?.text ?? null,
    triggerTicks: request.trigger?.ticks ?? null,
    triggerDirection: request.trigger?.direction ?? null,
    amount: request.amount,
    total: request.total,
    frozen: hold,
    makerFeeRate: rates.maker,
    takerFeeRate: rates.taker,
    status: waiting ? ORDER_STATUS.untriggered : ORDER_STATUS.open,
    createdAt: now,
    enteredAt: waiting || request.type === ORDER_TYPES.market ? null : now,
    freezeEntryId,
  })
  return await mustFindOrder(db, id)
}

/** The order's life at placement, inside the transaction; throws Refusal to undo it all. */
async function place(db: Database, userId: number, pair: Pair, request: PlaceRequest, instant: Instant, now: number): Promise<StoredOrder> {
  let order = await writeOrder(db, userId, pair, request, await spotFeeRates(db), now)
  if (order.status === ORDER_STATUS.untriggered) return order
  if (request.postOnly) {
    const best = await bestOpposite(db, order, pair, instant)
    if (best && reaches(sideOf(order), order.priceTicks ?? undefined, best.ticks)) throw new Refusal(SERVER_MESSAGES.spotPostOnlyWouldTake)
  }
  const taken = await takeLiquidity(db, order, pair, instant, now)
  order = taken.order
  if (order.type !== ORDER_TYPES.market || order.status !== ORDER_STATUS.open) return order
  if (new BigNumber(order.filled).isZero()) throw new Refusal(SERVER_MESSAGES.spotNoLiquidity)
  // What the book could not give a market order goes back; it counts as filled when only dust was left.
  return await endOrder(db, order, taken.exhausted ? ORDER_STATUS.cancelled : ORDER_STATUS.filled, now)
}

export async function placeOrder(
  ctx: AppContext,
  engine: SpotEngine,
  call: KeyedCall,
  fields: PlaceFields,
): Promise<BbEnvelope<SpotOrder | null>> {
  const { userId } = call
  const pair = checkPair(fields.symbol)
  if (!pair.ok) return fail(pair.msg)
  const { feed, walk } = engine
  // What the price already did to the pair's waiting orders happens before this order meets them.
  await walk.catchUp(pair.value)
  const checkedAt = await feed.instant(pair.value, ctx.now())
  if (!checkedAt) return fail(SERVER_MESSAGES.priceUnavailable)
  const request = checkPlacement(fields, pair.value, checkedAt.lastTicks, checkedAt.last)
  if (!request.ok) return fail(request.msg)

  // The user's balances and the pair's book: both are written, so the transaction queues on both.
  const locks = allLocks(fundsLock(userId), bookLock(pair.value.symbol))
  return await once(ctx.db, { ...call, now: ctx.now() }, () => {
    // With the simulation the order's instant is read once the write lock is held: a pass another
    // server ran while this one waited has walked only instants before it, so none is skipped.
    const now = feed.instantAt ? ctx.now() : checkedAt.at
    const instant = feed.instantAt ? feed.instantAt(pair.value, now) : checkedAt
    // A savepoint of once()'s transaction: a refusal undoes the order, and once() stores the refusal.
    return refusing(async () => ok(toWireOrder(await ctx.db.transaction(() => place(ctx.db, userId, pair.value, request.value, instant, now)))))
  }, locks)
}
