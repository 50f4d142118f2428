// Serving a verification photo back to its owner only: the caller's latest submission, by side.
// The bytes are always our own re-encoded JPEG; the headers (a deposit proof's: no sniffing, a
// sandboxing CSP, no-store) make sure nothing could run even if something else got there, and
// that no cache anywhere keeps a copy of an identity document.
import type { FastifyReply } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { PROOF_HEADERS } from '../deposits/proof.ts'
import { ApiError } from '../http/envelope.ts'
import { readUpload } from '../uploads/store.ts'
import { KYC_FILES, type KycSide } from './form.ts'
import { latestSubmission } from './submissions.ts'

export const KYC_PHOTO_HEADERS = {
  ...PROOF_HEADERS,
  'content-disposition': 'inline; filename="document.jpg"',
} as const

const notFound = (): ApiError => new ApiError(404, BB_FAIL, SERVER_MESSAGES.notFound)

export async function sendKycPhoto(ctx: AppContext, userId: number, side: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
  if (!(KYC_FILES as readonly (string | undefined)[]).includes(side)) throw notFound()
  const submission = await latestSubmission(ctx.db, userId)
  if (!submission) throw notFound()
  const name = (side as KycSide) === 'front' ? submission.frontPhoto : submission.backPhoto
  const image = await readUpload(ctx, name)
  if (!image) throw notFound()
  return reply.headers(KYC_PHOTO_HEADERS).send(image)
}
