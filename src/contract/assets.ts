// Asset accounts, records and the calls that move money (spec §3, §5, §7, §9). Amounts travel as
// decimal strings. Calls of `/contract/contract/*` and `/bb/assets/*` answer the `{ code, msg, data }`
// envelope with `code: 1` on success; they need a session (`access-token`), else `code: -2`.

export const ASSET_PATHS = {
  /** accountType → data: AssetRow[] (spec: "contract-account fetch … data is the asset list"). */
  accounts: '/contract/contract/getAccount',
  /** currency?, pageNo, pageSize (10), tradeType?, accountType? → data: { list: AssetRecord[], sum } */
  records: '/contract/contract/getAssetsRecord',
  /** amount, currency, type (1 spot → contract, 2 contract → spot); honours `idempotency-key`. */
  transfer: '/contract/contract/transfer',
  /** currency, chain → data: DepositAddress */
  depositAddress: '/bb/assets/depositAddress',
  /**
   * multipart: currency, chain, amount, proof (PNG, JPEG or WebP, at most 5 MB, 40 megapixels,
   * 10000 px a side, a WebP 16 megapixels) → data: AssetRecord (reviewing); honours
   * `idempotency-key` (a retry of the same upload files it once). A user's third upload at once is
   * HTTP 429, a full image queue HTTP 503 with Retry-After (both `msg` in the envelope).
   */
  deposit: '/bb/assets/deposit',
  /** GET the proof image of one of the caller's own deposits: ?id= (served as an image, never HTML). */
  depositProof: '/bb/assets/depositProof',
  /** currency → data: WithdrawConfig */
  withdrawConfig: '/bb/assets/withdrawConfig',
  /**
   * currency, chain, address, amount, remark?, tradePassword → data: AssetRecord (reviewing); honours `idempotency-key`.
   * With two-factor codes on: `code: -4` first (contract/security.ts). With the allow-list on, the
   * address must be confirmed (else addressNotConfirmed) and past its usableAt (else addressWaiting).
   */
  withdraw: '/bb/assets/withdraw',
  /** currency? → data: WithdrawAddress[] */
  addressList: '/bb/assets/addressList',
  /**
   * currency, chain, address, remark?, tradePassword? → data: WithdrawAddress, unconfirmed: a
   * 6-digit code is mailed (SECURITY_PATHS.confirmAddress). tradePassword (the fund password) is
   * needed while the allow-list is on (AllowListState.on): missing or not 6 digits →
   * tradePasswordRule, wrong → passwordIncorrect, none set → fundPasswordNotSet. With two-factor
   * codes on: `code: -4` once the rest is good.
   */
  addAddress: '/bb/assets/addAddress',
  /**
   * id, address? (absent: unchanged), remark? (absent or empty: cleared), tradePassword? →
   * data: WithdrawAddress. A new address string makes the entry a new destination: unconfirmed, a
   * new code mailed, usableAt from now, and the same proofs as addAddress (the fund password with
   * the allow-list on, `code: -4` with two-factor codes on). A remark alone needs neither.
   */
  updateAddress: '/bb/assets/updateAddress',
  /** id → data: null */
  deleteAddress: '/bb/assets/deleteAddress',
  /** from, to, amount → data: ExchangeQuote (the feed's price now; nothing moves) */
  exchangeQuote: '/bb/assets/exchangeQuote',
  /** from, to, amount → data: AssetRecord; spot account only; honours `idempotency-key`. */
  exchange: '/bb/assets/exchange',
} as const

/** Account types (spec §3 transfer/type, drawer): 1 spot, 2 contract. */
export const ACCOUNT_TYPES = { spot: 1, contract: 2 } as const
export type AccountTypeId = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES]

/** Transfer directions (spec §3: type, default 1). */
export const TRANSFER_TYPES = { spotToContract: 1, contractToSpot: 2 } as const
export type TransferType = (typeof TRANSFER_TYPES)[keyof typeof TRANSFER_TYPES]

/** The currencies an account can hold: the coins of the pair catalogue. */
export const CURRENCIES = ['USDT', 'BTC', 'ETH', 'LTC', 'EOS', 'ADA', 'XRP', 'DOGE'] as const
export type Currency = (typeof CURRENCIES)[number]

/**
 * The currencies each account holds. Spot: every coin of the catalogue. Contract: USDT alone, the
 * margin of every leveraged position (contracts.ts) and the stake of every seconds order (seconds.ts:
 * USDT pairs only); a transfer of anything else into it is refused (SERVER_MESSAGES.contractHoldsUsdtOnly).
 */
export const ACCOUNT_CURRENCIES: Record<AccountTypeId, readonly Currency[]> = {
  [ACCOUNT_TYPES.spot]: CURRENCIES,
  [ACCOUNT_TYPES.contract]: ['USDT'],
}

/** Whether `currency` is one an account of `type` holds (ACCOUNT_CURRENCIES). */
export const accountHolds = (type: AccountTypeId, currency: string): boolean =>
  (ACCOUNT_CURRENCIES[type] as readonly string[]).includes(currency)

