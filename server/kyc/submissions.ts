// The kyc_submissions table and what the owner is told about it (KycInfo). A user's state is that
// of their latest submission; the demo account, verified at seeding without one, is verified by
// users.kyc_status alone. The document number is read as its mask: only an operator's `kyc show`
// opens the sealed number (server/security/sealed-numbers.ts).
import type { Database } from '../db/database.ts'
import { type DocType, KYC_STATE, type KycInfo, type KycState, PROFILE_PATHS } from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { num, type Row, str } from '../db/rows.ts'
import { DOC_NUMBER, maskedOf } from '../security/sealed-numbers.ts'

export interface Submission {
  id: number
  userId: number
  name: string
  docType: DocType
  /** What the owner is shown: the document's first and last characters. */
  docNumberMasked: string
  /** The row as read, for the one place that may open its number (admin kyc show: revealNumber). */
  row: Row
  frontPhoto: string
  backPhoto: string
  state: KycState
  reason: string
  submittedAt: number
  reviewedAt: number | null
}

export const toSubmission = (row: Row): Submission => ({
  id: num(row, 'id'),
  userId: num(row, 'user_id'),
  name: str(row, 'name'),
  docType: num(row, 'doc_type') as DocType,
  docNumberMasked: maskedOf(row, DOC_NUMBER),
  row,
  frontPhoto: str(row, 'front_photo'),
  backPhoto: str(row, 'back_photo'),
  state: num(row, 'state') as KycState,
  reason: str(row, 'reason'),
  submittedAt: num(row, 'submitted_at'),
  reviewedAt: row.reviewed_at === null ? null : num(row, 'reviewed_at'),
})

export async function latestSubmission(db: Database, userId: number): Promise<Submission | undefined> {
  const row = await db.get('SELECT * FROM kyc_submissions WHERE user_id = ? ORDER BY id DESC LIMIT 1', userId)
  return row ? toSubmission(row) : undefined
}

export async function findSubmission(db: Database, id: number): Promise<Submission | undefined> {
  const row = await db.get('SELECT * FROM kyc_submissions WHERE id = ?', id)
  return row ? toSubmission(row) : undefined
}

const userKycStatus = async (db: Database, userId: number): Promise<number> =>
  num(await db.get('SELECT kyc_status FROM users WHERE id = ?', userId) ?? { kyc_status: 0 }, 'kyc_status')

/** The caller's verification as the app shows it (photos as owner-only URLs). */
export async function kycInfoOf(db: Database, userId: number): Promise<KycInfo> {
  const latest = await latestSubmission(db, userId)
  if (!latest) {
    const verified = await userKycStatus(db, userId) === KYC_STATUS.verified
    return { state: verified ? KYC_STATE.verified : KYC_STATE.none, submitted: null, reason: '', reviewedAt: null }
  }
  return {
    state: latest.state,
    submitted: {
      name: latest.name,
      docType: latest.docType,
      docNumberMasked: latest.docNumberMasked,
      frontUrl: `${PROFILE_PATHS.kycPhoto}?side=front`,
      backUrl: `${PROFILE_PATHS.kycPhoto}?side=back`,
      submittedAt: latest.submittedAt,
    },
    reason: latest.reason,
    reviewedAt: latest.reviewedAt,
  }
}
