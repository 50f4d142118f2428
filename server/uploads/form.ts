// Reads a multipart form with one image file (the deposit proof) without ever holding more than
// MAX_UPLOAD_BYTES of it: a declared length above the limit is refused before reading, and a file
// that grows past it while streaming is refused the moment it does (busboy's fileSize limit).
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError, badRequest } from '../http/envelope.ts'
import { MAX_FIELD_LENGTH } from '../http/fields.ts'
import { MAX_UPLOAD_BYTES } from './image-header.ts'

/** The form's own fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** Options for @fastify/multipart: one file, a few short fields. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 16,
  fieldSize: MAX_FIELD_LENGTH,
  parts: 17,
  headerPairs: 20,
} as const

export const imageTooLarge = (): ApiError => new ApiError(413, BB_FAIL, SERVER_MESSAGES.imageTooLarge)

export interface UploadForm {
  /** The text fields, for readFields() (for a request that is not multipart: its parsed body). */
  body: unknown
  /** The file's bytes; undefined when no (non-empty) file came. */
  file: Buffer | undefined
}

const hasClientStatus = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500

const isFileTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE'

/**
 * A file part's bytes, refused with imageTooLarge as soon as busboy says it passed the limit. The
 * plugin's own part.toBuffer() refuses it only when the part ends, that is after the client has
 * sent all of it (50 MB of a 10× photo), or never if the client keeps sending; this answers at once
 * and leaves the rest to the lingering close (server/http/lingering-close.ts).
 */
export function readFilePart(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk)
    }
    file.on('data', onData)
    file.once('limit', () => {
      file.off('data', onData)
      chunks.length = 0
      reject(imageTooLarge())
    })
    file.once('end', () => (file.truncated === true ? reject(imageTooLarge()) : resolve(Buffer.concat(chunks))))
    file.once('error', reject)
  })
}

async function readParts(request: FastifyRequest, fileField: string): Promise<UploadForm> {
  const fields: Record<string, string> = {}
  let file: Buffer | undefined
  for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
    if (part.type === 'file') {
      // Read even a part we refuse, so the parser can move on to report the refusal cleanly.
      const bytes = await readFilePart(part.file)
      if (part.fieldname !== fileField || file !== undefined) throw badRequest(SERVER_MESSAGES.invalidRequest)
      file = bytes.length > 0 ? bytes : undefined
      continue
    }
    if (typeof part.value !== 'string' || part.valueTruncated || Object.hasOwn(fields, part.fieldname)) {
      throw badRequest(SERVER_MESSAGES.invalidRequest)
    }
    fields[part.fieldname] = part.value
  }
  return { body: fields, file }
}

/** The form of a multipart request; any other body is passed on as fields without a file. */
export async function readUploadForm(request: FastifyRequest, fileField: string): Promise<UploadForm> {
  if (!request.isMultipart()) return { body: request.body, file: undefined }
  const declared = Number(request.headers['content-length'])
  if (declared > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw imageTooLarge()
  try {
    return await readParts(request, fileField)
  } catch (error) {
    // Of busboy's limits, the file size is the one a user can fix.
    if (isFileTooLarge(error)) throw imageTooLarge()
    if (error instanceof ApiError || hasClientStatus(error)) throw error
    // busboy's own parse errors (no boundary, a form cut short) carry no status: the body is malformed.
    throw badRequest(SERVER_MESSAGES.invalidRequest)
  }
}
