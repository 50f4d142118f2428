// The 6-digit code that confirms a withdrawal address (issue 22's allow-list): mailed when an
// address is added to the book or its address string changes, typed back by the owner
// (address-confirmation.ts). Only a hash is stored, bound to the user and the exact address, so a
// code mailed for one address can never confirm another (an entry changed since, say).
import { createHash, randomInt } from 'node:crypto'
import type { AppContext } from '../context.ts'
import { addressCodeMail } from '../mail/templates.ts'

export const ADDRESS_CODE_TTL_HOURS = 24
export const ADDRESS_CODE_TTL_MS = ADDRESS_CODE_TTL_HOURS * 3_600_000
/** One new code a minute per address: the mailbox is not a channel to flood. */
export const ADDRESS_CODE_RESEND_MS = 60_000
/** Wrong guesses that burn a code (a new one is mailed on request); the account's limits apply too. */
export const MAX_WRONG_ADDRESS_GUESSES = 5

/** Which address a code confirms. */
export interface CodeTarget {
  userId: number
  currency: string
  chain: string
  address: string
}

export const addressCodeDigest = (target: CodeTarget, code: string): string =>
  createHash('sha256').update(`withdraw-address\n${target.userId}\n${target.currency}\n${target.chain}\n${target.address}\n${code}`).digest('hex')

/** A fresh code and the values of the entry's code columns (code_hash, code_sent_at, code_expires_at). */
export function newAddressCode(target: CodeTarget, now: number): { code: string; hash: string; sentAt: number; expiresAt: number } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  return { code, hash: addressCodeDigest(target, code), sentAt: now, expiresAt: now + ADDRESS_CODE_TTL_MS }
}

/** Mails the code (after the transaction that stored its hash has committed). */
export function mailAddressCode(ctx: AppContext, email: string, target: CodeTarget, code: string): void {
  ctx.mailer.send(addressCodeMail(email, code, target, ADDRESS_CODE_TTL_HOURS))
}
