// Spot trading (spec §2 /action/trade and /trade/record, §4 history filter, §5 "An order needs a
// suitable price", §8 "Order has been placed", "Cancelled"). The spec leaves the paths unshown;
// these are ours. Every call answers the /bb envelope (`code: 1` ok, a refusal `code: 0` with the
// reason in `msg`). config and book are public; the rest need a session (else `code: -2`).
// Prices and amounts travel as plain decimal strings, never JSON numbers.
//
// The exchange keeps its own order book per catalogue pair (price-time priority). A taker meets the
// best price first, whoever offers it: at one price the users' resting orders come before the
// feed's liquidity, and the feed fills only at the prices its depth shows at that instant. A
// resting limit order fills at its own price when the feed's last price reaches it. Fees are paid
// in the quote coin by both sides: a buyer pays price × amount + fee, a seller receives
// price × amount − fee.

import type { DepthLevel, DepthType } from './market.ts'

export const SPOT_PATHS = {
  /** empty body → SpotConfig (public). */
  config: '/bb/spot/config',
  /**
   * symbol, side, type, price? (limit, stop-limit), amount? (limit, stop-limit, market sell; base
   * coin), total? (market buy: the quote coin to spend, fee included), triggerPrice? (stop-limit),
   * postOnly? ('1', limit only) → SpotOrder; honours `idempotency-key`.
   */
  place: '/bb/spot/place',
  /** id → SpotOrder as cancelled; honours `idempotency-key`. A filled or cancelled order is refused. */
  cancel: '/bb/spot/cancel',
  /** symbol?, pageNo, pageSize (10) → SpotOrderPage of the caller's untriggered and open orders, newest first. */
  openOrders: '/bb/spot/openOrders',
  /** filter (HISTORY_FILTERS), symbol?, pageNo, pageSize (10) → SpotOrderPage, newest first. */
  history: '/bb/spot/history',
  /** id → SpotOrderDetail (the caller's own only). */
  order: '/bb/spot/order',
  /** symbol, type? (step0…step5, the price grid as the market depth call), size? (1…20) → SpotBook (public). */
  book: '/bb/spot/book',
} as const

/** The parameters an operator tunes (params table); both default to 0.1 %. */
export const SPOT_FEE_PARAMS = { maker: 'spot_maker_fee_rate', taker: 'spot_taker_fee_rate' } as const

export const ORDER_SIDES = { buy: 1, sell: 2 } as const
export type OrderSide = (typeof ORDER_SIDES)[keyof typeof ORDER_SIDES]

export const ORDER_TYPES = { limit: 1, market: 2, stopLimit: 3 } as const
export type OrderType = (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES]

/**
 * untriggered: a stop-limit waiting for its trigger (funds already frozen); open: in the book,
 * possibly partly filled; filled: done; cancelled: by its owner, an operator, or a market order's
 * remainder that found no liquidity (what filled before stays filled).
 */
export const ORDER_STATUS = { untriggered: 1, open: 2, filled: 3, cancelled: 4 } as const
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]

/** Spec §4: the history filter. unfinished = untriggered or open. */
export const HISTORY_FILTERS = { unfinished: 1, finished: 2, cancelled: 3 } as const
export type HistoryFilter = (typeof HISTORY_FILTERS)[keyof typeof HISTORY_FILTERS]

/** Digits after the point of an order's amount, by base coin (the feed's amount digits). */
export const AMOUNT_PRECISION: Readonly<Record<string, number>> = {
  BTC: 6,
  ETH: 4,
  LTC: 4,
  EOS: 2,
  ADA: 2,
  XRP: 2,
  DOGE: 2,
}

/** The smallest order value (price × amount, or a market buy's total), by quote coin. */
export const MIN_NOTIONAL: Readonly<Record<string, string>> = { USDT: '5', BTC: '0.0001', ETH: '0.002' }

/**
 * A limit price (and a stop-limit's trigger) must lie within this share of the last price on
 * either side: 0.1 accepts 90 %…110 % of it. A typo of a digit is refused instead of resting for ever.
 */
export const PRICE_BAND = '0.1'

export interface SpotConfig {
  makerFeeRate: string
  takerFeeRate: string
  priceBand: string
}

export interface SpotOrder {
  id: string
  /** Lower-case base + quote (btcusdt). */
  symbol: string
  base: string
  quote: string
  side: OrderSide
  type: OrderType
  postOnly: boolean
  /** The limit price; '' for a market order. */
  price: string
  /** A stop-limit's trigger price; '' otherwise. */
  triggerPrice: string
  /** In the base coin; '' for a market buy (which spends `total`). */
  amount: string
  /** A market buy's quote coin to spend, fee included; '' otherwise. */
  total: string
  /** Base coin filled so far. */
  filled: string
  /** Quote coin traded so far (Σ price × amount of the fills, before fees). */
  filledQuote: string
  /** filledQuote / filled at the pair's precision; '' before the first fill. */
  avgPrice: string
  /** Fees paid so far, in the quote coin. */
  fee: string
  status: OrderStatus
  /** ms since epoch. */
  createdAt: number
  /** When a stop-limit's trigger was reached (ms), and the feed's price then; null otherwise. */
  triggeredAt: number | null
  triggeredPrice: string
  updatedAt: number
}

export const FILL_ROLES = { maker: 1, taker: 2 } as const
export type FillRole = (typeof FILL_ROLES)[keyof typeof FILL_ROLES]

/** Who was on the other side: another user's order, or the market feed's liquidity. */
export const COUNTERPARTIES = { user: 1, market: 2 } as const
export type Counterparty = (typeof COUNTERPARTIES)[keyof typeof COUNTERPARTIES]

export interface SpotFill {
  id: string
  price: string
  /** Base coin. */
  amount: string
  /** price × amount (truncated to 8 decimals), quote coin. */
  quoteAmount: string
  /** Quote coin. */
  fee: string
  role: FillRole
  counterparty: Counterparty
  /** ms since epoch: the instant whose price the fill used. */
  at: number
}

export interface SpotOrderDetail extends SpotOrder {
  fills: SpotFill[]
}

/** Spec §4 paging: `sum` is the total the list pages through. */
export interface SpotOrderPage {
  list: SpotOrder[]
  sum: number
}

/** The feed's depth merged with the users' resting orders, amounts summed per price level. */
export interface SpotBook {
  bids: DepthLevel[]
  asks: DepthLevel[]
  /** The price grid the levels sit on (step0 = the pair's tick). */
  type: DepthType
  ts: number
}
