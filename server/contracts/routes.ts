// HTTP wiring of the leveraged contract calls (CONTRACT_PATHS, src/contract/contracts.ts) and the
// trigger pass's lifetime. Answers are the /contract/contract envelope ({ code: 1, msg, data });
// a malformed body or no session ends in the error handler, which shapes it the same way. config is
// public (the terms are product terms a visitor may see); the rest need a session. The pass runs at
// start until it has caught up with what the price did while the server was down, then every tick.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CONTRACT_PATHS, type ContractPosition, POSITION_FILTERS, type PositionFilter } from '../../src/contract/contracts.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE, type KeyedCall } from '../assets/idempotency.ts'
import { pagingOf } from '../assets/record-query.ts'
import { requireSession } from '../auth/require-session.ts'
import { startTicks } from '../clock/ticks.ts'
import { badRequest, fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import type { MarketSource } from '../market/source.ts'
import { addMargin, cancelPosition, closePosition, editStops } from './manage.ts'
import { openPosition } from './open.ts'
import { type ContractEngine, createContractEngine } from './pass.ts'
import { findPosition, historyPage, openPositions, positionIdOf, wirePosition } from './positions.ts'
import { contractConfig, pairTerms } from './terms.ts'

export const PASS_TICK_MS = 250
/** Passes run at start before listening, each walking up to MAX_SECONDS_PER_PASS of every pair. */
const MAX_START_PASSES = 100

function filterOf(text: string | undefined): PositionFilter {
  const filter = Object.values(POSITION_FILTERS).find((value) => String(value) === (text ?? String(POSITION_FILTERS.holding)))
  if (filter === undefined) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return filter
}

export async function registerContractRoutes(app: FastifyInstance, ctx: AppContext, market: MarketSource): Promise<ContractEngine> {
  const engine = createContractEngine(ctx, market)
  const testMmr = ctx.config.contractTestMmr

  app.post(CONTRACT_PATHS.config, async (request) => {
    readFields(request.body, [])
    return ok(await contractConfig(ctx.db, testMmr))
  })

  // Each keyed call: its fields, the session, then the key's answer before anything else.
  const keyed = async (request: FastifyRequest, fields: Record<string, string | undefined>, handle: (call: KeyedCall) => Promise<BbEnvelope<ContractPosition | null>>) => {
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, handle)
  }

  app.post(CONTRACT_PATHS.open, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['symbol', 'direction', 'leverage', 'entryType', 'quantity'], ['price', 'stopLoss', 'takeProfit'])
    return await keyed(request, fields, (call) => openPosition(ctx, engine, call, fields))
  })

  app.post(CONTRACT_PATHS.cancel, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id'])
    return await keyed(request, fields, (call) => cancelPosition(ctx, engine, call, fields.id))
  })

  app.post(CONTRACT_PATHS.close, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id'], ['quantity'])
    return await keyed(request, fields, (call) => closePosition(ctx, engine, call, fields.id, fields.quantity))
  })

  app.post(CONTRACT_PATHS.addMargin, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['id', 'amount'])
    return await keyed(request, fields, (call) => addMargin(ctx, engine, call, fields.id, fields.amount))
  })

  app.post(CONTRACT_PATHS.editStops, KEYED_ROUTE, async (request) => {
    const { id, stopLoss, takeProfit } = readFields(request.body, ['id'], ['stopLoss', 'takeProfit'])
    return await keyed(request, { id, stopLoss, takeProfit }, (call) => editStops(ctx, engine, call, id, { stopLoss, takeProfit }))
  })

  app.post(CONTRACT_PATHS.positions, async (request) => {
    const { symbol } = readFields(request.body, [], ['symbol'])
    const { userId } = await requireSession(ctx, request)
    const terms = symbol === undefined ? undefined : await pairTerms(ctx.db, symbol.trim().toLowerCase(), testMmr)
    if (symbol !== undefined && !terms) return fail(SERVER_MESSAGES.unknownPair)
    return ok(await openPositions(ctx.db, userId, terms?.pair.symbol))
  })

  app.post(CONTRACT_PATHS.history, async (request) => {
    const fields = readFields(request.body, [], ['status', 'pageNo', 'pageSize'])
    const { userId } = await requireSession(ctx, request)
    const { pageNo, pageSize } = pagingOf({ pageNo: fields.pageNo, pageSize: fields.pageSize })
    return ok(await historyPage(ctx.db, userId, filterOf(fields.status), pageNo, pageSize))
  })

  app.post(CONTRACT_PATHS.detail, async (request) => {
    const { id } = readFields(request.body, ['id'])
    const { userId } = await requireSession(ctx, request)
    const positionId = positionIdOf(id)
    const position = positionId === undefined ? undefined : await findPosition(ctx.db, positionId, userId)
    return position ? ok(await wirePosition(ctx.db, position)) : fail(SERVER_MESSAGES.contractPositionNotFound)
  })

  for (let round = 0; round < MAX_START_PASSES; round++) {
    const result = await engine.walk.pass()
    if (result.acted > 0) ctx.log.info({ acted: result.acted }, 'contract positions the price reached while the server was down')
    if (!result.behind) break
  }
  const stop = startTicks(ctx, 'contracts pass', PASS_TICK_MS, engine.walk.pass)
  app.addHook('onClose', () => stop())
  return engine
}
