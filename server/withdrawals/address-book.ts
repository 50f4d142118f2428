// The withdrawal address book (spec §3: address, optional remark; for USDT the remark names the
// chain). A withdrawal may only go to an address saved here, so the book is where an address is
// checked (format and checksum), and where a user sees exactly where their money can go.
// An entry added, or given a new address string, is unconfirmed until its owner types the code
// mailed to them (address-code.ts); with the allow-list on (allow-list.ts) only confirmed entries
// that have waited the delay can be withdrawn to, and adding one needs the fund password too.
// Both changes of where money may go pass the second factor (`gate`, the route's) once their input
// is known to be good, so a typo does not use up a confirmed code.
import type { WithdrawAddress } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { TRADE_PASSWORD_PATTERN } from '../../src/contract/rules.ts'
import type { AppContext } from '../context.ts'
import { num, type Row, str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkCurrency } from '../ledger/amount-input.ts'
import { normalizeAddress } from './address-format.ts'
import { checkCurrencyChain, checkRemark } from './chain-input.ts'
import { securityHoldRefusal } from '../user/security-hold.ts'
import { findUserById } from '../user/users.ts'
import { mailAddressCode, newAddressCode } from './address-code.ts'
import { allowListDelayMs, allowListInForce, type BookEntryFacts } from './allow-list.ts'
import { checkFundPassword } from './fund-password.ts'

/** Enough for every chain several times over; bounds what one account can store. */
export const MAX_ADDRESSES_PER_USER = 50

/** `delayMs`: the allow-list's delay now (allow-list.ts), which makes usableAt. */
const toAddress = (row: Row, delayMs: number): WithdrawAddress => ({
  id: String(num(row, 'id')),
  currency: str(row, 'currency'),
  chain: str(row, 'chain'),
  address: str(row, 'address'),
  remark: str(row, 'remark'),
  confirmed: num(row, 'confirmed') === 1,
  usableAt: num(row, 'address_set_at') + delayMs,
})

/** The second factor of a change of where money may go: throws the `code: -4` answer (the route's). */
export type AddressGate = () => Promise<void>

/** Ids are row ids; anything else is simply not one of the caller's addresses. */
const rowId = (text: string): number | undefined => (/^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : undefined)

export async function ownAddress(ctx: AppContext, userId: number, idText: string): Promise<WithdrawAddress | undefined> {
  const id = rowId(idText)
  const row = id === undefined ? undefined : await ctx.db.get('SELECT * FROM withdraw_addresses WHERE id = ? AND user_id = ?', id, userId)
  return row ? toAddress(row, await allowListDelayMs(ctx.db)) : undefined
}

/** Another entry of the user's with this address (the UNIQUE constraint backs this up). */
const duplicateOf = async (ctx: AppContext, userId: number, entry: { currency: string; chain: string; address: string }, exceptId = 0): Promise<boolean> =>
  await ctx.db.get('SELECT 1 FROM withdraw_addresses WHERE user_id = ? AND currency = ? AND chain = ? AND address = ? AND id <> ?', userId, entry.currency, entry.chain, entry.address, exceptId) !== undefined

export async function listAddresses(ctx: AppContext, userId: number, currencyText: string | undefined): Promise<BbEnvelope<WithdrawAddress[] | null>> {
  const delayMs = await allowListDelayMs(ctx.db)
  if (currencyText === undefined) {
    return ok((await ctx.db.all('SELECT * FROM withdraw_addresses WHERE user_id = ? ORDER BY id', userId)).map((row) => toAddress(row, delayMs)))
  }
  const currency = checkCurrency(currencyText)
  if (!currency.ok) return fail(currency.msg)
  const rows = await ctx.db.all('SELECT * FROM withdraw_addresses WHERE user_id = ? AND currency = ? ORDER BY id', userId, currency.value)
  return ok(rows.map((row) => toAddress(row, delayMs)))
}

