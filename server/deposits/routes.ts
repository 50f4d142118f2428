// HTTP wiring of the deposit calls (ASSET_PATHS depositAddress, deposit, depositProof). Multipart
// parsing is registered in a scope of its own, so that only the deposit route accepts uploads and
// every other route keeps refusing multipart bodies.
import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { answerKeyed, fileDigest, KEYED_ROUTE } from '../assets/idempotency.ts'
import { requireSession } from '../auth/require-session.ts'
import type { AppContext } from '../context.ts'
import { readFields } from '../http/fields.ts'
import type { MarketSource } from '../market/source.ts'
import { UPLOAD_LIMITS, readUploadForm } from '../uploads/form.ts'
import { asUpload } from '../uploads/in-flight.ts'
import { loadDepositSecret } from './address.ts'
import { depositAddress } from './deposit-address.ts'
import { sendProof } from './proof.ts'
import { type DepositDeps, requestDeposit } from './request.ts'

export async function registerDepositRoutes(app: FastifyInstance, ctx: AppContext, market: MarketSource): Promise<void> {
  const deps: DepositDeps = { market, secret: await loadDepositSecret(ctx) }

  app.post(ASSET_PATHS.depositAddress, async (request) => {
    const session = await requireSession(ctx, request)
    return depositAddress(deps, session.userId, readFields(request.body, ['currency', 'chain']))
  })

  app.get(ASSET_PATHS.depositProof, async (request, reply) => {
    const session = await requireSession(ctx, request)
    const { id } = readFields(request.query, [], ['id'])
    return sendProof(ctx, session.userId, id, reply)
  })

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS })
    // A refused upload may still be arriving: the lingering close (http/lingering-close.ts) ends it.
    scope.post(ASSET_PATHS.deposit, KEYED_ROUTE, async (request, reply) => {
      const session = await requireSession(ctx, request)
      // A user's uploads at once are limited (uploads/in-flight.ts), before the body is read.
      return await asUpload(reply, session.userId, async () => {
        const form = await readUploadForm(request, 'proof')
        const fields = readFields(form.body, ['currency', 'chain', 'amount'])
        // The same upload retried (the app timed out during the re-encode) is the same request.
        const proof = fileDigest(form.file)
        return await answerKeyed(ctx, request, session, { ...fields, proof }, (call) => requestDeposit(ctx, deps, call, fields, form.file))
      })
    })
  })
}
