// The order book the trade screen shows: the feed's depth on the chosen price grid (step0 = the
// pair's tick, stepN = 10^N ticks, as the market depth call) merged with the users' resting
// orders on the same grid, amounts summed per level. Bids are grouped down and asks up, so a level
// never shows a better price than its orders have. Public: visitors see the book too.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import type { DepthLevel, DepthType } from '../../src/contract/market.ts'
import { ORDER_SIDES, ORDER_STATUS, type SpotBook } from '../../src/contract/spot.ts'
import { num, str } from '../db/rows.ts'
import type { Pair } from '../market/pairs.ts'
import type { SpotFeed } from './feed.ts'
import { fromTicks, groupLevels, toTicks } from './logic.ts'

/** Resting orders read per side: the book shows 20 levels, and orders beyond a few thousand are far off. */
const MAX_ORDERS_PER_SIDE = 5000

async function userLevels(db: Database, pair: Pair, half: 'bids' | 'asks'): Promise<{ ticks: number; amount: BigNumber }[]> {
  const bids = half === 'bids'
  return (await db.all(`SELECT price_ticks, amount, filled FROM spot_orders WHERE symbol = ? AND side = ? AND status = ${ORDER_STATUS.open}
     ORDER BY price_ticks ${bids ? 'DESC' : 'ASC'} LIMIT ${MAX_ORDERS_PER_SIDE}`, pair.symbol, bids ? ORDER_SIDES.buy : ORDER_SIDES.sell))
    .map((row) => ({ ticks: num(row, 'price_ticks'), amount: new BigNumber(str(row, 'amount')).minus(str(row, 'filled')) }))
}

function bookSide(pair: Pair, name: 'bids' | 'asks', feed: readonly DepthLevel[], users: { ticks: number; amount: BigNumber }[], grid: number, size: number): DepthLevel[] {
  const levels = [...feed.map(([price, amount]) => ({ ticks: toTicks(price, pair.precision), amount: new BigNumber(amount) })), ...users]
  const grouped = groupLevels(name, levels, grid)
  const order = name === 'bids' ? (a: number, b: number) => b - a : (a: number, b: number) => a - b
  return [...grouped.keys()]
    .toSorted(order)
    .slice(0, size)
    .map((ticks): DepthLevel => [fromTicks(ticks, pair.precision), (grouped.get(ticks) ?? new BigNumber(0)).toFixed()])
}

/** The merged book, or undefined when the feed cannot answer now. */
export async function spotBook(db: Database, feed: SpotFeed, pair: Pair, type: DepthType, size: number, now: number): Promise<SpotBook | undefined> {
  let depth
  try {
    depth = await feed.depth(pair, type)
  } catch {
    return undefined
  }
  const grid = 10 ** Number(type.slice(4))
  return {
    bids: bookSide(pair, 'bids', depth?.bids ?? [], await userLevels(db, pair, 'bids'), grid, size),
    asks: bookSide(pair, 'asks', depth?.asks ?? [], await userLevels(db, pair, 'asks'), grid, size),
    type,
    ts: depth?.ts ?? now,
  }
}
