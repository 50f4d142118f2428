// Spec §6: some operations (withdrawals, new-coin subscriptions) need a verified identity. The
// server refuses them with SERVER_MESSAGES.kycRequired; the screens show that refusal as a toast
// and then take the user to /me/verify, where the fix is.
import { SERVER_MESSAGES } from '../contract/messages.ts'

/** True when a failed call was refused for want of a verified identity. */
export const needsVerifiedIdentity = (failure: unknown): boolean => failure instanceof Error && failure.message === SERVER_MESSAGES.kycRequired
