// Spec §6: "A KYC-verified identity is required for some operations" — withdrawals here, and the
// launchpad's subscriptions. The refusal's text is SERVER_MESSAGES.kycRequired, which the app
// recognizes and turns into a way to /me/verify.
import type { DatabaseSync } from 'node:sqlite'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { KYC_STATUS } from '../../src/contract/user.ts'
import { statement } from '../db/statements.ts'
import { ApiError } from '../http/envelope.ts'

export function isIdentityVerified(db: DatabaseSync, userId: number): boolean {
  const row = statement(db, 'SELECT kyc_status FROM users WHERE id = ?').get(userId)
  return row?.kyc_status === KYC_STATUS.verified
}

/** Throws the `code: 0` answer "Please complete identity verification first" unless the user is verified. */
export function requireVerifiedIdentity(db: DatabaseSync, userId: number): void {
  if (!isIdentityVerified(db, userId)) throw new ApiError(200, BB_FAIL, SERVER_MESSAGES.kycRequired)
}
