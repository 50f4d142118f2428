// An order taking liquidity: on arrival (place.ts) and when a stop-limit triggers (feed-pass.ts).
// Inside the caller's transaction it reads the other users' resting orders that it reaches, merges
// them with the feed's depth of the instant (logic.ts mergeLevels: best price first, users before
// the feed at one price), plans the fills and executes them one by one (fills.ts). A market order
// reaches no further than PRICE_BAND from the last price, so an empty or thin book can never fill
// it at an absurd price. Self-trade prevention: the taker's own resting orders are skipped.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { FILL_ROLES, ORDER_SIDES, ORDER_STATUS, ORDER_TYPES, PRICE_BAND } from '../../src/contract/spot.ts'
import type { Pair } from '../market/pairs.ts'
import type { Instant } from './feed.ts'
import { executeFill, type Party } from './fills.ts'
import { type Level, mergeLevels, planTaker, type Side, toTicks } from './logic.ts'
import { mustFindOrder, sideOf, type StoredOrder, toStoredOrder } from './orders.ts'

/** Resting orders read per taker: far more than any order here meets (each is ≥ the minimum value). */
const MAX_USER_LEVELS = 1000

async function restingAgainst(db: Database, taker: StoredOrder, limitTicks: number | undefined): Promise<Level[]> {
  const buying = taker.side === ORDER_SIDES.buy
  const rows = await db.all(`SELECT * FROM spot_orders
     WHERE symbol = ? AND side = ? AND status = ${ORDER_STATUS.open} AND user_id <> ? AND (CAST(? AS BIGINT) IS NULL OR price_ticks ${buying ? '<=' : '>='} ?)
     ORDER BY price_ticks ${buying ? 'ASC' : 'DESC'}, entered_at, id LIMIT ${MAX_USER_LEVELS}`, taker.symbol, buying ? ORDER_SIDES.sell : ORDER_SIDES.buy, taker.userId, limitTicks ?? null, limitTicks ?? null)
  return rows.map((row) => {
    const order = toStoredOrder(row)
    return {
      ticks: order.priceTicks ?? 0,
      price: order.price ?? '',
      available: new BigNumber(order.amount ?? '0').minus(order.filled),
      orderId: order.id,
    }
  })
}

const feedLevels = (levels: Instant['asks'], pair: Pair): Level[] =>
  levels.map(([price, amount]) => ({ ticks: toTicks(price, pair.precision), price, available: new BigNumber(amount) }))

/** The furthest a market order may reach: PRICE_BAND beyond the last price. */
function marketReach(side: Side, lastTicks: number): number {
  const band = new BigNumber(lastTicks).times(PRICE_BAND)
  return side === 'buy' ? new BigNumber(lastTicks).plus(band).integerValue(BigNumber.ROUND_DOWN).toNumber() : new BigNumber(lastTicks).minus(band).integerValue(BigNumber.ROUND_UP).toNumber()
}

/** The best level a limit order would meet at once (for post-only), or undefined. */
export async function bestOpposite(db: Database, taker: StoredOrder, pair: Pair, instant: Instant): Promise<Level | undefined> {
  const side = sideOf(taker)
  return mergeLevels(side, (await restingAgainst(db, taker, taker.priceTicks ?? undefined)).slice(0, 1), feedLevels(side === 'buy' ? instant.asks : instant.bids, pair).slice(0, 1))[0]
}

export interface TakeResult {
  order: StoredOrder
  /** The levels ran out (or reached the limit) with something still wanted. */
  exhausted: boolean
}

/**
 * Lets `order` (open, in the caller's transaction) take what it reaches at `instant`; answers its
 * new state. `now` is when the user fills happen (the feed's fills carry the instant's time).
 */
export async function takeLiquidity(db: Database, order: StoredOrder, pair: Pair, instant: Instant, now: number): Promise<TakeResult> {
  const side = sideOf(order)
  const limitTicks = order.type === ORDER_TYPES.market ? marketReach(side, instant.lastTicks) : (order.priceTicks ?? undefined)
  const levels = mergeLevels(side, await restingAgainst(db, order, limitTicks), feedLevels(side === 'buy' ? instant.asks : instant.bids, pair))
  const marketBuy = order.amount === null
  const plan = planTaker(
    {
      side,
      limitTicks,
      remaining: marketBuy ? undefined : new BigNumber(order.amount ?? '0').minus(order.filled),
      budget: marketBuy ? new BigNumber(order.frozen) : undefined,
      amountDigits: pair.amountDigits,
      takerRate: order.takerFeeRate,
    },
    levels,
  )
  let current = order
  for (const step of plan.fills) {
    const taker: Party = { order: current, role: FILL_ROLES.taker }
    const maker: Party = step.level.orderId === undefined ? 'market' : { order: await mustFindOrder(db, step.level.orderId), role: FILL_ROLES.maker }
    const updated = await executeFill(
      db,
      {
        buyer: side === 'buy' ? taker : maker,
        seller: side === 'buy' ? maker : taker,
        price: step.level.price,
        amount: step.amount,
        value: step.value,
        at: maker === 'market' ? instant.at : now,
        now,
      },
    )
    current = updated.get(current.id) ?? await mustFindOrder(db, current.id)
  }
  return { order: current, exhausted: plan.exhausted }
}
