// Calls of the seconds-contract screen (spec §7): the seconds API under
// /contract/app/contract/second/* (code 200, `result`), the contract account, its records and the
// transfer into it under /contract/contract/* (code 1, `data`), the fee-rate parameter under /bb,
// and the market reads of its pair header. Orders and transfers carry the idempotency key the
// caller made at the first confirm, so a retry after a lost answer never opens a second order.
import type { AssetRecord, AssetRow, RecordPage } from '../../contract/assets.ts'
import { ACCOUNT_TYPES, ASSET_PATHS, RECORD_PAGE_SIZE, TRANSFER_TYPES } from '../../contract/assets.ts'
import { MARKET_PATHS, type KlineAnswer, type MarketTopic, type PriceListAnswer } from '../../contract/market.ts'
import type { SecondsConfig, SecondsOrder, SecondsOrderPage, SecondsTradeType, EntryStatus } from '../../contract/seconds.ts'
import { SECONDS_FEE_PARAM, SECONDS_PATHS } from '../../contract/seconds.ts'
import { USER_PATHS, type ParamValue } from '../../contract/user.ts'
import { postBb, postContract, postMarket, postSecond } from '../../lib/api-client'
import { keyed } from '../../lib/idempotency'


export const fetchConfig = () => postSecond<SecondsConfig[]>(SECONDS_PATHS.config)

/** Spec §7/§9: the fee rate is the parameter contract_second_fee_rate; the caller defaults to 0. */
export const fetchFeeRate = () =>
  postBb<ParamValue>(USER_PATHS.getParam, { paramName: SECONDS_FEE_PARAM }).then((param) => param.valueName)

export interface OrderInput {
  openAmount: string
  baseCoin: string
  quoteCoin: string
  positionTime: number
  tradeType: SecondsTradeType
}
export const createOrder = (input: OrderInput, key: string) => postSecond<SecondsOrder | null>(SECONDS_PATHS.createOrder, input, keyed(key))

export interface OrderQuery {
  entryStatus: EntryStatus
  /** Absent: every pair (the record screen). */
  baseCoin?: string
  quoteCoin?: string
}
export const fetchOrders = (query: OrderQuery, pageNo: number) =>
  postSecond<SecondsOrderPage>(SECONDS_PATHS.records, { ...query, pageNo, pageSize: RECORD_PAGE_SIZE })

export const fetchOrder = (id: string) => postSecond<SecondsOrder>(SECONDS_PATHS.recordById, { id })

export const fetchAccount = (accountType: 1 | 2 = ACCOUNT_TYPES.contract) => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType })

/** The contract account's records only (the seconds screen's asset record list). */
export const fetchContractRecords = (pageNo: number) =>
  postContract<RecordPage>(ASSET_PATHS.records, { accountType: ACCOUNT_TYPES.contract, pageNo, pageSize: RECORD_PAGE_SIZE })

/** Spot → contract (spec §3 transfer payload: amount, currency, type 1). */
export const transferIn = (input: { amount: string; currency: string }, key: string) =>
  postContract<AssetRecord | null>(ASSET_PATHS.transfer, { ...input, type: TRANSFER_TYPES.spotToContract }, keyed(key))

// ── Market reads of the pair header (through the contract's paths, not the market feature) ──
/** How many 1-minute closes the header's sparkline draws: the last hour. */
export const SPARK_SIZE = 60
export const fetchRecentCandles = (symbol: string) =>
  postMarket<KlineAnswer>(MARKET_PATHS.kline, { symbol, timer: '1min', size: SPARK_SIZE })

/** The same topic key as the asset screens' price list, so one poll serves both. */
export const PRICE_LIST_TOPIC: MarketTopic = { key: 'priceList', path: MARKET_PATHS.prices, body: {} }
export type { PriceListAnswer }
