// A verification submission (spec §2 /me/verify, §4). Refused at once while one is under review or
// verified ("cannot be changed once submitted"); then the fields are checked in the order the form
// shows them, the photos go through the upload pipeline (type by bytes, pixel limits, re-encoded
// without metadata), and the submission is stored with the user's move to reviewing in one
// transaction whose conditional update (kyc_status must still be 0) lets only one of two
// simultaneous submissions through. The document number is stored sealed under the data key beside
// its mask (server/security/sealed-numbers.ts), never in plain. With an idempotency key (the app
// sends one per confirmation), a resent submission answers its first answer instead of "already
// submitted".
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
import { type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { DOC_NUMBER, sealNumber } from '../security/sealed-numbers.ts'
import { safeJpegOf } from '../uploads/proof-image.ts'
import { removeUpload, saveUpload } from '../uploads/store.ts'
import { type KycForm, kycTextFields } from './form.ts'
import { kycInfoOf } from './submissions.ts'

const isLocked = (info: KycInfo): boolean => info.state === KYC_STATE.reviewing || info.state === KYC_STATE.verified

export async function submitKyc(ctx: AppContext, call: KeyedCall, form: KycForm): Promise<BbEnvelope<KycInfo | null>> {
  const { userId } = call
  if (isLocked(await kycInfoOf(ctx.db, userId))) return fail(SERVER_MESSAGES.kycLocked)
  const fields = kycTextFields(form)
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
  let answer: BbEnvelope<KycInfo | null>
  try {
    // Sealed before the transaction (it reads the key file); the plain column stays empty.
    const doc = await sealNumber(ctx.config, DOC_NUMBER, userId, docNumber)
    answer = await once(ctx.db, { ...call, now }, async () => {
      const moved = await ctx.db.run('UPDATE users SET kyc_status = ? WHERE id = ? AND kyc_status = ?', KYC_STATUS.reviewing, userId, KYC_STATUS.none)
      // Another submission got there while these photos were being re-encoded.
      if (moved.changes !== 1) return fail(SERVER_MESSAGES.kycLocked)
      await ctx.db.run(`INSERT INTO kyc_submissions (user_id, name, doc_type, doc_number, doc_number_sealed, doc_number_masked, front_photo, back_photo, state, submitted_at)
           VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?)`, userId, name, docType, doc.sealed, doc.masked, frontPhoto, backPhoto, KYC_STATE.reviewing, now)
      return ok(await kycInfoOf(ctx.db, userId))
    })
  } catch (error) {
    await removeUploads(ctx, [frontPhoto, backPhoto])
    throw error
  }
  // The photos stay only if a submission names them (a replay or a refusal filed nothing of this request's).
  // Asked of the database: on PostgreSQL the body may have run again after a conflict.
  if (!(await ctx.db.get('SELECT 1 AS named FROM kyc_submissions WHERE front_photo = ?', frontPhoto))) await removeUploads(ctx, [frontPhoto, backPhoto])
  return answer
}

const removeUploads = async (ctx: AppContext, names: readonly string[]): Promise<void> => {
  await Promise.all(names.map((name) => removeUpload(ctx, name)))
}
