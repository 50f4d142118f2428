// The withdrawal address book (spec §3: address, optional remark; for USDT the remark names the
// chain). A withdrawal may only go to an address saved here, so the book is where an address is
// checked (format and checksum), and where a user sees exactly where their money can go.
import type { WithdrawAddress } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { num, type Row, str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkCurrency } from '../ledger/amount-input.ts'
import { normalizeAddress } from './address-format.ts'
import { checkCurrencyChain, checkRemark } from './chain-input.ts'
import { securityHoldRefusal } from '../user/security-hold.ts'

/** Enough for every chain several times over; bounds what one account can store. */
export const MAX_ADDRESSES_PER_USER = 50

const toAddress = (row: Row): WithdrawAddress => ({
  id: String(num(row, 'id')),
  currency: str(row, 'currency'),
  chain: str(row, 'chain'),
  address: str(row, 'address'),
  remark: str(row, 'remark'),
})

/** Ids are row ids; anything else is simply not one of the caller's addresses. */
const rowId = (text: string): number | undefined => (/^[1-9]\d{0,14}$/.test(text.trim()) ? Number(text.trim()) : undefined)

async function ownAddress(ctx: AppContext, userId: number, idText: string): Promise<WithdrawAddress | undefined> {
  const id = rowId(idText)
  const row = id === undefined ? undefined : await ctx.db.get('SELECT * FROM withdraw_addresses WHERE id = ? AND user_id = ?', id, userId)
  return row ? toAddress(row) : undefined
}

/** Another entry of the user's with this address (the UNIQUE constraint backs this up). */
const duplicateOf = async (ctx: AppContext, userId: number, entry: { currency: string; chain: string; address: string }, exceptId = 0): Promise<boolean> =>
  await ctx.db.get('SELECT 1 FROM withdraw_addresses WHERE user_id = ? AND currency = ? AND chain = ? AND address = ? AND id <> ?', userId, entry.currency, entry.chain, entry.address, exceptId) !== undefined

export async function listAddresses(ctx: AppContext, userId: number, currencyText: string | undefined): Promise<BbEnvelope<WithdrawAddress[] | null>> {
  if (currencyText === undefined) {
    return ok((await ctx.db.all('SELECT * FROM withdraw_addresses WHERE user_id = ? ORDER BY id', userId)).map(toAddress))
  }
  const currency = checkCurrency(currencyText)
  if (!currency.ok) return fail(currency.msg)
  const rows = await ctx.db.all('SELECT * FROM withdraw_addresses WHERE user_id = ? AND currency = ? ORDER BY id', userId, currency.value)
  return ok(rows.map(toAddress))
}

export interface NewAddressFields {
  currency: string
  chain: string
  address: string
  remark?: string
}

export async function addAddress(ctx: AppContext, userId: number, fields: NewAddressFields): Promise<BbEnvelope<WithdrawAddress | null>> {
  const held = await securityHoldRefusal(ctx.db, userId, ctx.now())
  if (held) return held
  const target = checkCurrencyChain(fields.currency, fields.chain)
  if (!target.ok) return fail(target.msg)
  const address = normalizeAddress(target.value.chain, fields.address)
  if (!address) return fail(SERVER_MESSAGES.invalidAddress)
  const remark = checkRemark(fields.remark)
  if (!remark.ok) return fail(remark.msg)
  const entry = { ...target.value, address }
  return await ctx.db.transaction(async () => {
    if (await duplicateOf(ctx, userId, entry)) return fail(SERVER_MESSAGES.addressDuplicate)
    const count = num(await ctx.db.get('SELECT count(*) AS n FROM withdraw_addresses WHERE user_id = ?', userId) ?? {}, 'n')
    if (count >= MAX_ADDRESSES_PER_USER) return fail(SERVER_MESSAGES.addressBookFull)
    const id = await ctx.db.insert('INSERT INTO withdraw_addresses (user_id, currency, chain, address, remark, created_at) VALUES (?, ?, ?, ?, ?, ?)', userId, entry.currency, entry.chain, address, remark.value, ctx.now())
    return ok({ id: String(id), ...entry, remark: remark.value })
  })
}

export interface UpdateAddressFields {
  id: string
  /** Absent: unchanged. */
  address?: string
  /** Absent or empty: cleared (the app leaves empty fields out, spec §5). */
  remark?: string
}

export async function updateAddress(ctx: AppContext, userId: number, fields: UpdateAddressFields): Promise<BbEnvelope<WithdrawAddress | null>> {
  const held = await securityHoldRefusal(ctx.db, userId, ctx.now())
  if (held) return held
  const current = await ownAddress(ctx, userId, fields.id)
  if (!current) return fail(SERVER_MESSAGES.addressNotFound)
  const address = fields.address === undefined ? current.address : normalizeAddress(current.chain, fields.address)
  if (!address) return fail(SERVER_MESSAGES.invalidAddress)
  const remark = checkRemark(fields.remark)
  if (!remark.ok) return fail(remark.msg)
  return await ctx.db.transaction(async () => {
    if (await duplicateOf(ctx, userId, { ...current, address }, Number(current.id))) return fail(SERVER_MESSAGES.addressDuplicate)
    const updated = (await ctx.db.run('UPDATE withdraw_addresses SET address = ?, remark = ? WHERE id = ? AND user_id = ?', address, remark.value, Number(current.id), userId)).changes
    // Deleted by a parallel request between the read above and this transaction.
    return updated === 1 ? ok({ ...current, address, remark: remark.value }) : fail(SERVER_MESSAGES.addressNotFound)
  })
}

export async function deleteAddress(ctx: AppContext, userId: number, idText: string): Promise<BbEnvelope<null>> {
  const id = rowId(idText)
  const deleted = id === undefined ? 0 : (await ctx.db.run('DELETE FROM withdraw_addresses WHERE id = ? AND user_id = ?', id, userId)).changes
  return deleted === 1 ? ok(null) : fail(SERVER_MESSAGES.addressNotFound)
}

/** Whether the (normalized) address is in the user's book for that currency and chain. */
export async function isInBook(ctx: AppContext, userId: number, currency: string, chain: string, address: string): Promise<boolean> {
  const row = await ctx.db.get('SELECT 1 FROM withdraw_addresses WHERE user_id = ? AND currency = ? AND chain = ? AND address = ?', userId, currency, chain, address)
  return row !== undefined
}
