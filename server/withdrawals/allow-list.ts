// The withdrawal allow-list (issue 22; contract/security.ts AllowListState). With it on, money
// leaves only for book addresses that their owner confirmed with a mailed code
// (address-confirmation.ts) and that have sat in the book for the delay: a stolen session, even
// with the fund password, then cannot send funds to an address of its own before the owner has
// had a day's mails to notice. Turning it on takes effect at once; turning it off only after the
// same delay, for the same reason, and turning it on meanwhile cancels that.
import { ALLOW_LIST_DELAY_DEFAULT_HOURS, ALLOW_LIST_DELAY_PARAM, type AllowListState } from '../../src/contract/security.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/database.ts'
import { num, numOrNull } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'

const HOUR_MS = 3_600_000

/** The delay in hours now (an operator's typo counts as the default; 0 turns the waiting off). */
export async function allowListDelayHours(db: Database): Promise<number> {
  const row = await db.get('SELECT value FROM params WHERE name = ?', ALLOW_LIST_DELAY_PARAM)
  const text = typeof row?.value === 'string' ? row.value.trim() : ''
  return /^\d{1,4}$/.test(text) ? Number(text) : ALLOW_LIST_DELAY_DEFAULT_HOURS
}

export const allowListDelayMs = async (db: Database): Promise<number> => (await allowListDelayHours(db)) * HOUR_MS

/** The list as stored: on unless it was never turned on, or an asked-for "off" has taken effect. */
function stateOf(row: Record<string, unknown> | undefined, now: number, delayHours: number): AllowListState {
  const stored = row !== undefined && num(row, 'allow_list_on') === 1
  const offAt = row ? numOrNull(row, 'allow_list_off_at') : null
  const on = stored && (offAt === null || now < offAt)
  return { on, offAt: on ? offAt : null, delayHours }
}

export async function allowListState(ctx: AppContext, userId: number): Promise<AllowListState> {
  const row = await ctx.db.get('SELECT allow_list_on, allow_list_off_at FROM users WHERE id = ?', userId)
  return stateOf(row, ctx.now(), await allowListDelayHours(ctx.db))
}

/** What a withdrawal needs to know of its book entry. */
export interface BookEntryFacts {
  confirmed: boolean
  /** When the entry was added or its address string last changed (ms; 0 for entries older than the list). */
  addressSetAt: number
}

/** The refusal of a withdrawal to this book entry under the user's allow-list, or undefined. */
export async function allowListRefusal(ctx: AppContext, userId: number, entry: BookEntryFacts): Promise<BbEnvelope<null> | undefined> {
  const state = await allowListState(ctx, userId)
  if (!state.on) return undefined
  if (!entry.confirmed) return fail(SERVER_MESSAGES.addressNotConfirmed)
  if (ctx.now() < entry.addressSetAt + state.delayHours * HOUR_MS) return fail(SERVER_MESSAGES.addressWaiting)
  return undefined
}

/** What changed, for the owner's mail and the security history. */
export interface AllowListChange {
  event: 'allowList.on' | 'allowList.offRequested'
  detail: string
}

/**
 * Turns the list on at once (cancelling an "off" still pending), or asks for "off" in the delay.
 * The caller has checked the request's proof. Each write is conditional on the state it changes,
 * so two requests at once change it once and the other is refused as already done.
 */
export async function changeAllowList(ctx: AppContext, userId: number, on: boolean): Promise<{ answer: BbEnvelope<AllowListState | null>; change?: AllowListChange }> {
  const now = ctx.now()
  const delayHours = await allowListDelayHours(ctx.db)
  if (on) {
    const before = await allowListState(ctx, userId)
    const changed = (await ctx.db.run(
      'UPDATE users SET allow_list_on = 1, allow_list_off_at = NULL WHERE id = ? AND NOT (allow_list_on = 1 AND allow_list_off_at IS NULL)',
      userId,
    )).changes
    if (changed === 0) return { answer: fail(SERVER_MESSAGES.allowListAlreadyOn) }
    const detail = before.offAt === null ? 'turned on' : 'turned on again: the pending "off" is cancelled'
    return { answer: ok({ on: true, offAt: null, delayHours }), change: { event: 'allowList.on', detail } }
  }
  const offAt = now + delayHours * HOUR_MS
  // Only a list in force with no "off" pending: one that is off, or already going off, stays so.
  const changed = (await ctx.db.run(
    'UPDATE users SET allow_list_off_at = ? WHERE id = ? AND allow_list_on = 1 AND allow_list_off_at IS NULL',
    offAt,
    userId,
  )).changes
  if (changed === 0) return { answer: fail(SERVER_MESSAGES.allowListAlreadyOff) }
  return { answer: ok({ on: true, offAt, delayHours }), change: { event: 'allowList.offRequested', detail: `turns off at ${new Date(offAt).toISOString()}` } }
}

/** Whether the list is in force now (the fund password is then needed to add an address). */
export const allowListInForce = async (ctx: AppContext, userId: number): Promise<boolean> => (await allowListState(ctx, userId)).on
