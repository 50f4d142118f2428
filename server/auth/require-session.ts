// The guard of every call that needs a logged-in user. The token comes in the access-token header
// (spec §7); the body's `token` field is accepted when the header is absent, as /user/info sends it.
import type { FastifyRequest } from 'fastify'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { sessionRequired } from '../http/envelope.ts'
import { MAX_FIELD_LENGTH } from '../http/fields.ts'
import { touchSession } from './sessions.ts'

export interface Session {
  userId: number
  tokenHash: string
  /** When the user last gave the login password in this session (ms; auth/step-up.ts). */
  confirmedAt: number
  /** When the user last typed the login password in this session (ms): only that, not a money call. */
  passwordAt: number
}

/** The session token a request carries, or undefined. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER]
  const fromHeader = typeof header === 'string' ? header.trim() : undefined
  if (fromHeader) return fromHeader
  const body = request.body
  if (typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string') {
    return body.token.trim() || undefined
  }
  return undefined
}

/** The caller's session, or throws the `code: -2` answer. */
export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<Session> {
  const token = requestToken(request)
  if (!token) throw sessionRequired(SERVER_MESSAGES.pleaseLogin)
  if (token.length > MAX_FIELD_LENGTH) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  const session = await touchSession(ctx, token)
  if (session === 'expired') throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  return session
}
