// HTTP wiring of the passkey calls (contract/security.ts SECURITY_PATHS): adding, listing and
// removing the signed-in user's passkeys, and signing in with one (no session).
import type { FastifyInstance } from 'fastify'
import { SERVER_MESSAGES } from '../../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../../src/contract/security.ts'
import { requireSession } from '../../auth/require-session.ts'
import type { AppContext } from '../../context.ts'
import { fail, ok } from '../../http/envelope.ts'
import { readFields } from '../../http/fields.ts'
import { notifyOwner } from '../events.ts'
import { requireSecurityProof } from '../second-factor.ts'
import { passkeyName, registerPasskey, registrationOptions } from './registration.ts'
import { readResponseField } from './response-json.ts'
import { signInOptions, signInWithPasskey } from './sign-in.ts'
import { deletePasskey, findUsersPasskey, listPasskeys } from './store.ts'

export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SECURITY_PATHS.passkeyRegisterOptions, async (request) => {
    const session = await requireSession(ctx, request)
    return await registrationOptions(ctx, request, session.userId)
  })

  app.post(SECURITY_PATHS.passkeyRegister, async (request) => {
    const session = await requireSession(ctx, request)
    const fields = { ...readFields(request.body, ['challengeId'], ['name']), response: readResponseField(request.body) }
    const name = passkeyName(fields.name)
    if (name === undefined) return fail(SERVER_MESSAGES.passkeyNameInvalid)
    // The gate comes before the challenge is taken: the app answers -3/-4 with a dialog and sends
    // the same challenge and response again, which must still be good.
    await requireSecurityProof(ctx, session)
    return await registerPasskey(ctx, request, session.userId, fields, name)
  })

  app.post(SECURITY_PATHS.passkeyList, async (request) => {
    const session = await requireSession(ctx, request)
    return ok(await listPasskeys(ctx.db, session.userId))
  })

  app.post(SECURITY_PATHS.passkeyRemove, async (request) => {
    const session = await requireSession(ctx, request)
    const { id } = readFields(request.body, ['id'])
    // Not the caller's (another user's, or gone): refused before the gate spends a confirmation.
    const passkey = await findUsersPasskey(ctx.db, session.userId, id)
    if (!passkey) return fail(SERVER_MESSAGES.passkeyNotFound)
    await requireSecurityProof(ctx, session)
    if (!(await deletePasskey(ctx.db, session.userId, passkey.id))) return fail(SERVER_MESSAGES.passkeyNotFound)
    await notifyOwner(ctx, session.userId, 'passkey.removed', { address: ctx.clientAddress(request), detail: passkey.name })
    return ok(null)
  })

  app.post(SECURITY_PATHS.passkeyLoginOptions, (request) => signInOptions(ctx, request))

  app.post(SECURITY_PATHS.passkeyLogin, (request) => {
    const fields = { ...readFields(request.body, ['challengeId'], ['device']), response: readResponseField(request.body) }
    return signInWithPasskey(ctx, request, fields)
  })
}