/**
 * The rows an account's list shows, in the given order: every currency the account holds, zeros
 * included (so rows never jump as balances appear), and any other row with something in it — coins
 * moved into the contract account before it held USDT alone, which can still be moved back, and
 * launched coins. The server answers this list; the app applies it again to whatever copy it shows
 * (an answer stored offline by an older server lists every coin in every account).
 */
export const listedRows = (type: AccountTypeId, rows: readonly AssetRow[]): AssetRow[] =>
  rows.filter((row) => accountHolds(type, row.currencyName) || !isZero(row.availableCurrency) || !isZero(row.frozenCurrency))

/** A decimal text of zero ('0', '0.00', '-0'); text that is not a number counts as something held. */
const isZero = (text: string): boolean => /^-?0*(\.0*)?$/.test(text) && /0/.test(text)

/** Chains per currency (spec §3: for USDT the remark covers TRC20 and ERC20). */
export const CHAINS: Record<Currency, readonly string[]> = {
  USDT: ['TRC20', 'ERC20'],
  BTC: ['BTC'],
  ETH: ['ERC20'],
  LTC: ['LTC'],
  EOS: ['EOS'],
  ADA: ['ADA'],
  XRP: ['XRP'],
  DOGE: ['DOGE'],
}

/** Spec §9. */
export const MIN_DEPOSIT_USDT = '1'
export const CONFIRMATIONS = 12
export const RECORD_PAGE_SIZE = 10
/** Spec §9: small balances are those whose total value is 0.1 USDT or less. */
export const SMALL_BALANCE_USDT = '0.1'

export interface AssetRow {
  currencyName: string
  availableCurrency: string
  frozenCurrency: string
}

/** Record kinds (`tradeType` filter of getAssetsRecord). */
export const RECORD_TYPES = {
  deposit: 1,
  withdrawal: 2,
  transferIn: 3,
  transferOut: 4,
  exchange: 5,
  /**
   * A seconds-contract order (shown as "Seconds contract"; the key keeps its old name), one record
   * per order in the contract account: amount −stake, fee,
   * status reviewing while the order is open; finished at settlement with actualArrival = what
   * came back (stake + profit on a win, 0 on a loss, the stake on a draw) and the prices and
   * profit in its params (secondsOrder, then secondsSettled or secondsVoid).
   */
  contract: 6,
  /** An operator's credit (demo balances). */
  credit: 7,
  /**
   * One fill of a spot order (src/contract/spot.ts), in the spot account: amount −what was given
   * (a buy: the quote coin, value + fee; a sell: the base coin), actualArrival what came in, in
   * arrivalCurrency (value − fee for a sell), finished at once; the order and price in its params (spotFill).
   */
  spot: 8,
  /**
   * A leveraged contract position's money (src/contract/contracts.ts), in the contract account, one
   * record per movement: opening (amount −(margin + open fee), fee; a limit entry's record waits as
   * reviewing until its price is reached, then finished, or finished with actualArrival = all of it
   * back when cancelled), added margin (amount −added), each close, partial or whole, by the user,
   * a stop loss or a take profit (amount = the P/L realised, signed; fee = the close fee;
   * actualArrival = what came back to available), and a liquidation (amount −margin, nothing back).
   * The position, prices and reason are in its params (futures* kinds).
   */
  futures: 9,
  /**
   * The launchpad's money (src/contract/launch.ts), in the spot account, one record per movement:
   * a subscription (USDT, amount −frozen), its allocation (the coin, +allocated, locked), the USDT
   * given back (+refunded, at the end of joining or on a cancel), the unlock (the coin, +allocated
   * now available) and each sale (the coin, −sold; fee and actualArrival in USDT). Its kind says which.
   */
  launch: 10,
} as const
export type RecordType = (typeof RECORD_TYPES)[keyof typeof RECORD_TYPES]

/**
 * What a record says, as data: a kind and its parameters (every value a string; amounts and prices
 * are decimal strings, times epoch milliseconds). The app writes the sentence in the reader's
 * language (src/lib/record-text.ts); `info` keeps the server's English summary for operators and
 * for rows written before kinds existed (kind '' — migration 017 converts the ones it can read).
 * Positions name their side 'long' or 'short'; symbols are 'BASE/QUOTE'.
 */
