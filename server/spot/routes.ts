// HTTP wiring of the spot calls (SPOT_PATHS, src/contract/spot.ts) and the feed pass's lifetime.
// Answers are the /bb envelope; a malformed body or no session ends in the error handler, which
// shapes it the same way. config and book are public (visitors see prices and the book); the rest
// need a session. The pass runs at start until it has caught up with what happened while the
// server was down, then on every tick.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DEPTH_SIZE, DEPTH_TYPES, type DepthType } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { HISTORY_FILTERS, type HistoryFilter, PRICE_BAND, SPOT_PATHS } from '../../src/contract/spot.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { pagingOf } from '../assets/record-query.ts'
import { requireSession } from '../auth/require-session.ts'
import { startTicks } from '../clock/ticks.ts'
import { badRequest, fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import type { MarketSource } from '../market/source.ts'
import { spotBook } from './book.ts'
import { cancelOrder, orderIdOf } from './cancel.ts'
import { spotFeed } from './feed.ts'
import { createSpotEngine } from './engine.ts'
import { checkPair } from './order-input.ts'
import { fillsOf, findOrder, queryOrders, toWireOrder } from './orders.ts'
import { placeOrder } from './place.ts'
import { spotFeeRates } from './rates.ts'

export const PASS_TICK_MS = 250
/** Passes run at start before listening, each walking up to MAX_SECONDS_PER_PASS of every pair. */
const MAX_START_PASSES = 100

function filterOf(text: string | undefined): HistoryFilter {
  const filter = Object.values(HISTORY_FILTERS).find((value) => String(value) === (text ?? String(HISTORY_FILTERS.unfinished)))
  if (filter === undefined) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return filter
}

function depthTypeOf(text: string | undefined): DepthType {
  const type = DEPTH_TYPES.find((candidate) => candidate === (text ?? 'step0'))
  if (!type) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return type
}

function sizeOf(text: string | undefined): number {
  if (text === undefined) return DEPTH_SIZE
  if (!/^\d{1,2}$/.test(text) || Number(text) < 1 || Number(text) > DEPTH_SIZE) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return Number(text)
}

export async function registerSpotRoutes(app: FastifyInstance, ctx: AppContext, market: MarketSource): Promise<void> {
  const feed = spotFeed(market, ctx.config.spotFeedLiquidity)
  const engine = createSpotEngine(ctx, feed)

  app.post(SPOT_PATHS.config, async (request) => {
    readFields(request.body, [])
    const rates = await spotFeeRates(ctx.db)
    return ok({ makerFeeRate: rates.maker, takerFeeRate: rates.taker, priceBand: PRICE_BAND })
  })

  app.post(SPOT_PATHS.place, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['symbol', 'side', 'type'], ['price', 'amount', 'total', 'triggerPrice', 'postOnly'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => placeOrder(ctx, engine, call, fields))
  })

  app.post(SPOT_PATHS.cancel, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => cancelOrder(ctx, engine, call, fields.id))
  })

  const listOrders = (filter: HistoryFilter | undefined) => async (request: FastifyRequest) => {
    const fields = readFields(request.body, [], ['symbol', 'pageNo', 'pageSize', 'filter'])
    const { userId } = await requireSession(ctx, request)
    const { pageNo, pageSize } = pagingOf({ pageNo: fields.pageNo, pageSize: fields.pageSize })
    const pair = fields.symbol === undefined ? undefined : checkPair(fields.symbol)
    if (pair && !pair.ok) return fail(pair.msg)
    return ok(await queryOrders(ctx.db, userId, { filter: filter ?? filterOf(fields.filter), symbol: pair?.value.symbol, pageNo, pageSize }))
  }
  app.post(SPOT_PATHS.openOrders, listOrders(HISTORY_FILTERS.unfinished))
  app.post(SPOT_PATHS.history, listOrders(undefined))

  app.post(SPOT_PATHS.order, async (request) => {
    const { id } = readFields(request.body, ['id'])
    const { userId } = await requireSession(ctx, request)
    const orderId = orderIdOf(id)
    const order = orderId === undefined ? undefined : await findOrder(ctx.db, orderId, userId)
    return order ? ok({ ...toWireOrder(order), fills: await fillsOf(ctx.db, order) }) : fail(SERVER_MESSAGES.spotOrderNotFound)
  })

  app.post(SPOT_PATHS.book, (request) => {
    const fields = readFields(request.body, ['symbol'], ['type', 'size'])
    const type = depthTypeOf(fields.type)
    const size = sizeOf(fields.size)
    const pair = checkPair(fields.symbol)
    if (!pair.ok) return fail(pair.msg)
    return spotBook(ctx.db, feed, pair.value, type, size, ctx.now()).then((book) => (book ? ok(book) : fail(SERVER_MESSAGES.priceUnavailable)))
  })

  const { pass } = engine.walk
  for (let round = 0; round < MAX_START_PASSES; round++) {
    const result = await pass()
    if (result.acted > 0) ctx.log.info({ acted: result.acted }, 'spot orders the feed reached while the server was down')
    if (!result.behind) break
  }
  const stop = startTicks(ctx, 'spot feed pass', PASS_TICK_MS, pass)
  app.addHook('onClose', () => stop())
}
