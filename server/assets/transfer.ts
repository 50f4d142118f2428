// Transfer between the caller's spot and contract accounts (spec §3 transfer payload, §4: code 1
// on success). Two records, one per account (transfer out, transfer in), one ledger entry; the
// answer carries the record of the account the money left.
import type { AssetRecord, TransferType } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, accountHolds, RECORD_STATUS, RECORD_TYPES, TRANSFER_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { MIN_AMOUNT } from '../../src/contract/rules.ts'
import type { AppContext } from '../context.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkAmount, checkCurrency } from '../ledger/amount-input.ts'
import { InsufficientBalanceError, transferBetweenAccounts } from '../ledger/operations.ts'
import { findRecord, insertRecord, toAssetRecord } from '../ledger/records.ts'
import { type KeyedCall, once } from './idempotency.ts'

export interface TransferFields {
  amount: string
  currency: string
  type: string
}

const DIRECTIONS = {
  [String(TRANSFER_TYPES.spotToContract)]: { from: ACCOUNT_TYPES.spot, to: ACCOUNT_TYPES.contract },
  [String(TRANSFER_TYPES.contractToSpot)]: { from: ACCOUNT_TYPES.contract, to: ACCOUNT_TYPES.spot },
} as const satisfies Record<string, object>

export async function transfer(ctx: AppContext, call: KeyedCall, fields: TransferFields): Promise<BbEnvelope<AssetRecord | null>> {
  const { userId } = call
  const direction = Object.hasOwn(DIRECTIONS, fields.type) ? DIRECTIONS[fields.type as `${TransferType}`] : undefined
  if (!direction) return fail(SERVER_MESSAGES.invalidTransferType)
  const currency = checkCurrency(fields.currency)
  if (!currency.ok) return fail(currency.msg)
  // Only into an account that holds the coin; out of one, anything (a coin moved in before the
  // contract account held USDT alone can always go back to spot).
  if (!accountHolds(direction.to, currency.value)) return fail(SERVER_MESSAGES.contractHoldsUsdtOnly)
  const amount = checkAmount(fields.amount, { min: MIN_AMOUNT })
  if (!amount.ok) return fail(amount.msg)

  const now = ctx.now()
  return await once(ctx.db, { ...call, now }, async () => {
    let entryId: number
    try {
      entryId = await transferBetweenAccounts(ctx.db, { userId, currency: currency.value, amount: amount.value, ...direction, memo: '', now })
    } catch (error) {
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
    const common = { userId, currency: currency.value, actualArrival: amount.value, status: RECORD_STATUS.finished, entryId, now }
    const outId = await insertRecord(ctx.db, { ...common, accountType: direction.from, tradeType: RECORD_TYPES.transferOut, amount: `-${amount.value}` })
    await insertRecord(ctx.db, { ...common, accountType: direction.to, tradeType: RECORD_TYPES.transferIn, amount: amount.value })
    const record = await findRecord(ctx.db, outId)
    if (!record) throw new Error('transfer: the record just written is missing')
    return ok(toAssetRecord(record))
  })
}
