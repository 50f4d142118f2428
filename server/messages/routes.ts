// HTTP wiring of the inbox (PROFILE_PATHS messages, unread, messageDetail, markRead).
import type { FastifyInstance } from 'fastify'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { pagingOf } from '../assets/record-query.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { badRequest, fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { inboxPage, markRead, openMessage, unreadCount } from './inbox.ts'
import { acceptedLanguages } from './languages.ts'

/** A message id as sent; anything but plain digits is a malformed request. */
function messageId(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  if (!/^[1-9]\d{0,15}$/.test(text)) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return Number(text)
}

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(PROFILE_PATHS.messages, async (request) => {
    const { userId } = await requireSession(ctx, request)
    const { pageNo, pageSize } = pagingOf(readFields(request.body, [], ['pageNo', 'pageSize']))
    return ok(await inboxPage(ctx.db, userId, pageNo, pageSize, acceptedLanguages(request.headers['accept-language'])))
  })

  app.post(PROFILE_PATHS.unread, async (request) => {
    const { userId } = await requireSession(ctx, request)
    return ok({ unread: await unreadCount(ctx.db, userId) })
  })

  app.post(PROFILE_PATHS.messageDetail, async (request) => {
    const { userId } = await requireSession(ctx, request)
    const id = messageId(readFields(request.body, ['id']).id)
    const message = id === undefined ? undefined : await openMessage(ctx.db, userId, id, acceptedLanguages(request.headers['accept-language']), ctx.now())
    return message ? ok(message) : fail(SERVER_MESSAGES.messageNotFound)
  })

  app.post(PROFILE_PATHS.markRead, async (request) => {
    const { userId } = await requireSession(ctx, request)
    const id = messageId(readFields(request.body, [], ['id']).id)
    if (!await markRead(ctx.db, userId, id, ctx.now())) return fail(SERVER_MESSAGES.messageNotFound)
    return ok({ unread: await unreadCount(ctx.db, userId) })
  })
}
