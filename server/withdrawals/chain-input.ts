// The currency + chain pair of deposit, withdrawal and address-book calls: a currency of the
// catalogue and one of its chains (CHAINS: USDT on TRC20 or ERC20, every other coin its own).
import type { Currency } from '../../src/contract/assets.ts'
import { CHAINS } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { badRequest } from '../http/envelope.ts'
import { type Checked, checkCurrency } from '../ledger/amount-input.ts'

export interface CurrencyChain {
  currency: Currency
  chain: string
}

export function checkCurrencyChain(currencyText: string, chainText: string): Checked<CurrencyChain> {
  const currency = checkCurrency(currencyText)
  if (!currency.ok) return currency
  const chain = CHAINS[currency.value].find((known) => known === chainText.trim().toUpperCase())
  if (!chain) return { ok: false, msg: SERVER_MESSAGES.unsupportedChain }
  return { ok: true, value: { currency: currency.value, chain } }
}

export const REMARK_MAX_LENGTH = 64

/** A user's note, trimmed: at most 64 characters, no control characters (the app never sends any). */
export function checkRemark(text: string | undefined): Checked<string> {
  const remark = (text ?? '').trim()
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(remark)) throw badRequest(SERVER_MESSAGES.invalidRequest)
  if ([...remark].length > REMARK_MAX_LENGTH) return { ok: false, msg: SERVER_MESSAGES.remarkTooLong }
  return { ok: true, value: remark }
}
