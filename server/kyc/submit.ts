// A verification submission (spec §2 /me/verify, §4). Refused at once while one is under review or
// verified ("cannot be changed once submitted"); then the fields are checked in the order the form
// shows them, the photos go through the upload pipeline (type by bytes, pixel limits, re-encoded
// without metadata), and the submission is stored with the user's move to reviewing in one
// transaction whose conditional update (kyc_status must still be 0) lets only one of two
// simultaneous submissions through.
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  isDocType,
  isValidDocNumber,
  isValidPersonName,
  KYC_STATE,
  type KycInfo,
  normalizeDocNumber,
  normalizeName,
  PERSON_NAME_MAX_LENGTH,
} from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import type { AppContext } from '../context.ts'
import { fail, ok } from '../http/envelope.ts'
import { readFields } from '../http/fields.ts'
import { safeJpegOf } from '../uploads/proof-image.ts'
import { removeUpload, saveUpload } from '../uploads/store.ts'
import type { KycForm } from './form.ts'
import { kycInfoOf } from './submissions.ts'

const isLocked = (info: KycInfo): boolean => info.state === KYC_STATE.reviewing || info.state === KYC_STATE.verified

export async function submitKyc(ctx: AppContext, userId: number, form: KycForm): Promise<BbEnvelope<KycInfo | null>> {
  if (isLocked(await kycInfoOf(ctx.db, userId))) return fail(SERVER_MESSAGES.kycLocked)
  const fields = readFields(form.body, [], ['name', 'docType', 'docNumber'])
  const name = normalizeName(fields.name ?? '')
  if (name.length > PERSON_NAME_MAX_LENGTH || !isValidPersonName(name)) return fail(SERVER_MESSAGES.kycInvalidName)
  const docType = /^[1-9]$/.test(fields.docType ?? '') ? Number(fields.docType) : 0
  if (!isDocType(docType)) return fail(SERVER_MESSAGES.kycInvalidDocType)
  const docNumber = normalizeDocNumber(fields.docNumber ?? '')
  if (!isValidDocNumber(docType, docNumber)) return fail(SERVER_MESSAGES.kycInvalidDocNumber)
  const { front, back } = form.files
  if (!front || !back) return fail(SERVER_MESSAGES.kycPhotosMissing)

  const [frontJpeg, backJpeg] = await Promise.all([safeJpegOf(front), safeJpegOf(back)])
  if (!frontJpeg.ok) return fail(frontJpeg.msg)
  if (!backJpeg.ok) return fail(backJpeg.msg)
  const frontPhoto = await saveUpload(ctx, frontJpeg.value)
  const backPhoto = await saveUpload(ctx, backJpeg.value)
  const now = ctx.now()
  const stored = await ctx.db.transaction(async () => {
    const moved = await ctx.db.run('UPDATE users SET kyc_status = ? WHERE id = ? AND kyc_status = ?', KYC_STATUS.reviewing, userId, KYC_STATUS.none)
    if (moved.changes !== 1) return false
    await ctx.db.run(`INSERT INTO kyc_submissions (user_id, name, doc_type, doc_number, front_photo, back_photo, state, submitted_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, userId, name, docType, docNumber, frontPhoto, backPhoto, KYC_STATE.reviewing, now)
    return true
  })
  if (!stored) {
    // Another submission got there while these photos were being re-encoded.
    await Promise.all([removeUpload(ctx, frontPhoto), removeUpload(ctx, backPhoto)])
    return fail(SERVER_MESSAGES.kycLocked)
  }
  return ok(await kycInfoOf(ctx.db, userId))
}
