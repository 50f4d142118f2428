// Spec §6: "A KYC-verified identity is required for some operations" — withdrawals here, and the
// launchpad's subscriptions. The refusal's text is SERVER_MESSAGES.kycRequired, which the app
// recognizes and turns into a way to /me/verify.
import type { Database } from '../db/database.ts'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { ApiError } from '../http/envelope.ts'

export async function isIdentityVerified(db: Database, userId: number): Promise<boolean> {
  const row = await db.get('SELECT kyc_status FROM users WHERE id = ?', userId)
  return row?.kyc_status === KYC_STATUS.verified
}

/** Throws the `code: 0` answer "Please complete identity verification first" unless the user is verified. */
export async function requireVerifiedIdentity(db: Database, userId: number): Promise<void> {
  if (!await isIdentityVerified(db, userId)) throw new ApiError(200, BB_FAIL, SERVER_MESSAGES.kycRequired)
}