export interface RecordParamsByKind {
  /** The demo account's starting balance. */
  demoCredit: Record<string, never>
  /** The USDT the demo account's seeded launch subscription was paid with. */
  demoLaunchCredit: Record<string, never>
  /** An operator's credit. */
  operatorCredit: Record<string, never>
  /** A demo account removed: its balance returned to the house. */
  demoRemoved: Record<string, never>
  /** reason: the operator's own words when rejecting (or approving) it, shown as written. */
  deposit: { chain: string; address: string; reason?: string }
  withdrawal: { chain: string; address: string; reason?: string }
  /** 1 from = rate to; fee in `to`; feeRate a share ('0.002'). */
  exchange: { from: string; to: string; rate: string; fee: string; feeRate: string }
  /** A seconds order placed: direction 'up' or 'down', seconds its duration, price the opening price. */
  secondsOrder: { orderId: string; symbol: string; direction: 'up' | 'down'; seconds: string; price: string }
  /** Settled: profit signed (a loss is negative, a draw 0). */
  secondsSettled: { orderId: string; symbol: string; openPrice: string; settlePrice: string; profit: string }
  /** No price of the due instant: the amount and the fee came back. */
  secondsVoid: { orderId: string; symbol: string }
  spotFill: { orderId: string; symbol: string; side: 'buy' | 'sell'; quantity: string; price: string; role: 'maker' | 'taker' }
  /** A leveraged position opened at market, or its limit entry placed (entryType 'limit'). */
  futuresOpen: FuturesNaming & { quantity: string; entryType: 'market' | 'limit'; price: string; margin: string }
  futuresEntered: FuturesNaming & { quantity: string; price: string }
  /** A close of `quantity` out of `holding` (equal: the whole), by reason, at price; pnl signed. */
  futuresClose: FuturesNaming & { reason: 'user' | 'stopLoss' | 'takeProfit'; quantity: string; holding: string; price: string; pnl: string }
  futuresLiquidated: FuturesNaming & { quantity: string; price: string; margin: string }
  futuresCancelled: FuturesNaming & { quantity: string; price: string; returned: string }
  /** amount added; margin what the position holds now. */
  futuresMargin: FuturesNaming & { amount: string; margin: string }
  launchSubscribe: { quantity: string; symbol: string; price: string }
  /** unlockAt: ms since epoch. */
  launchAllocated: { quantity: string; symbol: string; unlockAt: string }
  /** The USDT not used when the subscription was allocated. */
  launchRefund: { symbol: string }
  /** The project was cancelled: all of it back. */
  launchCancelled: { symbol: string }
  launchUnlocked: { quantity: string; symbol: string }
  launchSold: { quantity: string; symbol: string; price: string; burn: string; stakers: string }
}
export interface FuturesNaming {
  positionId: string
  symbol: string
  direction: 'long' | 'short'
  leverage: string
}
export type RecordKind = keyof RecordParamsByKind
/** A kind with its parameters, as the server writes one. */
export type RecordDescription = { [K in RecordKind]: { kind: K; params: RecordParamsByKind[K] } }[RecordKind]

/** Spec §4: reviewing (Pending review), finished, rejected. */
export const RECORD_STATUS = { reviewing: 0, finished: 1, rejected: 2 } as const
export type RecordStatus = (typeof RECORD_STATUS)[keyof typeof RECORD_STATUS]

/** One line of the asset records (spec §3: currency, actual arrival, fee, remark, status, info). */
export interface AssetRecord {
  id: string
  accountType: AccountTypeId
  tradeType: RecordType
  currency: string
  /** What was asked for: deposited, withdrawn, transferred or exchanged (signed as it moved this account). */
  amount: string
  fee: string
  /** What arrived (amount − fee for a withdrawal; the received currency's amount for an exchange). */
  actualArrival: string
  /** The currency of actualArrival when it is not `currency`: an exchange's received currency. */
  arrivalCurrency?: string
  status: RecordStatus
  /** The user's own note (withdrawal remark; for USDT the chain). */
  remark: string
  /**
   * The server's English summary (chain and address, the exchange rate, the reason of a rejection…)
   * for operators and older clients; the app shows it only when `kind` is '' (a row it could not read).
   */
  info: string
  /** What the record says, as data (RecordParamsByKind); '' for an older row kept as its `info`. */
  kind: RecordKind | ''
  /** The kind's parameters ({} when kind is ''). */
  params: Readonly<Record<string, string>>
  /** ms since epoch */
  createdAt: number
}

export interface RecordPage {
  list: AssetRecord[]
  /** The number of records matching the query (spec: "sum"; paging stops when loaded ≥ sum). */
  sum: number
}

export interface DepositAddress {
  currency: string
  chain: string
  address: string
  /** The smallest deposit that is credited, in this currency (1 USDT equivalent). */
  minimum: string
  confirmations: number
}

export interface WithdrawConfig {
  currency: string
  chains: string[]
  min: string
  max: string
  /** A flat fee in the currency, taken from the amount. */
  fee: string
}

export interface WithdrawAddress {
  id: string
  currency: string
  chain: string
  address: string
  remark: string
  /** Confirmed with the code mailed when it was added or changed (the allow-list, contract/security.ts); entries older than the allow-list are. */
  confirmed: boolean
  /** When the allow-list lets withdrawals go to it: added (or changed) plus its delay; ms. */
  usableAt: number
}

export interface ExchangeQuote {
  from: string
  to: string
  amount: string
  /** How much `to` one `from` buys at the feed's price now. */
  rate: string
  /** The fee, in `to`. */
  fee: string
  feeRate: string
  /** What arrives, in `to`, after the fee. */
  receive: string
}
