// A user's uploads being read and re-encoded at once are limited: each one holds up to 5 MB of body
// (10 for identity photos) and a place in the re-encoding queue, so one account sending forty at a
// time could take what everyone else needs. Beyond MAX_UPLOADS_IN_FLIGHT the next is refused at
// once, before its body is read: 429 'Please wait until your other uploads are finished' (the app
// sends one at a time; identity photos go as one request). The count is per process, as are the
// memory and the workers it protects.
import type { FastifyReply } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError } from '../http/envelope.ts'
import { ImagesBusyError } from './reencode-pool.ts'

export const MAX_UPLOADS_IN_FLIGHT = 2

const inFlight = new Map<number, number>()

/** How many of the user's uploads this process is reading or re-encoding now. */
export const uploadsInFlight = (userId: number): number => inFlight.get(userId) ?? 0

/**
 * Runs one upload request of `userId`'s (reading its form and re-encoding its images) within the
 * limit; a full re-encoding queue (ImagesBusyError) is answered 503 with its Retry-After.
 */
export async function asUpload<T>(reply: FastifyReply, userId: number, work: () => Promise<T>): Promise<T> {
  const held = inFlight.get(userId) ?? 0
  if (held >= MAX_UPLOADS_IN_FLIGHT) throw new ApiError(429, BB_FAIL, SERVER_MESSAGES.uploadsInFlight)
  inFlight.set(userId, held + 1)
  try {
    return await work()
  } catch (error) {
    if (error instanceof ImagesBusyError) void reply.header('retry-after', String(error.retryAfterSeconds))
    throw error
  } finally {
    const left = (inFlight.get(userId) ?? 1) - 1
    if (left === 0) inFlight.delete(userId)
    else inFlight.set(userId, left)
  }
}
