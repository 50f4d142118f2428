// A withdrawal request (spec §5: amount, address, remark, fund password). Checked in the order a
// user can fix things: the form, the limits of the currency, the address book (and the
// allow-list's say on the entry, allow-list.ts), then the fund password; only then is the amount
// frozen, in one transaction with the record (reviewing) and the idempotency key. An operator then
// pays it out or gives it back (review.ts).
import { BigNumber } from 'bignumber.js'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import type { AppContext } from '../context.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { isIdentityVerified } from '../kyc/gate.ts'
import { checkAmount } from '../ledger/amount-input.ts'
import { freeze, InsufficientBalanceError } from '../ledger/operations.ts'
import { findRecord, insertRecord, toAssetRecord } from '../ledger/records.ts'
import { findUserById } from '../user/users.ts'
import { bookEntry } from './address-book.ts'
import { normalizeAddress } from './address-format.ts'
import { allowListRefusal } from './allow-list.ts'
import { checkCurrencyChain, checkRemark } from './chain-input.ts'
import { withdrawConfigOf } from './config.ts'
import { checkFundPassword } from './fund-password.ts'
import { securityHoldRefusal } from '../user/security-hold.ts'
import { notifyOwner } from '../security/events.ts'

export interface WithdrawFields {
  currency: string
  chain: string
  address: string
  amount: string
  tradePassword: string
  remark?: string
}

/**
 * `secondFactor`: the route's two-factor gate (security/second-factor.ts), passed once everything
 * the user can fix without a code is known to be good, so a typo or a wrong fund password does not
 * use up a code; it throws the `code: -4` answer.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  call: KeyedCall,
  fields: WithdrawFields,
  client: string,
  secondFactor: () => Promise<void>,
): Promise<BbEnvelope<AssetRecord | null>> {
  const { userId } = call
  const user = await findUserById(ctx, userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  // Spec §6: a verified identity first; the app turns this message into a way to /me/verify.
  if (!await isIdentityVerified(ctx.db, userId)) return fail(SERVER_MESSAGES.kycRequired)
  const held = await securityHoldRefusal(ctx.db, userId, ctx.now())
  if (held) return held
  if (!user.tradePasswordHash) return fail(SERVER_MESSAGES.fundPasswordNotSet)
  const target = checkCurrencyChain(fields.currency, fields.chain)
  if (!target.ok) return fail(target.msg)
  const { currency, chain } = target.value
  const amount = checkAmount(fields.amount)
  if (!amount.ok) return fail(amount.msg)
  const remark = checkRemark(fields.remark)
  if (!remark.ok) return fail(remark.msg)
  const config = await withdrawConfigOf(ctx, currency)
  if (!config) return fail(SERVER_MESSAGES.withdrawSuspended)
  const value = new BigNumber(amount.value)
  if (value.isLessThan(config.min)) return fail(SERVER_MESSAGES.amountBelowMinimum)
  if (value.isGreaterThan(config.max)) return fail(SERVER_MESSAGES.withdrawAboveMaximum)
  // min > fee is a CHECK of the table; this stays true if an operator ever relaxes that.
  if (!value.isGreaterThan(config.fee)) return fail(SERVER_MESSAGES.withdrawNotAboveFee)
  const address = normalizeAddress(chain, fields.address)
  const entry = address ? await bookEntry(ctx, userId, currency, chain, address) : undefined
  if (!address || !entry) return fail(SERVER_MESSAGES.addressNotInBook)
  // With the allow-list in force: only a confirmed entry that has waited its delay (allow-list.ts).
  const unlisted = await allowListRefusal(ctx, userId, entry)
  if (unlisted) return unlisted

  const password = await checkFundPassword(ctx, user, fields.tradePassword)
  if (password === 'limited') return fail(SERVER_MESSAGES.tooManyAttempts)
  if (password !== 'ok') return fail(SERVER_MESSAGES.passwordIncorrect)
  await secondFactor()

  const now = ctx.now()
  // Set by the run that files the request (not by a replay of the key's answer): the owner is told once.
  let filed = false
  const answer = await once(ctx.db, { ...call, now }, async () => {
    filed = false
    const memo = `withdrawal to ${chain} ${address}`
    let entryId: number
    try {
      entryId = await freeze(ctx.db, { userId, accountType: ACCOUNT_TYPES.spot, currency, amount: amount.value, memo, now })
    } catch (error) {
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
    const id = await insertRecord(ctx.db, {
      userId,
      accountType: ACCOUNT_TYPES.spot,
      tradeType: RECORD_TYPES.withdrawal,
      currency,
      amount: `-${amount.value}`,
      fee: config.fee,
      actualArrival: value.minus(config.fee).toFixed(),
      status: RECORD_STATUS.reviewing,
      remark: remark.value,
      what: { kind: 'withdrawal', params: { chain, address } },
      chain,
      address,
      entryId,
      now,
    })
    const record = await findRecord(ctx.db, id)
    if (!record) throw new Error('withdrawal: the record just written is missing')
    filed = true
    return ok(toAssetRecord(record))
  })
  if (filed) await notifyOwner(ctx, userId, 'withdrawal.requested', { address: client, detail: `${amount.value} ${currency} to ${chain} ${address}` })
  return answer
}
