// The market calls of spec §7 under /bb/huobi/ (MARKET_PATHS), and the coin logos. Public: no
// session. Form-encoded POST like the rest of the API (JSON accepted); answers in Huobi's shape.
import type { FastifyInstance } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { DEPTH_SIZE, KLINE_SIZE, MARKET_PATHS, TRADES_MAX_SIZE, TRADES_SIZE } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError } from '../http/envelope.ts'
import { depthTypeOf, pairOf, periodOf, quoteOf, readMarketFields, sizeOf } from './input.ts'
import { LOGO_HEADERS, LOGO_ROUTE, logoFile } from './logos.ts'
import { sendAnswer } from './respond.ts'
import { MarketRefusal, type MarketSource } from './source.ts'

type Fields<K extends string> = Partial<Record<K, string>>

export function registerMarketRoutes(app: FastifyInstance, source: MarketSource): void {
  function post<K extends string>(path: string, names: readonly K[], answer: (fields: Fields<K>) => Promise<object>): void {
    app.post(path, async (request, reply) => {
      const fields = readMarketFields(request.body, names)
      try {
        return sendAnswer(request, reply, await answer(fields))
      } catch (error) {
        if (!(error instanceof MarketRefusal)) throw error
        // An upstream that fails is the operator's business; a bad parameter is the client's.
        if (error.httpStatus >= 500) request.log.warn({ errCode: error.errCode }, error.message)
        return reply.code(error.httpStatus).send(error.toAnswer())
      }
    })
  }

  post(MARKET_PATHS.kline, ['symbol', 'timer', 'size'], (f) =>
    source.kline(pairOf(f.symbol), periodOf(f.timer), sizeOf(f.size, KLINE_SIZE, KLINE_SIZE)),
  )
  post(MARKET_PATHS.depth, ['symbol', 'timer', 'size'], (f) =>
    source.depth(pairOf(f.symbol), depthTypeOf(f.timer), sizeOf(f.size, DEPTH_SIZE, DEPTH_SIZE)),
  )
  post(MARKET_PATHS.trades, ['symbol', 'size'], (f) => source.trades(pairOf(f.symbol), sizeOf(f.size, TRADES_SIZE, TRADES_MAX_SIZE)))
  // The app sends timer '1day' and size 1 as Huobi's old detail call took them; the answer is
  // always the rolling 24 h, so they are read (a malformed one is refused) but not used.
  post(MARKET_PATHS.details, ['symbol', 'timer', 'size'], (f) => source.details(pairOf(f.symbol)))
  post(MARKET_PATHS.detailsByQuote, ['quoteCoin'], (f) => source.detailsByQuote(quoteOf(f.quoteCoin)))
  post(MARKET_PATHS.prices, [], () => source.prices())

  app.get(LOGO_ROUTE, async (request, reply) => {
    const svg = logoFile(String((request.params as { file?: unknown }).file ?? '').toLowerCase())
    if (svg === undefined) throw new ApiError(404, BB_FAIL, SERVER_MESSAGES.notFound)
    return reply.headers(LOGO_HEADERS).send(svg)
  })
}
