// Where to send a deposit (spec §2 recharge: QR code and copy of the address), with the minimum
// that is credited and the confirmations the deposit waits for (spec §9).
import type { DepositAddress } from '../../src/contract/assets.ts'
import { CONFIRMATIONS } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkCurrencyChain } from '../withdrawals/chain-input.ts'
import { depositAddressOf } from './address.ts'
import { depositMinimum } from './minimum.ts'
import type { DepositDeps } from './request.ts'

export async function depositAddress(
  deps: DepositDeps,
  userId: number,
  fields: { currency: string; chain: string },
): Promise<BbEnvelope<DepositAddress | null>> {
  const target = checkCurrencyChain(fields.currency, fields.chain)
  if (!target.ok) return fail(target.msg)
  const { currency, chain } = target.value
  const minimum = await depositMinimum(deps.market, currency)
  if (minimum === undefined) return fail(SERVER_MESSAGES.priceUnavailable)
  return ok({ currency, chain, address: depositAddressOf(deps.secret, userId, chain), minimum, confirmations: CONFIRMATIONS })
}
