// A deposit (recharge) request: the user says what they sent and shows the proof (spec §5: a proof
// is required). Nothing is credited here; the record waits in 'reviewing' until an operator
// approves it (review.ts). Amounts under 1 USDT worth are refused now rather than silently never
// credited later (spec §5: "below it is not credited or refunded").
import { BigNumber } from 'bignumber.js'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import type { AppContext } from '../context.ts'
import { num, strOrNull } from '../db/rows.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkAmount } from '../ledger/amount-input.ts'
import { findRecord, insertRecord, toAssetRecord } from '../ledger/records.ts'
import type { MarketSource } from '../market/source.ts'
import { safeJpegOf } from '../uploads/proof-image.ts'
import { removeUpload, saveUpload } from '../uploads/store.ts'
import { checkCurrencyChain } from '../withdrawals/chain-input.ts'
import { depositAddressOf } from './address.ts'
import { depositMinimum } from './minimum.ts'

/** Open requests per user: each holds an image on disk until it is reviewed. */
export const MAX_PENDING_DEPOSITS = 10

export interface DepositDeps {
  market: MarketSource
  /** The deposit-address secret (address.ts). */
  secret: Buffer
}

export interface DepositFields {
  currency: string
  chain: string
  amount: string
}

const pendingCount = async (ctx: AppContext, userId: number): Promise<number> =>
  num(
    await ctx.db.get('SELECT count(*) AS n FROM asset_records WHERE user_id = ? AND trade_type = ? AND status = ?', userId, RECORD_TYPES.deposit, RECORD_STATUS.reviewing) ?? {},
    'n',
  )

/** Whether the record an answer carries is the one filed with this upload. */
async function namesUpload(ctx: AppContext, answer: BbEnvelope<AssetRecord | null>, name: string): Promise<boolean> {
  if (!answer.data) return false
  const row = await ctx.db.get('SELECT proof FROM asset_records WHERE id = ?', Number(answer.data.id))
  return row !== undefined && strOrNull(row, 'proof') === name
}

export async function requestDeposit(
  ctx: AppContext,
  deps: DepositDeps,
  call: KeyedCall,
  fields: DepositFields,
  proof: Buffer | undefined,
): Promise<BbEnvelope<AssetRecord | null>> {
  const { userId } = call
  if (!proof) return fail(SERVER_MESSAGES.uploadCredentials)
  const target = checkCurrencyChain(fields.currency, fields.chain)
  if (!target.ok) return fail(target.msg)
  const { currency, chain } = target.value
  const amount = checkAmount(fields.amount)
  if (!amount.ok) return fail(amount.msg)
  const minimum = await depositMinimum(deps.market, currency)
  if (minimum === undefined) return fail(SERVER_MESSAGES.priceUnavailable)
  if (new BigNumber(amount.value).isLessThan(minimum)) return fail(SERVER_MESSAGES.depositBelowMinimum)
  if (await pendingCount(ctx, userId) >= MAX_PENDING_DEPOSITS) return fail(SERVER_MESSAGES.tooManyPendingDeposits)

  const image = await safeJpegOf(proof)
  if (!image.ok) return fail(image.msg)
  const name = await saveUpload(ctx, image.value)
  const address = depositAddressOf(deps.secret, userId, chain)
  const now = ctx.now()
  let answer: BbEnvelope<AssetRecord | null>
  try {
    answer = await once(ctx.db, { ...call, now }, async () => {
      // Again inside the transaction: parallel requests all passed the check above.
      if (await pendingCount(ctx, userId) >= MAX_PENDING_DEPOSITS) return fail(SERVER_MESSAGES.tooManyPendingDeposits)
      const id = await insertRecord(ctx.db, {
        userId,
        accountType: ACCOUNT_TYPES.spot,
        tradeType: RECORD_TYPES.deposit,
        currency,
        amount: amount.value,
        actualArrival: '0',
        status: RECORD_STATUS.reviewing,
        what: { kind: 'deposit', params: { chain, address } },
        chain,
        address,
        proof: name,
        now,
      })
      const record = await findRecord(ctx.db, id)
      if (!record) throw new Error('deposit: the record just written is missing')
      return ok(toAssetRecord(record))
    })
  } catch (error) {
    await removeUpload(ctx, name)
    throw error
  }
  // The image stays only if this request's record names it (a replay answers an earlier record).
  // Asked of the database, not remembered from inside the transaction: on PostgreSQL the body may
  // run again after a conflict, and its second run may replay what a parallel request filed.
  if (!(await namesUpload(ctx, answer, name))) await removeUpload(ctx, name)
  return answer
}
