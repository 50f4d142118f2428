// HTTP wiring of the withdrawal calls: the limits, the request, and the address book.
import type { FastifyInstance } from 'fastify'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { readFields } from '../http/fields.ts'
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address-book.ts'
import { withdrawConfig } from './config.ts'
import { requestWithdrawal } from './request.ts'

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(ASSET_PATHS.withdrawConfig, async (request) => {
    await requireSession(ctx, request)
    return await withdrawConfig(ctx, readFields(request.body, ['currency']).currency)
  })

  app.post(ASSET_PATHS.withdraw, KEYED_ROUTE, async (request) => {
    const session = await requireSession(ctx, request)
    const fields = readFields(request.body, ['currency', 'chain', 'address', 'amount', 'tradePassword'], ['remark'])
    return await answerKeyed(ctx.db, request, session.userId, fields, (call) => requestWithdrawal(ctx, call, fields))
  })

  app.post(ASSET_PATHS.addressList, async (request) => {
    const session = await requireSession(ctx, request)
    return await listAddresses(ctx, session.userId, readFields(request.body, [], ['currency']).currency)
  })

  app.post(ASSET_PATHS.addAddress, async (request) => {
    const session = await requireSession(ctx, request)
    return await addAddress(ctx, session.userId, readFields(request.body, ['currency', 'chain', 'address'], ['remark']))
  })

  app.post(ASSET_PATHS.updateAddress, async (request) => {
    const session = await requireSession(ctx, request)
    return await updateAddress(ctx, session.userId, readFields(request.body, ['id'], ['address', 'remark']))
  })

  app.post(ASSET_PATHS.deleteAddress, async (request) => {
    const session = await requireSession(ctx, request)
    return await deleteAddress(ctx, session.userId, readFields(request.body, ['id']).id)
  })
}
