// Cancelling a spot order (its owner through the API, or an operator through the admin tool): in
// one transaction the order, if still untriggered or open, ends cancelled and exactly what it still
// held is unfrozen (fills.ts endOrder). What already filled stays filled. A cancel racing a fill
// runs before or after it, never between: each unit of the order ends filled or returned, once.
import { allLocks, type Database } from '../db/database.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ORDER_STATUS, type SpotOrder } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { fundsLock, type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { findPair, type Pair } from '../market/pairs.ts'
import { bookLock } from './book-lock.ts'
import type { SpotEngine } from './engine.ts'
import { endOrder } from './fills.ts'
import { findOrder, toWireOrder } from './orders.ts'

const cancellable = (status: number): boolean => status === ORDER_STATUS.untriggered || status === ORDER_STATUS.open

/** Cancels order `id` of `pair` (only `userId`'s own when given); answers the envelope the API sends. */
export async function cancelOrderNow(db: Database, pair: Pair | undefined, id: number, userId: number | undefined, now: number): Promise<BbEnvelope<SpotOrder | null>> {
  return await db.transaction(async () => {
    const order = await findOrder(db, id, userId)
    if (!order) return fail(SERVER_MESSAGES.spotOrderNotFound)
    if (!cancellable(order.status)) return fail(SERVER_MESSAGES.spotNotCancellable)
    return ok(toWireOrder(await endOrder(db, order, ORDER_STATUS.cancelled, now)))
  }, pair && bookLock(pair.symbol))
}

async function findOrderPair(db: Database, id: number): Promise<Pair | undefined> {
  const order = await findOrder(db, id)
  return order ? findPair(order.symbol) : undefined
}

/** An order id as the API sends it: a positive whole number. */
export const orderIdOf = (text: string): number | undefined => (/^[1-9]\d{0,15}$/.test(text.trim()) ? Number(text.trim()) : undefined)

export async function cancelOrder(ctx: AppContext, engine: SpotEngine, call: KeyedCall, idText: string): Promise<BbEnvelope<SpotOrder | null>> {
  const { userId } = call
  const id = orderIdOf(idText)
  if (id === undefined) return fail(SERVER_MESSAGES.spotOrderNotFound)
  // What the price already did to the order happens first: a cancel never undoes a fill it reached.
  const pair = await findOrderPair(ctx.db, id)
  if (pair) await engine.walk.catchUp(pair)
  const now = ctx.now()
  // The user's balances and the pair's book, as a placement: cancelOrderNow's own lock counts only
  // where it is the outer transaction (the operators' cancel).
  const locks = pair ? allLocks(fundsLock(userId), bookLock(pair.symbol)) : fundsLock(userId)
  return await once(ctx.db, { ...call, now }, () => cancelOrderNow(ctx.db, pair, id, userId, now), locks)
}
