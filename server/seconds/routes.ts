// HTTP wiring of the seconds calls (SECONDS_PATHS, spec §7 /contract/app/contract/second/*) and
// the settlement scheduler's lifetime. Answers are the seconds envelope `{ code, msg, result }`;
// a malformed body or no session ends in the error handler, which shapes it the same way
// (http/envelope.ts). getConfig is public: the durations and rates are product terms a visitor
// may see; everything else needs a session.
import type { FastifyInstance } from 'fastify'
import type { EntryStatus } from '../../src/contract/seconds.ts'
import { ENTRY_STATUS, SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { pagingOf } from '../assets/record-query.ts'
import { requireSession } from '../auth/require-session.ts'
import { badRequest } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { checkCurrency } from '../ledger/amount-input.ts'
import type { MarketSource } from '../market/source.ts'
import { listDurations } from './config.ts'
import { secondFail, secondOk, toSecondEnvelope } from './envelope.ts'
import { createOrder } from './open-order.ts'
import { findOrder, queryOrders, toWireOrder } from './orders.ts'
import { secondsPrices } from './prices.ts'
import { createSettlement, type SettlementScheduler, startSettlementTicks } from './scheduler.ts'

function entryStatusOf(text: string | undefined): EntryStatus {
  if (text === undefined || text === String(ENTRY_STATUS.open)) return ENTRY_STATUS.open
  if (text === String(ENTRY_STATUS.settled)) return ENTRY_STATUS.settled
  throw badRequest(SERVER_MESSAGES.invalidRequest)
}

/** Registers the routes, settles what came due while the server was down, and starts the ticks. */
export async function registerSecondsRoutes(app: FastifyInstance, ctx: AppContext, market: MarketSource): Promise<SettlementScheduler> {
  const prices = secondsPrices(market)

  app.post(SECONDS_PATHS.config, async (request) => {
    readFields(request.body, [])
    return secondOk(await listDurations(ctx.db, ctx.config.secondsExtraDuration))
  })

  app.post(SECONDS_PATHS.createOrder, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['openAmount', 'baseCoin', 'quoteCoin', 'positionTime', 'tradeType'])
    const session = await requireSession(ctx, request)
    return toSecondEnvelope(await answerKeyed(ctx, request, session, fields, (call) => createOrder(ctx, prices, call, fields)))
  })

  app.post(SECONDS_PATHS.records, async (request) => {
    const fields = readFields(request.body, [], ['pageNo', 'pageSize', 'entryStatus', 'baseCoin', 'quoteCoin'])
    const { userId } = await requireSession(ctx, request)
    const { pageNo, pageSize } = pagingOf({ pageNo: fields.pageNo, pageSize: fields.pageSize })
    const entryStatus = entryStatusOf(fields.entryStatus)
    const base = fields.baseCoin === undefined ? undefined : checkCurrency(fields.baseCoin)
    if (base && !base.ok) return secondFail(base.msg)
    const quote = fields.quoteCoin === undefined ? undefined : checkCurrency(fields.quoteCoin)
    if (quote && !quote.ok) return secondFail(quote.msg)
    const page = await queryOrders(ctx.db, userId, { pageNo, pageSize, entryStatus, baseCoin: base?.value, quoteCoin: quote?.value })
    return secondOk({ ...page, serverTime: ctx.now() })
  })

  app.post(SECONDS_PATHS.recordById, async (request) => {
    const { id } = readFields(request.body, ['id'])
    const { userId } = await requireSession(ctx, request)
    const order = /^[1-9]\d{0,15}$/.test(id.trim()) ? await findOrder(ctx.db, Number(id.trim()), userId) : undefined
    return order ? secondOk(toWireOrder(order)) : secondFail(SERVER_MESSAGES.recordNotFound)
  })

  const scheduler = createSettlement(ctx, prices)
  const settledAtStart = await scheduler.pass()
  if (settledAtStart > 0) ctx.log.info({ settled: settledAtStart }, 'seconds orders that came due while down settled')
  const stop = startSettlementTicks(ctx, scheduler)
  app.addHook('onClose', () => stop())
  return scheduler
}
