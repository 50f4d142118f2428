// HTTP wiring of the asset calls this server owns: the account lists, the records, transfer and
// exchange (src/contract/assets.ts). Each route checks the body's shape, the session, and hands
// the fields to a service; deposits, withdrawals and the address book are wired elsewhere.
import type { FastifyInstance } from 'fastify'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import type { AppContext } from '../context.ts'
import { requireSession } from '../auth/require-session.ts'
import { fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { checkAccountType, checkCurrency } from '../ledger/amount-input.ts'
import type { MarketSource } from '../market/source.ts'
import { launchedSymbol } from '../launch/coins.ts'
import { listAccount } from './accounts.ts'
import { exchange, exchangeQuote } from './exchange.ts'
import { answerKeyed, KEYED_ROUTE } from './idempotency.ts'
import { pagingOf, queryRecords } from './record-query.ts'
import { transfer } from './transfer.ts'

export function registerAssetRoutes(app: FastifyInstance, ctx: AppContext, market: MarketSource): void {
  app.post(ASSET_PATHS.accounts, async (request) => {
    const fields = readFields(request.body, ['accountType'])
    const { userId } = await requireSession(ctx, request)
    const accountType = checkAccountType(fields.accountType)
    return accountType.ok ? ok(await listAccount(ctx.db, userId, accountType.value)) : fail(accountType.msg)
  })

  app.post(ASSET_PATHS.records, async (request) => {
    const fields = readFields(request.body, [], ['currency', 'pageNo', 'pageSize', 'tradeType', 'accountType'])
    const { userId } = await requireSession(ctx, request)
    const paging = pagingOf(fields)
    // A launched coin's records are read like any coin's (server/launch/coins.ts).
    const launched = fields.currency === undefined ? undefined : await launchedSymbol(ctx.db, fields.currency)
    const currency = fields.currency === undefined || launched !== undefined ? undefined : checkCurrency(fields.currency)
    if (currency && !currency.ok) return fail(currency.msg)
    const accountType = fields.accountType === undefined ? undefined : checkAccountType(fields.accountType)
    if (accountType && !accountType.ok) return fail(accountType.msg)
    return ok(await queryRecords(ctx.db, userId, { ...paging, currency: launched ?? currency?.value, accountType: accountType?.value }))
  })

  app.post(ASSET_PATHS.transfer, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['amount', 'currency', 'type'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => transfer(ctx, call, fields))
  })

  app.post(ASSET_PATHS.exchangeQuote, async (request) => {
    const fields = readFields(request.body, ['from', 'to', 'amount'])
    await requireSession(ctx, request)
    return exchangeQuote(ctx, market, fields)
  })

  app.post(ASSET_PATHS.exchange, KEYED_ROUTE, async (request) => {
    const fields = readFields(request.body, ['from', 'to', 'amount'])
    const session = await requireSession(ctx, request)
    return await answerKeyed(ctx, request, session, fields, (call) => exchange(ctx, market, call, fields))
  })
}
