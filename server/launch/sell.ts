// A sale back to the launchpad pool at the listing price (spec §1: a 10 % fee, 2.5 % burned and
// 7.5 % to stakers; spec §4 SELLED). The figures are src/contract/launch.ts saleQuote's, the same
// rule the app shows before confirming. One transaction with the idempotency key: the sold
// quantity moves on conditionally (`WHERE sold = ?`), one ledger entry, one asset record.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import {
  burnRate,
  LAUNCH_SALE_FEE_DEFAULT,
  LAUNCH_SALE_FEE_PARAM,
  type LaunchSale,
  type LaunchSaleTerms,
  saleQuote,
} from '../../src/contract/launch.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import type { AppContext } from '../context.ts'
import { fail, ok, sessionRequired } from '../http/envelope.ts'
import { sellTokens } from '../ledger/launch-operations.ts'
import { InsufficientBalanceError } from '../ledger/postings.ts'
import { insertRecord } from '../ledger/records.ts'
import { rateParam } from '../params/rate.ts'
import { checkFundPassword } from '../withdrawals/fund-password.ts'
import { findUserById } from '../user/users.ts'
import { decimalsOf } from './logic.ts'
import { findProject, projectIdOf } from './projects.ts'
import { findSubscription, sellableOf, toWireSubscription } from './subscriptions.ts'
import { checkQuantity } from './quantity.ts'

export async function saleTerms(db: Database): Promise<LaunchSaleTerms> {
  const feeRate = await rateParam(db, LAUNCH_SALE_FEE_PARAM, LAUNCH_SALE_FEE_DEFAULT)
  return { feeRate, burnRate: burnRate(feeRate) ?? '0' }
}

export interface SellFields {
  id: string
  quantity: string
  tradePassword: string
}

export async function sell(ctx: AppContext, call: KeyedCall, fields: SellFields): Promise<BbEnvelope<LaunchSale | null>> {
  const { userId } = call
  const user = await findUserById(ctx, userId)
  if (!user) throw sessionRequired(SERVER_MESSAGES.sessionExpired)
  const subscriptionId = projectIdOf(fields.id)
  const subscription = subscriptionId === undefined ? undefined : await findSubscription(ctx.db, subscriptionId, userId)
  if (!subscription) return fail(SERVER_MESSAGES.launchSubscriptionNotFound)
  const quantity = checkQuantity(fields.quantity)
  if (!quantity.ok) return fail(quantity.msg)
  const project = await findProject(ctx.db, subscription.projectId)
  if (!project) return fail(SERVER_MESSAGES.launchSubscriptionNotFound)
  if (decimalsOf(quantity.value) > project.precision) return fail(SERVER_MESSAGES.launchTooPrecise)
  // What is sellable is checked in the transaction only: a retry with its key must replay, not be
  // refused by its own first success.
  if (!user.tradePasswordHash) return fail(SERVER_MESSAGES.fundPasswordNotSet)
  const password = await checkFundPassword(ctx, user, fields.tradePassword)
  if (password === 'limited') return fail(SERVER_MESSAGES.tooManyAttempts)
  if (password !== 'ok') return fail(SERVER_MESSAGES.passwordIncorrect)

  return await once(ctx.db, { ...call, now: ctx.now() }, async () => {
    const now = ctx.now()
    // Re-read under the write lock: the password check awaited.
    const current = await findSubscription(ctx.db, subscription.id, userId)
    if (!current) return fail(SERVER_MESSAGES.launchSubscriptionNotFound)
    const sellable = sellableOf(current)
    if (sellable === '0') return fail(SERVER_MESSAGES.launchNotSellable)
    if (new BigNumber(quantity.value).isGreaterThan(sellable)) return fail(SERVER_MESSAGES.launchSellTooMuch)
    const quote = saleQuote(quantity.value, project.price, (await saleTerms(ctx.db)).feeRate)
    if (!quote) throw new Error('launch: a checked sale has no quote')
    const sold = new BigNumber(current.sold).plus(quote.quantity).toFixed()
    const proceeds = new BigNumber(current.proceeds).plus(quote.net).toFixed()
    const fee = new BigNumber(current.fee).plus(quote.fee).toFixed()
    let entryId: number
    try {
      entryId = await sellTokens(ctx.db, {
        userId,
        symbol: project.symbol,
        tokens: quote.quantity,
        gross: quote.gross,
        burn: quote.burn,
        stakers: quote.stakers,
        net: quote.net,
        memo: `launch sale ${project.symbol} #${current.id}`,
        now,
      })
    } catch (error) {
      // The entry is a savepoint: refused, nothing of it remains and nothing else was written yet.
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
    const moved = await ctx.db.run('UPDATE launch_subscriptions SET sold = ?, proceeds = ?, fee = ? WHERE id = ? AND sold = ? AND unlocked = 1', sold, proceeds, fee, current.id, current.sold)
    if (moved.changes !== 1) throw new Error('launch: the subscription changed during the sale')
    await insertRecord(ctx.db, {
      userId,
      accountType: ACCOUNT_TYPES.spot,
      tradeType: RECORD_TYPES.launch,
      currency: project.symbol,
      amount: `-${quote.quantity}`,
      fee: quote.fee,
      actualArrival: quote.net,
      arrivalCurrency: 'USDT',
      status: RECORD_STATUS.finished,
      what: { kind: 'launchSold', params: { quantity: quote.quantity, symbol: project.symbol, price: project.price, burn: quote.burn, stakers: quote.stakers } },
      entryId,
      now,
    })
    const after = await findSubscription(ctx.db, current.id)
    if (!after) throw new Error('launch: the subscription just sold is missing')
    return ok({ ...quote, subscription: toWireSubscription(after, project, now) })
  })
}
