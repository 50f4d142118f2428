// An uploaded image made safe to keep and to show: its type decided by its bytes, its size checked
// from its header, then re-encoded (in a worker) into a fresh JPEG that holds only its pixels.
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { Checked } from '../ledger/amount-input.ts'
import { readImageHeader, withinPixelLimits } from './image-header.ts'
import { reencodeInWorker } from './reencode-pool.ts'

/** `square`: crop to the centred square and scale to that many pixels a side (avatars). */
export async function safeJpegOf(bytes: Buffer, square?: number): Promise<Checked<Buffer>> {
  const header = readImageHeader(bytes)
  if (!header) return { ok: false, msg: SERVER_MESSAGES.imageType }
  if (!withinPixelLimits(header)) return { ok: false, msg: SERVER_MESSAGES.imageTooManyPixels }
  const reencoded = await reencodeInWorker(bytes, header.type, square)
  return reencoded ? { ok: true, value: reencoded.jpeg } : { ok: false, msg: SERVER_MESSAGES.imageUnreadable }
}
