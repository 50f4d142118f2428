// The join form's rules (spec §5): what a quantity costs and its checks, which mirror the server's,
// so a refusal shows under its field before anything is sent. Exact money with bignumber.js: apart
// from logic.ts so the home page's New coins, which only counts down and shows progress, loads no
// decimal library (architecture §8). Unit tested in tests/unit/launch-logic.test.ts.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { dec, isAtLeast, isDecimalString, plainDecimal, tryDec } from '../../lib/decimal'

// The spec's words (§5) and the server's (src/contract/messages.ts) as ids, so a check here and a
// refusal from the server read the same in every language.
export const JOIN_MESSAGES = {
  quantity: msg({ id: 'enter num please', message: 'Please enter the amount' }),
  tooPrecise: msg({ id: 'The quantity has too many decimal places for this coin', message: 'The quantity has too many decimal places for this coin' }),
  belowMinimum: msg({ id: 'The number of inputs is less than the minimum limit', message: 'The number of inputs is less than the minimum limit' }),
  aboveMaximum: msg({ id: 'The quantity is above the maximum per user', message: 'The quantity is above the maximum per user' }),
  insufficient: msg({ id: 'Insufficient available balance', message: 'Insufficient available balance' }),
  fundPassword: msg({ id: 'Please enter fund password', message: 'Please enter fund password' }),
}

// ── Money ──

/** What `quantity` tokens cost at `price` USDT, exact (the server freezes exactly this); null when not a number. */
export function costOf(quantity: string, price: string): string | null {
  const [amount, each] = [tryDec(quantity), tryDec(price)]
  if (amount === null || each === null || amount.isNegative()) return null
  return plainDecimal(amount.times(each))
}

/** How many more tokens this user may subscribe: the per-user maximum less what they already hold. */
export function remainingAllowance(maxPerUser: string, alreadySubscribed: string): string {
  const left = dec(maxPerUser).minus(tryDec(alreadySubscribed) ?? 0)
  return left.isNegative() ? '0' : plainDecimal(left)
}

export interface JoinTerms {
  price: string
  minPerUser: string
  maxPerUser: string
  /** What this user already subscribed in this project (several subscriptions add up). */
  subscribed: string
  /** Decimals a quantity of this coin may have. */
  precision: number
  /** Spot USDT available; null while unknown (the server checks it anyway). */
  available: string | null
}

/** The quantity's check, first failure wins: a number, its decimals, the minimum, the maximum left, the balance. */
export function validateQuantity(quantity: string, terms: JoinTerms): MessageDescriptor | null {
  const amount = isDecimalString(quantity) ? tryDec(quantity) : null
  if (amount === null || !amount.isGreaterThan(0)) return JOIN_MESSAGES.quantity
  if ((amount.decimalPlaces() ?? 0) > terms.precision) return JOIN_MESSAGES.tooPrecise
  if (!isAtLeast(quantity, terms.minPerUser)) return JOIN_MESSAGES.belowMinimum
  if (!isAtLeast(remainingAllowance(terms.maxPerUser, terms.subscribed), quantity)) return JOIN_MESSAGES.aboveMaximum
  const cost = costOf(quantity, terms.price)
  if (terms.available !== null && cost !== null && !isAtLeast(terms.available, cost)) return JOIN_MESSAGES.insufficient
  return null
}

export const validateFundPassword = (password: string): MessageDescriptor | null => (password ? null : JOIN_MESSAGES.fundPassword)
