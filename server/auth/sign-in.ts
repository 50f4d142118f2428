// The end of every sign-in, whatever proved who it was (the password alone, the password and a
// code, a passkey): the one place that opens a session, so the session list, the sign-in history
// and the new-device mail see every way in. Failed attempts are recorded here too.
import type { FastifyRequest } from 'fastify'
import type { SignInMethod, SignInResult } from '../../src/contract/security.ts'
import type { LoginResult } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { recordSignInAttempt } from '../security/account/sign-in-history.ts'
import { deviceKey, userAgentOf } from '../security/account/user-agent.ts'
import { notifyOwner, securityEvent } from '../security/events.ts'
import { createSession } from './sessions.ts'

export interface SignedInUser {
  id: number
  email: string
}

/** Notes the device as known; true when this user had never signed in from it. */
async function firstTimeFrom(ctx: AppContext, userId: number, key: string): Promise<boolean> {
  const added = await ctx.db.run('INSERT INTO known_devices (user_id, device_key, first_seen) VALUES (?, ?, ?) ON CONFLICT (user_id, device_key) DO NOTHING', userId, key, ctx.now())
  return added.changes > 0
}

/**
 * Opens a session for a user who has proved who they are; `device` is the app's device id, if sent.
 * A device this user never signed in from gets the new-device mail (with a link to the sessions
 * list) instead of the plain sign-in notice, and the event in the security history.
 */
export async function finishSignIn(ctx: AppContext, request: FastifyRequest, user: SignedInUser, method: SignInMethod, device: string | undefined): Promise<LoginResult> {
  const address = ctx.clientAddress(request)
  const userAgent = userAgentOf(request)
  const key = deviceKey(device, userAgent)
  const token = await createSession(ctx, user.id, { userAgent, address, deviceKey: key })
  await recordSignInAttempt(ctx.db, user.id, ctx.now(), { result: 'ok', method, address, userAgent })
  const facts = { account: user.email, userId: user.id, address }
  if (await firstTimeFrom(ctx, user.id, key)) {
    securityEvent(ctx, 'login.succeeded', facts)
    await notifyOwner(ctx, user.id, 'login.newDevice', { address, userAgent })
  } else {
    securityEvent(ctx, 'login.succeeded', { ...facts, userAgent }, user.email)
  }
  return { userId: String(user.id), token }
}

/**
 * Records an attempt that signed nobody in; `user` when the account exists. Only an existing
 * account's history gets the row: what someone typed for an unknown email is logged, never kept
 * under a user.
 */
export async function recordFailedSignIn(ctx: AppContext, request: FastifyRequest, account: string, user: SignedInUser | undefined, method: SignInMethod, result: Exclude<SignInResult, 'ok'>): Promise<void> {
  const address = ctx.clientAddress(request)
  securityEvent(ctx, 'login.failed', { account, userId: user?.id, address, detail: `${method}: ${result}` })
  if (user) await recordSignInAttempt(ctx.db, user.id, ctx.now(), { result, method, address, userAgent: userAgentOf(request) })
}
