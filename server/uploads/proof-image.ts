// An uploaded image made safe to keep and to show: its type decided by its bytes, its size checked
// from its header, then re-encoded (in a worker) into a fresh JPEG that holds only its pixels.
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { Checked } from '../ledger/amount-input.ts'
import { readImageHeader, withinPixelLimits, withinWebpLimit } from './image-header.ts'
import { reencodeInWorker } from './reencode-pool.ts'

/**
 * `square`: crop to the centred square and scale to that many pixels a side (avatars). Throws
 * ImagesBusyError (503) when the re-encoding queue is full.
 */
export async function safeJpegOf(bytes: Buffer, square?: number): Promise<Checked<Buffer>> {
  const header = readImageHeader(bytes)
  if (!header) return { ok: false, msg: SERVER_MESSAGES.imageType }
  if (!withinPixelLimits(header)) return { ok: false, msg: SERVER_MESSAGES.imageTooManyPixels }
  if (!withinWebpLimit(header)) return { ok: false, msg: SERVER_MESSAGES.imageWebpTooManyPixels }
  const reencoded = await reencodeInWorker(bytes, header, square)
  return reencoded ? { ok: true, value: reencoded.jpeg } : { ok: false, msg: SERVER_MESSAGES.imageUnreadable }
}
