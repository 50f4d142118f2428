// Exchange (spec §2 /assert/exchange, "at the feed's price, with a stated fee, atomically") in the
// caller's spot account. The price is fetched before the transaction (the Huobi proxy is a network
// call and nothing may be awaited inside one); the move itself is one synchronous transaction
// with the idempotency claim and the record.
import { BigNumber } from 'bignumber.js'
import type { AssetRecord, ExchangeQuote } from '../../src/contract/assets.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { MIN_AMOUNT } from '../../src/contract/rules.ts'
import type { AppContext } from '../context.ts'
import { fail, ok } from '../http/envelope.ts'
import { checkAmount, checkCurrency } from '../ledger/amount-input.ts'
import { exchangeCurrencies, InsufficientBalanceError } from '../ledger/operations.ts'
import { englishInfo } from '../ledger/record-texts.ts'
import { findRecord, insertRecord, toAssetRecord } from '../ledger/records.ts'
import type { MarketSource } from '../market/source.ts'
import { exchangeFeeRate, grossOf, quoteExchange } from './exchange-quote.ts'
import { type KeyedCall, once } from './idempotency.ts'
import { usdtPrices } from './prices.ts'

export interface ExchangeFields {
  from: string
  to: string
  amount: string
}

/** Validates the fields and prices them now; a refusal is an envelope to answer as is. */
export async function priceExchange(ctx: AppContext, market: MarketSource, fields: ExchangeFields): Promise<ExchangeQuote | BbEnvelope<null>> {
  const from = checkCurrency(fields.from)
  if (!from.ok) return fail(from.msg)
  const to = checkCurrency(fields.to)
  if (!to.ok) return fail(to.msg)
  if (from.value === to.value) return fail(SERVER_MESSAGES.sameCurrency)
  const amount = checkAmount(fields.amount, { min: MIN_AMOUNT })
  if (!amount.ok) return fail(amount.msg)
  const prices = await usdtPrices(market)
  const [priceFrom, priceTo] = [prices?.get(from.value), prices?.get(to.value)]
  if (!priceFrom || !priceTo) return fail(SERVER_MESSAGES.priceUnavailable)
  const quote = quoteExchange({ from: from.value, to: to.value, amount: amount.value }, priceFrom, priceTo, await exchangeFeeRate(ctx.db))
  if (!new BigNumber(quote.receive).isGreaterThan(0)) return fail(SERVER_MESSAGES.exchangeTooSmall)
  return quote
}

const isQuote = (value: ExchangeQuote | BbEnvelope<null>): value is ExchangeQuote => 'receive' in value

export async function exchangeQuote(ctx: AppContext, market: MarketSource, fields: ExchangeFields): Promise<BbEnvelope<ExchangeQuote | null>> {
  const quote = await priceExchange(ctx, market, fields)
  return isQuote(quote) ? ok(quote) : quote
}

export async function exchange(
  ctx: AppContext,
  market: MarketSource,
  call: KeyedCall,
  fields: ExchangeFields,
): Promise<BbEnvelope<AssetRecord | null>> {
  const { userId } = call
  const quote = await priceExchange(ctx, market, fields)
  if (!isQuote(quote)) return quote
  const now = ctx.now()
  const accountType = ACCOUNT_TYPES.spot
  const what = { kind: 'exchange', params: { from: quote.from, to: quote.to, rate: quote.rate, fee: quote.fee, feeRate: quote.feeRate } } as const
  const info = englishInfo(what)
  return await once(ctx.db, { ...call, now }, async () => {
    let entryId: number
    try {
      entryId = await exchangeCurrencies(ctx.db, {
        userId,
        accountType,
        from: quote.from,
        to: quote.to,
        amount: quote.amount,
        gross: grossOf(quote),
        fee: quote.fee,
        memo: info,
        now,
      })
    } catch (error) {
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
    const recordId = await insertRecord(ctx.db, {
      userId,
      accountType,
      tradeType: RECORD_TYPES.exchange,
      currency: quote.from,
      amount: `-${quote.amount}`,
      fee: quote.fee,
      actualArrival: quote.receive,
      arrivalCurrency: quote.to,
      status: RECORD_STATUS.finished,
      what,
      entryId,
      now,
    })
    const record = await findRecord(ctx.db, recordId)
    if (!record) throw new Error('exchange: the record just written is missing')
    return ok(toAssetRecord(record))
  })
}
