// Placing a spot order. The instant's price and depth are awaited first (a live feed is a network
// call, and nothing may be awaited inside a transaction); then in ONE transaction with the
// idempotency claim: what the order may spend is frozen, the order is written, and — unless it is
// a stop-limit waiting for its trigger — it takes what it reaches at once (match.ts). A limit
// order's rest stays in the book; a market order's rest is given back. A refusal found inside
// (post-only would take, no liquidity for a market order, not enough balance) rolls all of it back.
import { BigNumber } from 'bignumber.js'
import type { DatabaseSync } from 'node:sqlite'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { ACCOUNT_TYPES } from '../../src/contract/assets.ts'
import type { ServerMessage } from '../../src/contract/messages.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES, SPOT_PATHS, type SpotOrder } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { once, requestHash } from '../assets/idempotency.ts'
import { immediate } from '../db/transaction.ts'
import { fail, ok } from '../http/envelope.ts'
import { plain } from '../ledger/amount.ts'
import { freeze, InsufficientBalanceError } from '../ledger/operations.ts'
import type { Pair } from '../market/pairs.ts'
import type { Instant, SpotFeed } from './feed.ts'
import { endOrder } from './fills.ts'
import { buyHold, reaches } from './logic.ts'
import { bestOpposite, takeLiquidity } from './match.ts'
import { checkPair, checkPlacement, type PlaceFields, type PlaceRequest } from './order-input.ts'
import { insertOrder, mustFindOrder, sideOf, type StoredOrder, toWireOrder } from './orders.ts'
import { type FeeRates, spotFeeRates } from './rates.ts'

/** A refusal found inside the transaction: thrown to roll it back, answered as a business failure. */
class Refusal extends Error {
  readonly msg: ServerMessage
  constructor(msg: ServerMessage) {
    super(msg)
    this.msg = msg
  }
}

/** What the order must hold: a buy its price × amount and the higher fee, a market buy its total, a sell its amount. */
function holdOf(request: PlaceRequest, rates: FeeRates): string {
  if (request.total !== null) return request.total
  if (request.side === ORDER_SIDES.sell) return request.amount ?? '0'
  return plain(buyHold(request.price?.text ?? '0', request.amount ?? '0', BigNumber.max(rates.maker, rates.taker)))
}

function writeOrder(db: DatabaseSync, userId: number, pair: Pair, request: PlaceRequest, hold: string, now: number): StoredOrder {
  const buy = request.side === ORDER_SIDES.buy
  const kind = request.type === ORDER_TYPES.limit ? 'limit' : request.type === ORDER_TYPES.market ? 'market' : 'stop-limit'
  const freezeEntryId = freeze(db, {
    userId,
    accountType: ACCOUNT_TYPES.spot,
    currency: buy ? pair.quote : pair.base,
    amount: hold,
    memo: `spot ${kind} ${buy ? 'buy' : 'sell'} ${pair.base}/${pair.quote}`,
    now,
  })
  const waiting = request.trigger !== null
  const id = insertOrder(db, {
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
    status: waiting ? ORDER_STATUS.untriggered : ORDER_STATUS.open,
    createdAt: now,
    enteredAt: waiting || request.type === ORDER_TYPES.market ? null : now,
    freezeEntryId,
  })
  return mustFindOrder(db, id)
}

/** The order's life at placement, inside the transaction; throws Refusal to undo it all. */
function place(db: DatabaseSync, userId: number, pair: Pair, request: PlaceRequest, instant: Instant, now: number): StoredOrder {
  const rates = spotFeeRates(db)
  let order = writeOrder(db, userId, pair, request, holdOf(request, rates), now)
  if (order.status === ORDER_STATUS.untriggered) return order
  if (request.postOnly) {
    const best = bestOpposite(db, order, pair, instant)
    if (best && reaches(sideOf(order), order.priceTicks ?? undefined, best.ticks)) throw new Refusal(SERVER_MESSAGES.spotPostOnlyWouldTake)
  }
  const taken = takeLiquidity(db, order, pair, instant, rates, now)
  order = taken.order
  if (order.type !== ORDER_TYPES.market || order.status !== ORDER_STATUS.open) return order
  if (new BigNumber(order.filled).isZero()) throw new Refusal(SERVER_MESSAGES.spotNoLiquidity)
  // What the book could not give a market order goes back; it counts as filled when only dust was left.
  return endOrder(db, order, taken.exhausted ? ORDER_STATUS.cancelled : ORDER_STATUS.filled, now)
}

export async function placeOrder(
  ctx: AppContext,
  feed: SpotFeed,
  userId: number,
  fields: PlaceFields,
  key: string | undefined,
): Promise<BbEnvelope<SpotOrder | null>> {
  const pair = checkPair(fields.symbol)
  if (!pair.ok) return fail(pair.msg)
  const now = ctx.now()
  const instant = await feed.instant(pair.value, now)
  if (!instant) return fail(SERVER_MESSAGES.priceUnavailable)
  const request = checkPlacement(fields, pair.value, instant.lastTicks, instant.last)
  if (!request.ok) return fail(request.msg)

  const hash = requestHash(SPOT_PATHS.place, { ...fields })
  return once(ctx.db, { userId, key, hash, now }, () => {
    try {
      // A savepoint of once()'s transaction: a refusal undoes the order, and once() stores the refusal.
      return ok(toWireOrder(immediate(ctx.db, () => place(ctx.db, userId, pair.value, request.value, instant, now))))
    } catch (error) {
      if (error instanceof Refusal) return fail(error.msg)
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
  })
}
