// HTTP wiring of the allow-list (allow-list.ts) and of confirming book addresses
// (address-confirmation.ts): SECURITY_PATHS setAllowList, confirmAddress, resendAddressCode.
import type { FastifyInstance } from 'fastify'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../src/contract/security.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { fail } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { notifyOwner } from '../security/events.ts'
import { requireSecondFactor, requireSecurityProof } from '../security/second-factor.ts'
import { confirmAddress, resendAddressCode } from './address-confirmation.ts'
import { allowListState, changeAllowList } from './allow-list.ts'

export function registerAllowListRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SECURITY_PATHS.setAllowList, async (request) => {
    const session = await requireSession(ctx, request)
    const { on } = readFields(request.body, ['on'])
    if (on !== '1' && on !== '0') return fail(SERVER_MESSAGES.invalidRequest)
    // Asking for what already is changes nothing, so it is answered without asking for a proof.
    const state = await allowListState(ctx, session.userId)
    if (on === '1' && state.on && state.offAt === null) return fail(SERVER_MESSAGES.allowListAlreadyOn)
    if (on === '0' && (!state.on || state.offAt !== null)) return fail(SERVER_MESSAGES.allowListAlreadyOff)
    // Both ways a change of the account's security; "off" also lets money go anywhere again, so it
    // needs the second factor like a withdrawal (one code passes both gates in one request).
    if (on === '0') await requireSecondFactor(ctx, session)
    await requireSecurityProof(ctx, session)
    const { answer, change } = await changeAllowList(ctx, session.userId, on === '1')
    if (change) await notifyOwner(ctx, session.userId, change.event, { address: ctx.clientAddress(request), detail: change.detail })
    return answer
  })

  app.post(SECURITY_PATHS.confirmAddress, async (request) => {
    const session = await requireSession(ctx, request)
    const { id, code } = readFields(request.body, ['id', 'code'])
    const client = ctx.clientAddress(request)
    const { answer, confirmed } = await confirmAddress(ctx, session.userId, id, code, client)
    if (confirmed && answer.data) {
      const { currency, chain, address } = answer.data
      await notifyOwner(ctx, session.userId, 'address.confirmed', { address: client, detail: `${currency} ${chain} ${address}` })
    }
    return answer
  })

  app.post(SECURITY_PATHS.resendAddressCode, async (request) => {
    const session = await requireSession(ctx, request)
    return await resendAddressCode(ctx, session.userId, readFields(request.body, ['id']).id)
  })
}
