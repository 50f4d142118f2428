import { ENTRY_TYPES } from '../../../contract/contracts.ts'
import { plainDecimal } from '../../../lib/decimal'
import type { OpenInput } from '../api'
import type { ContractRules, OpenEstimate, OpenForm } from '../logic'

/** What the confirmation restates and, once confirmed, what is sent. */
export interface OpenRequest {
  input: OpenInput
  base: string
  quote: string
  /** The estimate at the moment of review (a market entry's at the last price then). */
  estimate: OpenEstimate
}

/** The opening of a checked form: a limit entry's price, the stops that were typed, in plain notation. */
export function openRequest(form: OpenForm, rules: ContractRules, estimate: OpenEstimate): OpenRequest {
  const input: OpenInput = {
    symbol: rules.symbol,
    direction: form.direction,
    leverage: form.leverage ?? 0,
    entryType: form.entryType,
    quantity: plainDecimal(form.quantity),
  }
  if (form.entryType === ENTRY_TYPES.limit) input.price = plainDecimal(form.price)
  if (form.stopLoss) input.stopLoss = plainDecimal(form.stopLoss)
  if (form.takeProfit) input.takeProfit = plainDecimal(form.takeProfit)
  return { input, base: rules.base, quote: rules.quote, estimate }
}
