// The inviter's records (spec §2 /me/share-record): the users who registered with the caller's
// invitation code, newest first, with the count. Only what an inviter may know of them: the email
// masked, when they registered, and whether they verified their identity.
import type { Database } from '../db/database.ts'
import { type InviteePage, KYC_STATE, type KycState } from '../../src/contract/profile.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { num, type Row, str } from '../db/rows.ts'

/** a***@example.com: the first character of the local part, the domain kept. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  return `${String.fromCodePoint(email.codePointAt(0) ?? 42)}***${email.slice(at)}`
}

function stateOf(row: Row): KycState {
  const status = num(row, 'kyc_status')
  if (status === KYC_STATUS.verified) return KYC_STATE.verified
  if (status === KYC_STATUS.reviewing) return KYC_STATE.reviewing
  return row.last_state === KYC_STATE.rejected ? KYC_STATE.rejected : KYC_STATE.none
}

export async function inviteePage(db: Database, inviterId: number, pageNo: number, pageSize: number): Promise<InviteePage> {
  const rows = await db.all(`SELECT u.email, u.created_at, u.kyc_status,
         (SELECT k.state FROM kyc_submissions k WHERE k.user_id = u.id ORDER BY k.id DESC LIMIT 1) AS last_state
       FROM users u WHERE u.invited_by = ? ORDER BY u.id DESC LIMIT ? OFFSET ?`, inviterId, pageSize, (pageNo - 1) * pageSize)
  const sum = num(await db.get('SELECT count(*) AS n FROM users WHERE invited_by = ?', inviterId) ?? { n: 0 }, 'n')
  return {
    list: rows.map((row) => ({ emailMasked: maskEmail(str(row, 'email')), registeredAt: num(row, 'created_at'), kycState: stateOf(row) })),
    sum,
  }
}
