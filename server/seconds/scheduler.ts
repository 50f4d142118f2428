// Settles orders when they come due. One 250 ms tick (not a timer per order) asks the database
// for the open orders due by the server's clock, so it needs no in-memory state to survive a
// restart, works with the tests' injectable clock, and settles within a quarter second of the due
// time. A pass is bounded (BATCH orders, MAX_BATCHES batches), never overlaps itself, and is also
// run once at start, so orders that came due while the server was down settle before it listens.
// Which price each order gets is prices.ts's business; exactly-once is settle.ts's.
import type { AppContext } from '../context.ts'
import { startTicks } from '../clock/ticks.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { findPair } from '../market/pairs.ts'
import { type DueOrder, dueOrders } from './orders.ts'
import { LIVE_GRACE_MS, type LivePrices, type SecondsPrices } from './prices.ts'
import { settleOrder } from './settle.ts'

export const TICK_MS = 250
const BATCH = 200
const MAX_BATCHES = 10

type SchedulerContext = Pick<AppContext, 'db' | 'now' | 'log'>

export interface SettlementScheduler {
  /** One settling pass over every due order; answers how many this pass settled. */
  pass(): Promise<number>
  stop(): void
}

/** The settlement price of a due order: a price, undefined (none can be had: return it), or 'wait'. */
function priceFor(order: DueOrder, prices: SecondsPrices, live: LivePrices, sampledAt: number): string | undefined | 'wait' {
  const pair = findPair(order.symbol)
  if (!pair) return undefined
  if (prices.at) return prices.at(pair, order.settleTime)
  // A live sample stands for the due instant only if it was taken soon enough after it.
  if (sampledAt - order.settleTime > LIVE_GRACE_MS) return undefined
  return live?.get(order.symbol) ?? 'wait'
}

export function createSettlement(ctx: SchedulerContext, prices: SecondsPrices): SettlementScheduler {
  let stopped = false

  async function pass(): Promise<number> {
    let settled = 0
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      if (stopped) break
      const due = await dueOrders(ctx.db, ctx.now(), BATCH)
      if (due.length === 0) break
      const live = prices.at ? undefined : await prices.live()
      if (stopped) break
      const sampledAt = ctx.now()
      let waiting = false
      for (const order of due) {
        const price = priceFor(order, prices, live, sampledAt)
        if (price === 'wait') {
          waiting = true
          continue
        }
        try {
          if (await settleOrder(ctx, order.id, price)) settled += 1
        } catch (error) {
          // The storage is gone for every order alike: the pass ends, the next tick tries again.
          if (error instanceof DatabaseUnavailableError) throw error
          ctx.log.error({ err: error, orderId: order.id }, 'seconds order settlement failed')
        }
      }
      if (waiting || due.length < BATCH) break
    }
    return settled
  }

  return {
    pass,
    stop() {
      stopped = true
    },
  }
}

/** Runs a pass every TICK_MS (skipping a tick while the last pass still awaits the feed). */
export const startSettlementTicks = (ctx: SchedulerContext, scheduler: SettlementScheduler): (() => void) =>
  startTicks(ctx, 'seconds settlement pass', TICK_MS, scheduler.pass, scheduler.stop)
