// Per-currency limits of a single withdrawal (withdraw_config, migration 007), set by an operator
// in SQL; the chains come from the contract (CHAINS), since they are what the app can show.
import type { Currency, WithdrawConfig } from '../../src/contract/assets.ts'
import { CHAINS } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { AppContext } from '../context.ts'
import { num, str } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkCurrency } from '../ledger/amount-input.ts'

/** The limits of a currency whose withdrawals are open, else undefined (no row, or suspended). */
export async function withdrawConfigOf(ctx: AppContext, currency: Currency): Promise<WithdrawConfig | undefined> {
  const row = await ctx.db.get('SELECT * FROM withdraw_config WHERE currency = ?', currency)
  if (!row || num(row, 'enabled') !== 1) return undefined
  return { currency, chains: [...CHAINS[currency]], min: str(row, 'min'), max: str(row, 'max'), fee: str(row, 'fee') }
}

export async function withdrawConfig(ctx: AppContext, currencyText: string): Promise<BbEnvelope<WithdrawConfig | null>> {
  const currency = checkCurrency(currencyText)
  if (!currency.ok) return fail(currency.msg)
  const config = await withdrawConfigOf(ctx, currency.value)
  return config ? ok(config) : fail(SERVER_MESSAGES.withdrawSuspended)
}
