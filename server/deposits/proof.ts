// Serving a deposit's proof image back to its owner. The stored file is always our own re-encoded
// JPEG, and the headers make sure that even if something else ever got there, no browser would run
// it: a fixed image type with no sniffing, a sandboxing CSP that forbids every load, and no copy
// kept by any cache, the browser's own included: it is one user's private document, and a copy in
// the HTTP cache would outlive the session (logout) on a shared phone.
import type { FastifyReply } from 'fastify'
import { RECORD_TYPES } from '../../src/contract/assets.ts'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { ApiError } from '../http/envelope.ts'
import { findRecord } from '../ledger/records.ts'
import { readUpload } from '../uploads/store.ts'

export const PROOF_HEADERS = {
  'content-type': 'image/jpeg',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'content-disposition': 'inline; filename="proof.jpg"',
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-origin',
} as const

const notFound = (): ApiError => new ApiError(404, BB_FAIL, SERVER_MESSAGES.recordNotFound)

/** Sends the proof of one of the caller's deposits; anything else (another user's too) is not found. */
export async function sendProof(ctx: AppContext, userId: number, idText: string | undefined, reply: FastifyReply): Promise<FastifyReply> {
  const id = idText && /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : undefined
  const record = id === undefined ? undefined : await findRecord(ctx.db, id, userId)
  if (!record || record.tradeType !== RECORD_TYPES.deposit || !record.proof) throw notFound()
  const image = await readUpload(ctx, record.proof)
  if (!image) throw notFound()
  return reply.headers(PROOF_HEADERS).send(image)
}
