// What a client may send as an amount, currency or account type, checked once here for every
// money call. A refusal is a business answer (HTTP 200, code 0, a message the app translates),
// because a person typed it; only a body of the wrong shape is a 400 (http/fields.ts).
import { BigNumber } from 'bignumber.js'
import type { AccountTypeId, Currency } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, CURRENCIES } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'
import { DECIMALS } from './amount.ts'

/** Far above any real balance here, and far below where a decimal string stops being sane. */
export const MAX_AMOUNT = new BigNumber('1e12')

export type Checked<T> = { ok: true; value: T } | { ok: false; msg: ServerMessage }

const refuse = (msg: ServerMessage): { ok: false; msg: ServerMessage } => ({ ok: false, msg })

// Digits, optionally a point and more digits: no sign, no exponent, no spaces, no "1." or ".5".
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/

export interface AmountRules {
  /** The smallest amount accepted (e.g. MIN_AMOUNT of src/contract/rules.ts); else any > 0. */
  min?: string
}

/** A positive plain decimal of at most 8 decimals, within [min, MAX_AMOUNT); answers it normalized. */
export function checkAmount(text: string, rules: AmountRules = {}): Checked<string> {
  if (!PLAIN_DECIMAL.test(text)) return refuse(SERVER_MESSAGES.invalidAmount)
  const value = new BigNumber(text)
  if (!value.isGreaterThan(0)) return refuse(SERVER_MESSAGES.amountNotPositive)
  if ((value.decimalPlaces() ?? Infinity) > DECIMALS) return refuse(SERVER_MESSAGES.amountTooPrecise)
  if (rules.min !== undefined && value.isLessThan(rules.min)) return refuse(SERVER_MESSAGES.amountBelowMinimum)
  if (!value.isLessThan(MAX_AMOUNT)) return refuse(SERVER_MESSAGES.amountTooLarge)
  return { ok: true, value: value.toFixed() }
}

const KNOWN: ReadonlySet<string> = new Set(CURRENCIES)

/** One of CURRENCIES, accepted in any case (the app sends them as shown, upper-case). */
export function checkCurrency(text: string): Checked<Currency> {
  const upper = text.trim().toUpperCase()
  return KNOWN.has(upper) ? { ok: true, value: upper as Currency } : refuse(SERVER_MESSAGES.unknownCurrency)
}

/** '1' spot or '2' contract, exactly. */
export function checkAccountType(text: string): Checked<AccountTypeId> {
  if (text === String(ACCOUNT_TYPES.spot)) return { ok: true, value: ACCOUNT_TYPES.spot }
  if (text === String(ACCOUNT_TYPES.contract)) return { ok: true, value: ACCOUNT_TYPES.contract }
  return refuse(SERVER_MESSAGES.invalidAccountType)
}
