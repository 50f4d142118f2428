// How a seconds order ends, as a pure function of its terms and the two prices, so the settling
// transaction and the tests compute it the same way. Up wins when the settlement price is above
// the opening price, down when below; equal is a draw. A win pays openAmount × incomeRate on top
// of the stake, truncated to 8 decimals (never rounded up in anyone's favour).
import { BigNumber } from 'bignumber.js'
import type { SecondsResult, SecondsTradeType } from '../../src/contract/seconds.ts'
import { SECONDS_RESULTS, TRADE_TYPES } from '../../src/contract/seconds.ts'
import { plain, truncate } from '../ledger/amount.ts'

export interface OrderTerms {
  tradeType: SecondsTradeType
  openAmount: string
  fee: string
  incomeRate: string
  openPrice: string
}

export interface Outcome {
  result: SecondsResult
  /** Signed, as the order's profit: +payout, −stake or 0. */
  profit: string
  /** What returns to the available balance: stake + payout, 0, the stake (a draw), stake + fee (void). */
  returned: string
  /** True when no price of the due instant could be had: the stake and the fee go back. */
  void: boolean
}

/** settlePrice undefined: no price of the due instant exists (see prices.ts). */
export function outcomeOf(order: OrderTerms, settlePrice: string | undefined): Outcome {
  const stake = new BigNumber(order.openAmount)
  if (settlePrice === undefined) {
    return { result: SECONDS_RESULTS.draw, profit: '0', returned: plain(stake.plus(order.fee)), void: true }
  }
  const move = new BigNumber(settlePrice).comparedTo(order.openPrice) ?? 0
  if (move === 0) return { result: SECONDS_RESULTS.draw, profit: '0', returned: plain(stake), void: false }
  const won = order.tradeType === TRADE_TYPES.up ? move > 0 : move < 0
  if (!won) return { result: SECONDS_RESULTS.lose, profit: plain(stake.negated()), returned: '0', void: false }
  const payout = truncate(stake.times(order.incomeRate))
  return { result: SECONDS_RESULTS.win, profit: plain(payout), returned: plain(stake.plus(payout)), void: false }
}