export interface NewAddressFields {
  currency: string
  chain: string
  address: string
  remark?: string
  /** The fund password: needed while the allow-list is in force (allow-list.ts). */
  tradePassword?: string
}

/**
 * With the allow-list in force, a new destination for money needs the fund password (its guesses
 * count like a withdrawal's, fund-password.ts); the refusal, or undefined when it may go on.
 */
async function fundPasswordRefusal(ctx: AppContext, userId: number, password: string | undefined): Promise<BbEnvelope<null> | undefined> {
  if (!await allowListInForce(ctx, userId)) return undefined
  const user = await findUserById(ctx, userId)
  if (!user?.tradePasswordHash) return fail(SERVER_MESSAGES.fundPasswordNotSet)
  // Missing or not even six digits: not a guess, nothing to count.
  if (password === undefined || !TRADE_PASSWORD_PATTERN.test(password)) return fail(SERVER_MESSAGES.tradePasswordRule)
  const check = await checkFundPassword(ctx, user, password)
  if (check === 'limited') return fail(SERVER_MESSAGES.tooManyAttempts)
  return check === 'ok' ? undefined : fail(SERVER_MESSAGES.passwordIncorrect)
}

/** Mails the code of an entry just written unconfirmed (after its transaction committed). */
async function mailCode(ctx: AppContext, userId: number, entry: { currency: string; chain: string; address: string }, code: string): Promise<void> {
  const user = await findUserById(ctx, userId)
  if (user) mailAddressCode(ctx, user.email, { userId, ...entry }, code)
}

export async function addAddress(ctx: AppContext, userId: number, fields: NewAddressFields, gate: AddressGate): Promise<BbEnvelope<WithdrawAddress | null>> {
  const held = await securityHoldRefusal(ctx.db, userId, ctx.now())
  if (held) return held
  const target = checkCurrencyChain(fields.currency, fields.chain)
  if (!target.ok) return fail(target.msg)
  const address = normalizeAddress(target.value.chain, fields.address)
  if (!address) return fail(SERVER_MESSAGES.invalidAddress)
  const remark = checkRemark(fields.remark)
  if (!remark.ok) return fail(remark.msg)
  const entry = { ...target.value, address }
  // Refusals that need no secret come before the ones that use one up.
  if (await duplicateOf(ctx, userId, entry)) return fail(SERVER_MESSAGES.addressDuplicate)
  const refused = await fundPasswordRefusal(ctx, userId, fields.tradePassword)
  if (refused) return refused
  await gate()
  const now = ctx.now()
  const issued = newAddressCode({ userId, ...entry }, now)
  const answer = await ctx.db.transaction(async (): Promise<BbEnvelope<WithdrawAddress | null>> => {
    if (await duplicateOf(ctx, userId, entry)) return fail(SERVER_MESSAGES.addressDuplicate)
    const count = num(await ctx.db.get('SELECT count(*) AS n FROM withdraw_addresses WHERE user_id = ?', userId) ?? {}, 'n')
    if (count >= MAX_ADDRESSES_PER_USER) return fail(SERVER_MESSAGES.addressBookFull)
    const id = await ctx.db.insert(
      `INSERT INTO withdraw_addresses (user_id, currency, chain, address, remark, created_at, confirmed, address_set_at, code_hash, code_sent_at, code_expires_at, code_failures)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0)`,
      userId, entry.currency, entry.chain, address, remark.value, now, now, issued.hash, issued.sentAt, issued.expiresAt,
    )
    return ok({ id: String(id), ...entry, remark: remark.value, confirmed: false, usableAt: now + await allowListDelayMs(ctx.db) })
  })
  if (answer.data) await mailCode(ctx, userId, entry, issued.code)
  return answer
}

export interface UpdateAddressFields {
  id: string
  /** Absent: unchanged. */
  address?: string
  /** Absent or empty: cleared (the app leaves empty fields out, spec §5). */
  remark?: string
  /** The fund password: needed to change the address string while the allow-list is in force. */
  tradePassword?: string
}

