// HTTP wiring of the withdrawal calls: the limits, the request, and the address book. A change of
// the book decides where money may go, so like a withdrawal it wants a recently given login
// password (auth/step-up.ts: the withdrawal through answerKeyed, the book's changes here), and
// with two-factor codes on a code for the withdrawal and for each new destination
// (security/second-factor.ts: `code: -4`).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ASSET_PATHS, type WithdrawAddress } from '../../src/contract/assets.ts'
import { BB_OK } from '../../src/contract/envelopes.ts'
import { requireSession } from '../auth/require-session.ts'
import { requireConfirmedSession } from '../auth/step-up.ts'
import type { AppContext } from '../context.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { readFields } from '../http/fields.ts'
import { notifyOwner, type SecurityEvent } from '../security/events.ts'
import { requireSecondFactor } from '../security/second-factor.ts'
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address-book.ts'
import { withdrawConfig } from './config.ts'
import { requestWithdrawal } from './request.ts'

const describe = (entry: WithdrawAddress): string => `${entry.currency} ${entry.chain} ${entry.address}`

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(ASSET_PATHS.withdrawConfig, async (request) => {
    await requireSession(ctx, request)
    return await withdrawConfig(ctx, readFields(request.body, ['currency']).currency)
  })

  app.post(ASSET_PATHS.withdraw, KEYED_ROUTE, async (request) => {
    const session = await requireSession(ctx, request)
    const fields = readFields(request.body, ['currency', 'chain', 'address', 'amount', 'tradePassword'], ['remark'])
    // The code is asked for inside the handler (after the request's own checks): a replay of an
    // acknowledged key is answered by its stored answer without one.
    return await answerKeyed(ctx, request, session, fields, (call) =>
      requestWithdrawal(ctx, call, fields, ctx.clientAddress(request), () => requireSecondFactor(ctx, session)))
  })

  app.post(ASSET_PATHS.addressList, async (request) => {
    const session = await requireSession(ctx, request)
    return await listAddresses(ctx, session.userId, readFields(request.body, [], ['currency']).currency)
  })

  // Every change of the book is a security event: logged, and the owner is mailed (security/events.ts).
  const toldOwner = async <T extends { code: number }>(request: FastifyRequest, userId: number, event: SecurityEvent, answer: T, detail: string): Promise<T> => {
    if (answer.code === BB_OK) await notifyOwner(ctx, userId, event, { address: ctx.clientAddress(request), detail })
    return answer
  }

  app.post(ASSET_PATHS.addAddress, async (request) => {
    const session = await requireSession(ctx, request)
    await requireConfirmedSession(ctx, session)
    const fields = readFields(request.body, ['currency', 'chain', 'address'], ['remark', 'tradePassword'])
    const answer = await addAddress(ctx, session.userId, fields, () => requireSecondFactor(ctx, session))
    return await toldOwner(request, session.userId, 'address.added', answer, answer.data ? describe(answer.data) : '')
  })

  app.post(ASSET_PATHS.updateAddress, async (request) => {
    const session = await requireSession(ctx, request)
    await requireConfirmedSession(ctx, session)
    const fields = readFields(request.body, ['id'], ['address', 'remark', 'tradePassword'])
    // The code only when the address string changes (a remark is no new destination).
    const answer = await updateAddress(ctx, session.userId, fields, () => requireSecondFactor(ctx, session))
    return await toldOwner(request, session.userId, 'address.changed', answer, answer.data ? describe(answer.data) : '')
  })

  app.post(ASSET_PATHS.deleteAddress, async (request) => {
    const session = await requireSession(ctx, request)
    await requireConfirmedSession(ctx, session)
    const { id } = readFields(request.body, ['id'])
    return await toldOwner(request, session.userId, 'address.removed', await deleteAddress(ctx, session.userId, id), `address #${id}`)
  })
}
