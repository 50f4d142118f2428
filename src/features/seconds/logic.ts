// Pure rules of the seconds-contract screen (spec §3, §4, §5, §9): the order form's state, what an
// order costs and may pay, the countdown on the server's clock and the paging of the lists.
// Unit tested in tests/unit/seconds-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SecondsConfig } from '../../contract/seconds.ts'
import { SECONDS_DEFAULTS } from '../../contract/seconds.ts'
import { dec, isAtLeast, tryDec } from '../../lib/decimal'
import { coinText, inputAmount } from '../../lib/format'
import { validateOpenAmount } from '../../lib/validate'

// ── The order form (spec §3 derived state, §4 config selection, §9 defaults) ──
export interface SecondsForm {
  feeRate: string
  profitRate: string
  /** The chosen duration in seconds; null until a config has loaded. */
  positionTime: number | null
  minLimit: string
  openAmount: string
  decimal: number
}

export const initialForm = (): SecondsForm => ({ ...SECONDS_DEFAULTS, positionTime: null })

/** Spec §4: choosing a duration sets its profit rate and minimum and resets the amount to that minimum. */
export const selectDuration = (form: SecondsForm, config: SecondsConfig): SecondsForm => ({
  ...form,
  positionTime: config.second,
  profitRate: config.incomeRate,
  minLimit: config.openAmountMin,
  openAmount: config.openAmountMin,
})

/**
 * Spec §4: when the config loads and none is chosen, the first entry is selected like a tap would,
 * amount reset to its minimum (the default of 1 sat below every minimum, so the first Up always
 * failed). A reload keeps a chosen duration that is still offered, with its fresh rate and minimum
 * and the amount typed; one the operator withdrew falls back to the first, selected anew, so no
 * order names a gone duration.
 */
export function applyConfig(form: SecondsForm, configs: readonly SecondsConfig[]): SecondsForm {
  const kept = configs.find((config) => config.second === form.positionTime)
  if (kept) return { ...form, profitRate: kept.incomeRate, minLimit: kept.openAmountMin }
  const first = configs[0]
  return first ? selectDuration(form, first) : { ...form, positionTime: null }
}

/** Spec §9: the fee rate defaults to 0; a parameter that is not a rate (≥ 0) counts as 0 too. */
export const withFeeRate = (form: SecondsForm, value: unknown): SecondsForm => {
  const rate = tryDec(value)
  return { ...form, feeRate: rate !== null && !rate.isNegative() ? rate.toFixed() : SECONDS_DEFAULTS.feeRate }
}

// ── What an order costs and may pay ──
export interface OrderQuote {
  fee: string
  /** What a win adds on top of the amount. */
  profit: string
  /** Spec: the potential payout, amount × (1 + rate). */
  payout: string
  /** What leaves the available balance at opening: amount + fee. */
  cost: string
}

export function quoteOrder(amount: string, profitRate: string, feeRate: string): OrderQuote {
  const value = dec(amount)
  const fee = value.times(feeRate)
  const profit = value.times(profitRate)
  return { fee: fee.toFixed(), profit: profit.toFixed(), payout: value.plus(profit).toFixed(), cost: value.plus(fee).toFixed() }
}

const INSUFFICIENT = msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' })

/** The refusal below a duration's minimum, naming it, so the trader knows what to type. */
const belowMinimum = (minimum: string, quote: string): MessageDescriptor =>
  msg`The minimum for this duration is ${minimum} ${quote}`

/**
 * Spec §5: c_enteropenamt when empty or below 0.00001; below the duration's minimum a refusal
 * that names it (the spec's u_limit_min_low did not); then the amount and its fee must fit the
 * available balance once that is known.
 */
export function checkOpenAmount(form: SecondsForm, available: string | null, quote = 'USDT'): MessageDescriptor | null {
  const refused = validateOpenAmount(form.openAmount, form.minLimit)
  if (refused?.id === 'u_limit_min_low') return belowMinimum(coin(form.minLimit), quote)
  if (refused || available === null || tryDec(available) === null) return refused
  return isAtLeast(available, quoteOrder(form.openAmount, form.profitRate, form.feeRate).cost) ? null : INSUFFICIENT
}

/** "Max": what the balance allows once the fee is taken too, cut to 8 decimals. */
export function maxOpenAmount(available: string, feeRate: string): string {
  const max = dec(available).dividedBy(dec(1).plus(feeRate))
  return inputAmount(max) || '0'
}

// ── Figures for people (truncated, spec §9) ──
/** Up to 8 decimals, cut, without trailing zeros ('8.50000000' → '8.5'); '--' when not a number. */
export function coin(value: unknown): string {
  return coinText(tryDec(value))
}

/** A signed profit: '+8.5', '-10', '0'. */
export const signedCoin = (value: unknown): string => (tryDec(value)?.isGreaterThan(0) ? `+${coin(value)}` : coin(value))

/** A rate as a percent ('0.85' → '85%'). */
export const ratePercent = (rate: unknown): string => `${coin(tryDec(rate)?.times(100) ?? null)}%`

export type Trend = 'up' | 'down' | 'flat'
export const trendOf = (value: unknown): Trend => {
  const sign = tryDec(value)?.comparedTo(0) ?? 0
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat'
}

// ── The countdown on the server's clock ──
/** How far the server's clock is ahead of this device's: serverTime − Date.now() at the answer. */
export const clockOffset = (serverTime: unknown, receivedAt: number): number =>
  typeof serverTime === 'number' && Number.isFinite(serverTime) ? serverTime - receivedAt : 0

/** ms until settlement: settleTime − (now + offset), never below 0. */
export const remainingMs = (settleTime: number, offset: number, now: number): number => Math.max(0, settleTime - (now + offset))

/** mm:ss, rounded up, so 0:00 shows only when the order is actually due. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

// ── Paging (spec §4): lifted into lib/paging, which the spot lists share ──
export { mergeOrderPage } from '../../lib/paging'
