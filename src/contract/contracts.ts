// Leveraged contracts (spec §2 /action/contract and /contract/record, §3 contract order labels,
// §4 holding, finished, liquidated, win or lose). USDT-margined, isolated margin, from the
// contract account (account type 2), on the USDT pairs of the catalogue. The spec leaves the paths
// unshown; these are ours. Every call answers `{ code, msg, data }` with `code: 1` on success (the
// /contract/contract/* envelope); a refusal is `code: 0` with the reason in `msg`. config is
// public; the rest need a session (else `code: -2`). Prices and amounts are decimal strings.
//
// A position is long or short `quantity` of the base coin at a leverage (multiple). Its margin is
// entry price × quantity ÷ leverage, held (frozen) in the contract account; the open fee and the
// close fee are notional × the fee rate, paid to the exchange. Unrealised P/L is
// (mark − entry) × quantity for a long, (entry − mark) × quantity for a short; the mark is the
// feed's last price. A position is liquidated when margin + unrealised P/L ≤ maintenance margin
// rate × mark × quantity: the whole margin goes to the insurance fund and no more can be lost.

export const CONTRACT_PATHS = {
  /** empty body → ContractConfig (public). */
  config: '/contract/futures/config',
  /**
   * symbol, direction, leverage, entryType, quantity, price? (limit: within PRICE_BAND of spot.ts
   * around the last price, and not yet reached — a long's below it, a short's above), stopLoss?,
   * takeProfit? → ContractPosition (holding, or pending for a limit entry); honours `idempotency-key`.
   */
  open: '/contract/futures/open',
  /** id → ContractPosition cancelled (a pending limit entry only; what it held comes back); honours `idempotency-key`. */
  cancel: '/contract/futures/cancel',
  /** id, quantity? (absent: all) → ContractPosition after the close; honours `idempotency-key`. */
  close: '/contract/futures/close',
  /** id, amount (USDT moved from available into the position's margin) → ContractPosition; honours `idempotency-key`. */
  addMargin: '/contract/futures/addMargin',
  /** id, stopLoss?, takeProfit? (absent or empty: removed) → ContractPosition. */
  editStops: '/contract/futures/editStops',
  /** symbol? → ContractPosition[] of the caller's pending and holding positions, newest first (at most 200; history pages them all). */
  positions: '/contract/futures/positions',
  /** status (POSITION_FILTERS), pageNo, pageSize (10) → ContractPage, newest first. */
  history: '/contract/futures/history',
  /** id → ContractPosition (the caller's own only). */
  detail: '/contract/futures/detail',
} as const

/** The fee parameters (params table, public): each a share of the notional, default 0.05 %. */
export const CONTRACT_FEE_PARAMS = { open: 'contract_open_fee_rate', close: 'contract_close_fee_rate' } as const

export const DIRECTIONS = { long: 1, short: 2 } as const
export type Direction = (typeof DIRECTIONS)[keyof typeof DIRECTIONS]

export const ENTRY_TYPES = { market: 1, limit: 2 } as const
export type EntryType = (typeof ENTRY_TYPES)[keyof typeof ENTRY_TYPES]

/** pending: a limit entry waiting for its price; cancelled: a pending entry its owner withdrew. */
export const POSITION_STATUS = { pending: 1, holding: 2, finished: 3, liquidated: 4, cancelled: 5 } as const
export type PositionStatus = (typeof POSITION_STATUS)[keyof typeof POSITION_STATUS]

/** Spec §4: the record screen's filter. holding includes pending entries; finished includes cancelled ones. */
export const POSITION_FILTERS = { holding: 1, finished: 2, liquidated: 3 } as const
export type PositionFilter = (typeof POSITION_FILTERS)[keyof typeof POSITION_FILTERS]

/** What closed a position. */
export const CLOSE_REASONS = { user: 1, stopLoss: 2, takeProfit: 3, liquidation: 4 } as const
export type CloseReason = (typeof CLOSE_REASONS)[keyof typeof CLOSE_REASONS]

/** Spec §4: a closed position's result by the sign of its realised P/L (0 counts as a loss of the fees). */
export const POSITION_RESULTS = { win: 1, lose: 2 } as const
export type PositionResult = (typeof POSITION_RESULTS)[keyof typeof POSITION_RESULTS]

/** The terms of one pair (the contract_config table, edited by operators). */
export interface ContractPairConfig {
  symbol: string
  base: string
  /** The multiples on offer, ascending (e.g. [1, 2, 5, 10, 20, 50, 100]). */
  leverages: number[]
  maintenanceMarginRate: string
  /** The smallest quantity, in the base coin; quantities have the base coin's AMOUNT_PRECISION (spot.ts). */
  minQuantity: string
}

export interface ContractConfig {
  openFeeRate: string
  closeFeeRate: string
  pairs: ContractPairConfig[]
}

/** Spec §3 contract order labels: id, type, limit, multiple, buy price, current price, P/L, time, status, SL, TP. */
export interface ContractPosition {
  id: string
  symbol: string
  base: string
  quote: string
  direction: Direction
  leverage: number
  entryType: EntryType
  /** A limit entry's price; '' for a market entry. */
  limitPrice: string
  /** Base coin still held (a partial close lowers it; '0' once ended: openedQuantity keeps what was opened). */
  quantity: string
  /** Base coin at opening. */
  openedQuantity: string
  /** '' while pending. */
  entryPrice: string
  /** USDT held for the position now (partial closes release their share, added margin adds; '0' once ended). */
  margin: string
  /** '' while pending, and for a long whose margin covers its whole notional (it cannot be liquidated). */
  liquidationPrice: string
  /** '' when not set. */
  stopLoss: string
  takeProfit: string
  openFee: string
  /** Close fees paid so far (partial closes included). */
  closeFee: string
  /** P/L realised so far, signed, before fees. */
  realizedPnl: string
  status: PositionStatus
  /** null while open. */
  closeReason: CloseReason | null
  result: PositionResult | null
  /** The price of the last close (the crossing instant's for SL, TP and liquidation); '' while open. */
  exitPrice: string
  /** ms since epoch: placed, entered (the limit reached; = createdAt for a market entry), triggered/closed. */
  createdAt: number
  openedAt: number | null
  closedAt: number | null
  /**
   * Each close so far, partial or whole, oldest first (a liquidation is not one: see status). A
   * position closed in one go has one, the whole of openedQuantity; the answer of `close` ends with
   * the close it made.
   */
  closes: ContractClose[]
}

/** One close of part or all of a position (its asset record is the futures record of the same close). */
export interface ContractClose {
  /** Base coin closed. */
  quantity: string
  /** The price it closed at. */
  price: string
  /** P/L realised by this close, signed, before its fee. */
  pnl: string
  /** The close fee, USDT. */
  fee: string
  reason: Exclude<CloseReason, 4>
  /** ms since epoch */
  closedAt: number
}

export interface ContractPage {
  list: ContractPosition[]
  sum: number
}
