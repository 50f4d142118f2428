// The user agent of the request being answered, for the security history and the owner's mails
// of events whose callers pass only the address (events.ts notifyOwner). Set in preHandler, after
// the body is read, so the handler and everything it awaits run inside it.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'
import { userAgentOf } from './user-agent.ts'

const agent = new AsyncLocalStorage<string>()

export function trackRequestAgent(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => agent.run(userAgentOf(request), done))
}

/** The user agent of the request this code runs for; undefined outside a request (a pass, the CLI). */
export const currentUserAgent = (): string | undefined => agent.getStore()
