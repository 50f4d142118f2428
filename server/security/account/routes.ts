// HTTP wiring of the account's own security page (contract/security.ts SECURITY_PATHS): the
// overview, the sessions list and ending sessions, the two histories and the anti-phishing code.
// Every change goes through requireSecurityProof (the second factor, or a fresh password) after
// its input was checked, so a refused request spends no confirmation, and is recorded and mailed.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SERVER_MESSAGES } from '../../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../../src/contract/security.ts'
import { requireSession } from '../../auth/require-session.ts'
import type { AppContext } from '../../context.ts'
import { badRequest, fail, ok } from '../../http/envelope.ts'
import { readFields } from '../../http/fields.ts'
import { notifyOwner } from '../events.ts'
import { requireSecurityProof } from '../second-factor.ts'
import { maskAntiPhishing, normalizeAntiPhishing, setAntiPhishingCode } from './anti-phishing.ts'
import { securityOverview } from './overview.ts'
import { trackRequestAgent } from './request-agent.ts'
import { securityHistory } from './security-history.ts'
import { endOtherSessions, endSession, listSessions, sessionTarget } from './sessions-list.ts'
import { signInAttempts } from './sign-in-history.ts'

/** The anti-phishing code field: required to be present ('' clears), so a body without it changes nothing. */
function antiPhishingField(body: unknown): string {
  const fields = readFields(body, [], ['code'])
  const present = typeof body === 'object' && body !== null && Object.hasOwn(body, 'code')
  if (!present) throw badRequest(SERVER_MESSAGES.missingField)
  return fields.code ?? ''
}

export function registerAccountSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  trackRequestAgent(app)
  const client = (request: FastifyRequest) => ctx.clientAddress(request)

  app.post(SECURITY_PATHS.overview, async (request) => {
    const { userId } = await requireSession(ctx, request)
    return ok(await securityOverview(ctx, userId))
  })

  app.post(SECURITY_PATHS.sessions, async (request) => {
    const session = await requireSession(ctx, request)
    return ok(await listSessions(ctx, session))
  })

  app.post(SECURITY_PATHS.revokeSession, async (request) => {
    const session = await requireSession(ctx, request)
    const { id } = readFields(request.body, ['id'])
    // Another user's session, an ended one and garbage all answer alike: nothing tells them apart.
    const target = await sessionTarget(ctx, session, id.trim())
    if (target.kind === 'none') return fail(SERVER_MESSAGES.sessionNotFound)
    if (target.kind === 'current') return fail(SERVER_MESSAGES.sessionIsCurrent)
    await requireSecurityProof(ctx, session)
    if (!(await endSession(ctx, session, id.trim()))) return fail(SERVER_MESSAGES.sessionNotFound)
    await notifyOwner(ctx, session.userId, 'session.revoked', { address: client(request), detail: target.device })
    return ok(null)
  })

  app.post(SECURITY_PATHS.revokeOtherSessions, async (request) => {
    const session = await requireSession(ctx, request)
    await requireSecurityProof(ctx, session)
    const devices = await endOtherSessions(ctx, session)
    // The detail names the devices, in no language: the app shows it as it is.
    const named = [...new Set(devices.filter(Boolean))].join('; ')
    if (devices.length > 0) await notifyOwner(ctx, session.userId, 'session.revoked', { address: client(request), detail: named })
    return ok({ revoked: devices.length })
  })

  app.post(SECURITY_PATHS.signIns, async (request) => {
    const { userId } = await requireSession(ctx, request)
    return ok(await signInAttempts(ctx.db, userId))
  })

  app.post(SECURITY_PATHS.history, async (request) => {
    const { userId } = await requireSession(ctx, request)
    return ok(await securityHistory(ctx.db, userId))
  })

  app.post(SECURITY_PATHS.setAntiPhishing, async (request) => {
    const session = await requireSession(ctx, request)
    const code = normalizeAntiPhishing(antiPhishingField(request.body))
    if (code === undefined) return fail(SERVER_MESSAGES.antiPhishingRule)
    await requireSecurityProof(ctx, session)
    await setAntiPhishingCode(ctx.db, session.userId, code)
    // Mailed after the change, so the notice already carries the new code at its top.
    // The detail is the new code masked ('' when cleared): the history never holds the code itself.
    await notifyOwner(ctx, session.userId, 'antiPhishing.changed', { address: client(request), detail: maskAntiPhishing(code) })
    return ok(null)
  })
}
