// `npm run admin -- spot …`: the operator's view of a pair's book and the way to take an order out
// of it (a stuck or abusive order): cancelling unfreezes what it still holds, exactly as the
// owner's cancel does (cancel.ts). Answers the admin tool's { out | err, exitCode } (1 refused, 2 usage).
import type { Database } from '../db/database.ts'
import { ORDER_SIDES, ORDER_STATUS, ORDER_TYPES } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { createMarketSource } from '../market/create-source.ts'
import { findPair } from '../market/pairs.ts'
import { cancelOrderNow, orderIdOf } from './cancel.ts'
import { createSpotEngine } from './engine.ts'
import { spotFeed } from './feed.ts'
import { checkPair } from './order-input.ts'
import { findOrder, toStoredOrder } from './orders.ts'

export const SPOT_USAGE = `  spot list <pair>                     open and untriggered spot orders of a pair (e.g. btcusdt): id, user, side, type, price, filled/amount
  spot cancel <orderId>                cancel a spot order; what it still holds goes back to its owner`

interface Outcome {
  out?: string
  err?: string
  exitCode: number
}

const TYPE_NAMES = { [ORDER_TYPES.limit]: 'limit', [ORDER_TYPES.market]: 'market', [ORDER_TYPES.stopLimit]: 'stop-limit' } as const

async function list(db: Database, symbol: string): Promise<Outcome> {
  const pair = checkPair(symbol)
  if (!pair.ok) return { err: `unknown pair "${symbol}" (e.g. btcusdt)`, exitCode: 1 }
  const rows = await db.all(`SELECT o.*, u.email FROM spot_orders o JOIN users u ON u.id = o.user_id
     WHERE o.symbol = ? AND o.status IN (${ORDER_STATUS.untriggered}, ${ORDER_STATUS.open}) ORDER BY o.side, o.price_ticks DESC, o.id LIMIT 500`, pair.value.symbol)
  if (rows.length === 0) return { out: `no open orders on ${pair.value.base}/${pair.value.quote}`, exitCode: 0 }
  const lines = rows.map((row) => {
    const order = toStoredOrder(row)
    const trigger = order.status === ORDER_STATUS.untriggered ? `\ttrigger ${order.triggerPrice}` : ''
    return `#${order.id}\t${String(row.email)}\t${order.side === ORDER_SIDES.buy ? 'buy' : 'sell'}\t${TYPE_NAMES[order.type]}\t${order.price ?? ''}\t${order.filled}/${order.amount ?? ''}${trigger}`
  })
  return { out: lines.join('\n'), exitCode: 0 }
}

export async function spotCommand(ctx: AppContext, [action, ...args]: string[]): Promise<Outcome> {
  const { db } = ctx
  if (action === 'list' && args.length === 1) return await list(db, args[0] ?? '')
  if (action === 'cancel' && args.length === 1) {
    const id = orderIdOf(args[0] ?? '')
    const order = id === undefined ? undefined : await findOrder(db, id)
    const pair = order && findPair(order.symbol)
    if (id === undefined || !pair) return { err: `no order "${args[0]}"`, exitCode: 1 }
    // As the owner's cancel: what the price already did to the order happens first.
    const feed = spotFeed(createMarketSource(ctx.config, ctx.now), ctx.config.spotFeedLiquidity)
    await createSpotEngine(ctx, feed).walk.catchUp(pair)
    const answer = await cancelOrderNow(db, pair, id, undefined, ctx.now())
    return answer.data ? { out: `cancelled #${id}: ${answer.data.filled} of ${answer.data.amount || answer.data.total} filled, the rest unfrozen`, exitCode: 0 } : { err: `#${id}: ${answer.msg}`, exitCode: 1 }
  }
  return { err: `usage:\n${SPOT_USAGE}`, exitCode: 2 }
}
