// createOrder (spec §3 order payload, §4 order creation): validate, take the opening price from the
// feed at this instant, then in ONE transaction with the idempotency claim: the fee to 'fees' and
// the stake frozen in the contract account (one ledger entry), the order row, and the user's asset
// record. The price is awaited before the transaction (the proxy feed is a network call and
// nothing may be awaited inside one).
import { BigNumber } from 'bignumber.js'
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { ACCOUNT_TYPES, RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { SecondsOrder } from '../../src/contract/seconds.ts'
import { TRADE_TYPES } from '../../src/contract/seconds.ts'
import type { AppContext } from '../context.ts'
import { type KeyedCall, once } from '../assets/idempotency.ts'
import { fail, ok } from '../http/envelope.ts'
import { plain, truncate } from '../ledger/amount.ts'
import { InsufficientBalanceError, openSecondsOrder } from '../ledger/operations.ts'
import { insertRecord } from '../ledger/records.ts'
import { secondsFeeRate } from './config.ts'
import { checkOrder, type OrderFields } from './order-input.ts'
import { attachRecord, findOrder, insertOrder, toWireOrder } from './orders.ts'
import { openingPrice, type SecondsPrices } from './prices.ts'

const direction = (tradeType: number): 'up' | 'down' => (tradeType === TRADE_TYPES.up ? 'up' : 'down')

export async function createOrder(
  ctx: AppContext,
  prices: SecondsPrices,
  call: KeyedCall,
  fields: OrderFields,
): Promise<BbEnvelope<SecondsOrder | null>> {
  const { userId } = call
  const checked = await checkOrder(ctx.db, ctx.config.secondsExtraDuration, fields)
  if (!checked.ok) return fail(checked.msg)
  const { pair, tradeType, duration, openAmount } = checked.value
  const now = ctx.now()
  const openPrice = await openingPrice(prices, pair.symbol, now)
  if (openPrice === undefined) return fail(SERVER_MESSAGES.priceUnavailable)

  return await once(ctx.db, { ...call, now }, async () => {
    const fee = plain(truncate(new BigNumber(openAmount).times(await secondsFeeRate(ctx.db))))
    const terms = `${pair.base}/${pair.quote} ${direction(tradeType)} ${duration.second}s`
    const move = { userId, accountType: ACCOUNT_TYPES.contract, currency: pair.quote, amount: openAmount, now }
    let entryId: number
    try {
      entryId = await openSecondsOrder(ctx.db, { ...move, fee, memo: `seconds order: ${terms}` })
    } catch (error) {
      if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
      throw error
    }
    const orderId = await insertOrder(ctx.db, {
      userId,
      baseCoin: pair.base,
      quoteCoin: pair.quote,
      tradeType,
      openAmount,
      fee,
      positionTime: duration.second,
      incomeRate: duration.incomeRate,
      openTime: now,
      openPrice,
      openEntryId: entryId,
    })
    // 'reviewing' while the order is open; settle.ts moves it to finished with what came back.
    const recordId = await insertRecord(ctx.db, {
      ...move,
      tradeType: RECORD_TYPES.contract,
      amount: `-${openAmount}`,
      fee,
      actualArrival: '0',
      status: RECORD_STATUS.reviewing,
      what: { kind: 'secondsOrder', params: { orderId: String(orderId), symbol: `${pair.base}/${pair.quote}`, direction: direction(tradeType), seconds: String(duration.second), price: openPrice } },
      entryId,
    })
    await attachRecord(ctx.db, orderId, recordId)
    const order = await findOrder(ctx.db, orderId)
    if (!order) throw new Error('seconds: the order just written is missing')
    return ok(toWireOrder(order))
  })
}
