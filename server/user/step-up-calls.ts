// POST /bb/user/confirmPassword: the login password again, for a session whose money and security
// calls answer `code: -3` (auth/step-up.ts). A right password confirms this session only (not the
// user's other devices); a wrong one counts on the login limits exactly like a failed login, so a
// stolen token is no way around them.
import type { FastifyRequest } from 'fastify'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import type { ConfirmPasswordPayload } from '../../src/contract/user.ts'
import { requireSession } from '../auth/require-session.ts'
import { markConfirmed } from '../auth/step-up.ts'
import type { AppContext } from '../context.ts'
import { ok } from '../http/envelope.ts'
import { confirmPassword, refusal } from './passwords.ts'

export async function confirmSessionPassword(ctx: AppContext, request: FastifyRequest, payload: ConfirmPasswordPayload): Promise<BbEnvelope<null>> {
  const session = await requireSession(ctx, request)
  const user = await confirmPassword(ctx, request, session, payload.password)
  if (typeof user === 'string') return refusal(user)
  await markConfirmed(ctx, session)
  return ok(null)
}
