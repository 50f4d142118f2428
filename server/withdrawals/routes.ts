// HTTP wiring of the withdrawal calls: the limits, the request, and the address book.
import type { FastifyInstance } from 'fastify'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { idempotencyKey } from '../assets/idempotency.ts'
import { readFields } from '../http/fields.ts'
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address-book.ts'
import { withdrawConfig } from './config.ts'
import { requestWithdrawal } from './request.ts'

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(ASSET_PATHS.withdrawConfig, (request) => {
    requireSession(ctx, request)
    return withdrawConfig(ctx, readFields(request.body, ['currency']).currency)
  })

  app.post(ASSET_PATHS.withdraw, (request) => {
    const session = requireSession(ctx, request)
    const key = idempotencyKey(request)
    const fields = readFields(request.body, ['currency', 'chain', 'address', 'amount', 'tradePassword'], ['remark'])
    return requestWithdrawal(ctx, session.userId, fields, key)
  })

  app.post(ASSET_PATHS.addressList, (request) => {
    const session = requireSession(ctx, request)
    return listAddresses(ctx, session.userId, readFields(request.body, [], ['currency']).currency)
  })

  app.post(ASSET_PATHS.addAddress, (request) => {
    const session = requireSession(ctx, request)
    return addAddress(ctx, session.userId, readFields(request.body, ['currency', 'chain', 'address'], ['remark']))
  })

  app.post(ASSET_PATHS.updateAddress, (request) => {
    const session = requireSession(ctx, request)
    return updateAddress(ctx, session.userId, readFields(request.body, ['id'], ['address', 'remark']))
  })

  app.post(ASSET_PATHS.deleteAddress, (request) => {
    const session = requireSession(ctx, request)
    return deleteAddress(ctx, session.userId, readFields(request.body, ['id']).id)
  })
}
