// HTTP wiring of the profile calls (PROFILE_PATHS uploadIcon, avatarImage, invitees, bankCard,
// setBankCard) and of identity verification (kycStatus, kycSubmit, kycPhoto). Multipart parsing is
// registered in a scope of its own, so only the two upload routes accept multipart bodies.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { answerKeyed, KEYED_ROUTE } from '../assets/idempotency.ts'
import { pagingOf } from '../assets/record-query.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { kycRequestFields, readKycForm } from '../kyc/form.ts'
import { sendKycPhoto } from '../kyc/photo.ts'
import { submitKyc } from '../kyc/submit.ts'
import { kycInfoOf } from '../kyc/submissions.ts'
import { UPLOAD_LIMITS, readUploadForm } from '../uploads/form.ts'
import { asUpload } from '../uploads/in-flight.ts'
import { changeAvatar, sendAvatar } from './avatar.ts'
import { collectionAccountOf, setCollectionAccount } from './collection-account.ts'
import { inviteePage } from './invitees.ts'

export async function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(`${PROFILE_PATHS.avatarImage}:name`, (request, reply) => {
    const { name } = request.params as { name: string }
    return sendAvatar(ctx, name, reply)
  })

  app.post(PROFILE_PATHS.kycStatus, async (request) => ok(await kycInfoOf(ctx.db, (await requireSession(ctx, request)).userId)))

  app.get(PROFILE_PATHS.kycPhoto, async (request, reply) => {
    const { userId } = await requireSession(ctx, request)
    const { side } = readFields(request.query, [], ['side'])
    return sendKycPhoto(ctx, userId, side, reply)
  })

  app.post(PROFILE_PATHS.invitees, async (request) => {
    const { userId } = await requireSession(ctx, request)
    const { pageNo, pageSize } = pagingOf(readFields(request.body, [], ['pageNo', 'pageSize']))
    return ok(await inviteePage(ctx.db, userId, pageNo, pageSize))
  })

  app.post(PROFILE_PATHS.bankCard, async (request) => ok(await collectionAccountOf(ctx.db, (await requireSession(ctx, request)).userId)))

  app.post(PROFILE_PATHS.setBankCard, KEYED_ROUTE, async (request) => {
    const session = await requireSession(ctx, request)
    const fields = readFields(request.body, [], ['bankName', 'cardName', 'cardNumber', 'tradePassword'])
    return await answerKeyed(ctx, request, session, fields, (call) => setCollectionAccount(ctx, call, fields))
  })

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS })
    // A refused upload may still be arriving: the lingering close (http/lingering-close.ts) ends it.
    // A user's uploads at once are limited (uploads/in-flight.ts), before the body is read.
    scope.post(PROFILE_PATHS.uploadIcon, async (request, reply) => {
      const { userId } = await requireSession(ctx, request)
      return await asUpload(reply, userId, async () => await changeAvatar(ctx, userId, (await readUploadForm(request, 'icon')).file))
    })
    scope.post(PROFILE_PATHS.kycSubmit, KEYED_ROUTE, async (request, reply) => {
      const session = await requireSession(ctx, request)
      return await asUpload(reply, session.userId, async () => {
        const form = await readKycForm(request)
        return await answerKeyed(ctx, request, session, kycRequestFields(form), (call) => submitKyc(ctx, call, form))
      })
    })
  })
}
