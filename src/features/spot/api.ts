// Calls of the spot screens (src/contract/spot.ts; every one answers the /bb envelope): the terms
// and the merged book are public, orders need a session. Placing and cancelling carry the
// idempotency key the caller made at the first confirm, so a retry after a lost answer never
// places (or cancels) twice. Balances come from the spot account (the asset calls, account type 1).
import { ACCOUNT_TYPES, ASSET_PATHS, type AssetRow } from '../../contract/assets.ts'
import type { DepthType } from '../../contract/market.ts'
import type { HistoryFilter, OrderSide, OrderType, SpotBook, SpotConfig, SpotOrder, SpotOrderDetail, SpotOrderPage } from '../../contract/spot.ts'
import { SPOT_PATHS } from '../../contract/spot.ts'
import { postBb, postContract } from '../../lib/api-client'
import { keyed } from '../../lib/idempotency'

/** Spec §9: lists page by 10. */
export const SPOT_PAGE_SIZE = 10


export const fetchSpotConfig = () => postBb<SpotConfig>(SPOT_PATHS.config)

export const fetchBook = (symbol: string, type: DepthType, size: number) => postBb<SpotBook>(SPOT_PATHS.book, { symbol, type, size })

export const fetchSpotAccount = () => postContract<AssetRow[]>(ASSET_PATHS.accounts, { accountType: ACCOUNT_TYPES.spot })

/** What a placement sends; the fields an order type does not use are left out (empty values are stripped). */
export interface PlaceInput {
  symbol: string
  side: OrderSide
  type: OrderType
  price?: string
  amount?: string
  total?: string
  triggerPrice?: string
  postOnly?: '1'
}
export const placeOrder = (input: PlaceInput, key: string) => postBb<SpotOrder>(SPOT_PATHS.place, input, keyed(key))

export const cancelOrder = (id: string, key: string) => postBb<SpotOrder>(SPOT_PATHS.cancel, { id }, keyed(key))

/** The caller's untriggered and open orders of one pair (all pairs when absent), newest first. */
export const fetchOpenOrders = (symbol: string | undefined, pageNo: number) =>
  postBb<SpotOrderPage>(SPOT_PATHS.openOrders, { symbol, pageNo, pageSize: SPOT_PAGE_SIZE })

export const fetchHistory = (filter: HistoryFilter, pageNo: number) =>
  postBb<SpotOrderPage>(SPOT_PATHS.history, { filter, pageNo, pageSize: SPOT_PAGE_SIZE })

export const fetchOrderDetail = (id: string) => postBb<SpotOrderDetail>(SPOT_PATHS.order, { id })
