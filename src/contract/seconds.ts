// Seconds contracts (spec §3, §4, §5, §7): short up/down orders on a pair that settle against the
// feed's price at open time + duration. `/contract/app/contract/second/*` answers
// `{ code, msg, result }` with `code: 200` on success (SecondEnvelope); a refusal is `code: 0` with
// the reason in `msg` and `result: null`. Every call but getConfig needs a session (else `code: -2`).
// Money travels as decimal strings.

export const SECONDS_PATHS = {
  /** empty body → result: SecondsConfig[] (shortest first); public: visitors see the terms too. */
  config: '/contract/app/contract/second/getConfig',
  /** openAmount, baseCoin, quoteCoin, positionTime, tradeType → result: SecondsOrder; honours `idempotency-key`. */
  createOrder: '/contract/app/contract/second/createOrder',
  /** pageNo, pageSize (10), entryStatus (1 open, 2 settled), baseCoin?, quoteCoin? → result: SecondsOrderPage */
  records: '/contract/app/contract/second/getContractRecord',
  /** id → result: SecondsOrder (the caller's own only) */
  recordById: '/contract/app/contract/second/getContractRecordById',
} as const

/** Spec §7: the fee rate is the system parameter contract_second_fee_rate (default 0). */
export const SECONDS_FEE_PARAM = 'contract_second_fee_rate'

/** One duration the operator offers (spec §3 config entry). */
export interface SecondsConfig {
  /** Duration in seconds. */
  second: number
  /** Profit rate of a win, as a decimal fraction ('0.85' pays 85 % of the open amount on top). */
  incomeRate: string
  /** Smallest open amount for this duration, in the quote coin. */
  openAmountMin: string
}

/** tradeType: up wins when the settlement price is above the opening price, down when below. */
export const TRADE_TYPES = { up: 1, down: 2 } as const
export type SecondsTradeType = (typeof TRADE_TYPES)[keyof typeof TRADE_TYPES]

/** entryStatus of the list query and the order's state. */
export const ENTRY_STATUS = { open: 1, settled: 2 } as const
export type EntryStatus = (typeof ENTRY_STATUS)[keyof typeof ENTRY_STATUS]

/** How a settled order ended. */
export const SECONDS_RESULTS = { win: 1, lose: 2, draw: 3 } as const
export type SecondsResult = (typeof SECONDS_RESULTS)[keyof typeof SECONDS_RESULTS]

/** Spec §3 seconds order labels: opening time, amount, profit rate, opening price, settlement price, holding time, profit. */
export interface SecondsOrder {
  id: string
  baseCoin: string
  quoteCoin: string
  tradeType: SecondsTradeType
  openAmount: string
  /** The fee taken at opening (openAmount × fee rate), in the quote coin. */
  fee: string
  /** The duration (holding time) in seconds. */
  positionTime: number
  incomeRate: string
  /** ms since epoch. */
  openTime: number
  /** openTime + positionTime × 1000. */
  settleTime: number
  openPrice: string
  /**
   * '' while open. Also '' on a settled order (result draw, profit '0') when no price of its due
   * instant could be had — possible only with the live Huobi feed, down at that instant: the
   * amount and the fee were returned.
   */
  settlePrice: string
  status: EntryStatus
  /** null while open. */
  result: SecondsResult | null
  /** Signed, in the quote coin: +openAmount × incomeRate on a win, −openAmount on a loss, 0 on a draw; '' while open. */
  profit: string
}

export interface SecondsOrderPage {
  list: SecondsOrder[]
  totalRow: number
  /** The server's clock (ms) when it answered: countdowns run on it, not on the phone's clock. */
  serverTime: number
}

/** Spec §9 defaults of the seconds state. */
export const SECONDS_DEFAULTS = { feeRate: '0', profitRate: '0', minLimit: '0', openAmount: '1', decimal: 8 } as const