/**
 * A new address string is a new destination: unconfirmed again, waiting again, a new code mailed,
 * and the same proofs as adding one. A remark alone changes nothing of that.
 */
export async function updateAddress(ctx: AppContext, userId: number, fields: UpdateAddressFields, gate: AddressGate): Promise<BbEnvelope<WithdrawAddress | null>> {
  const held = await securityHoldRefusal(ctx.db, userId, ctx.now())
  if (held) return held
  const current = await ownAddress(ctx, userId, fields.id)
  if (!current) return fail(SERVER_MESSAGES.addressNotFound)
  const address = fields.address === undefined ? current.address : normalizeAddress(current.chain, fields.address)
  if (!address) return fail(SERVER_MESSAGES.invalidAddress)
  const remark = checkRemark(fields.remark)
  if (!remark.ok) return fail(remark.msg)
  const moved = address !== current.address
  if (moved) {
    if (await duplicateOf(ctx, userId, { ...current, address }, Number(current.id))) return fail(SERVER_MESSAGES.addressDuplicate)
    const refused = await fundPasswordRefusal(ctx, userId, fields.tradePassword)
    if (refused) return refused
    await gate()
  }
  const now = ctx.now()
  const issued = moved ? newAddressCode({ userId, ...current, address }, now) : undefined
  const answer = await ctx.db.transaction(async (): Promise<BbEnvelope<WithdrawAddress | null>> => {
    if (await duplicateOf(ctx, userId, { ...current, address }, Number(current.id))) return fail(SERVER_MESSAGES.addressDuplicate)
    // The address it had when read: a parallel change of it in between must not keep its confirmation.
    const updated = issued
      ? (await ctx.db.run(
        `UPDATE withdraw_addresses SET address = ?, remark = ?, confirmed = 0, address_set_at = ?, code_hash = ?, code_sent_at = ?, code_expires_at = ?, code_failures = 0
         WHERE id = ? AND user_id = ? AND address = ?`,
        address, remark.value, now, issued.hash, issued.sentAt, issued.expiresAt, Number(current.id), userId, current.address,
      )).changes
      : (await ctx.db.run('UPDATE withdraw_addresses SET remark = ? WHERE id = ? AND user_id = ? AND address = ?', remark.value, Number(current.id), userId, current.address)).changes
    // Deleted (or its address changed) by a parallel request between the read above and this transaction.
    if (updated !== 1) return fail(SERVER_MESSAGES.addressNotFound)
    return ok(issued ? { ...current, address, remark: remark.value, confirmed: false, usableAt: now + await allowListDelayMs(ctx.db) } : { ...current, remark: remark.value })
  })
  if (issued && answer.data) await mailCode(ctx, userId, { ...current, address }, issued.code)
  return answer
}

export async function deleteAddress(ctx: AppContext, userId: number, idText: string): Promise<BbEnvelope<null>> {
  const id = rowId(idText)
  const deleted = id === undefined ? 0 : (await ctx.db.run('DELETE FROM withdraw_addresses WHERE id = ? AND user_id = ?', id, userId)).changes
  return deleted === 1 ? ok(null) : fail(SERVER_MESSAGES.addressNotFound)
}

/** The user's book entry of the (normalized) address for that currency and chain, or undefined. */
export async function bookEntry(ctx: AppContext, userId: number, currency: string, chain: string, address: string): Promise<BookEntryFacts | undefined> {
  const row = await ctx.db.get('SELECT confirmed, address_set_at FROM withdraw_addresses WHERE user_id = ? AND currency = ? AND chain = ? AND address = ?', userId, currency, chain, address)
  return row ? { confirmed: num(row, 'confirmed') === 1, addressSetAt: num(row, 'address_set_at') } : undefined
}
