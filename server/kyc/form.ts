// Reads the verification form: a few text fields and exactly two image files (front, back), each
// within the upload pipeline's size limit. Like uploads/form.ts, nothing larger than the limits is
// ever held: a declared length above them is refused before reading, a file growing past its limit
// is refused the moment it does.
import type { FastifyRequest } from 'fastify'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { fileDigest } from '../assets/idempotency.ts'
import { ApiError, badRequest } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { imageTooLarge, readFilePart, UPLOAD_LIMITS } from '../uploads/form.ts'
import { MAX_UPLOAD_BYTES } from '../uploads/image-header.ts'

const FORM_OVERHEAD_BYTES = 64 * 1024
export const KYC_FILES = ['front', 'back'] as const
export type KycSide = (typeof KYC_FILES)[number]

export const KYC_UPLOAD_LIMITS = { ...UPLOAD_LIMITS, files: 2, parts: 18 } as const

export interface KycForm {
  /** The text fields, for readFields() (for a request that is not multipart: its parsed body). */
  body: unknown
  files: Partial<Record<KycSide, Buffer>>
}

const isSide = (name: string): name is KycSide => (KYC_FILES as readonly string[]).includes(name)

const hasClientStatus = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500

const isFileTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE'

async function readParts(request: FastifyRequest): Promise<KycForm> {
  const fields: Record<string, string> = {}
  const form: KycForm = { body: fields, files: {} }
  for await (const part of request.parts({ limits: KYC_UPLOAD_LIMITS })) {
    if (part.type === 'file') {
      const bytes = await readFilePart(part.file)
      if (!isSide(part.fieldname) || form.files[part.fieldname] !== undefined) throw badRequest(SERVER_MESSAGES.invalidRequest)
      if (bytes.length > 0) form.files[part.fieldname] = bytes
      continue
    }
    if (typeof part.value !== 'string' || part.valueTruncated || Object.hasOwn(fields, part.fieldname)) {
      throw badRequest(SERVER_MESSAGES.invalidRequest)
    }
    fields[part.fieldname] = part.value
  }
  return form
}

/** The verification form; a request that is not multipart carries no photos. */
export async function readKycForm(request: FastifyRequest): Promise<KycForm> {
  if (!request.isMultipart()) return { body: request.body, files: {} }
  const declared = Number(request.headers['content-length'])
  if (declared > 2 * MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw imageTooLarge()
  try {
    return await readParts(request)
  } catch (error) {
    if (isFileTooLarge(error)) throw imageTooLarge()
    if (error instanceof ApiError || hasClientStatus(error)) throw error
    throw badRequest(SERVER_MESSAGES.invalidRequest)
  }
}

/** The form's text fields, as the submission reads them. */
export const kycTextFields = (form: KycForm) => readFields(form.body, [], ['name', 'docType', 'docNumber'])

/** What makes two submissions the same request (an idempotency key's hash): the fields and each photo's digest. */
export function kycRequestFields(form: KycForm): Record<string, string | undefined> {
  return { ...kycTextFields(form), front: fileDigest(form.files.front), back: fileDigest(form.files.back) }
}
