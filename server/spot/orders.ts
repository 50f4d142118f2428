// The spot_orders and spot_fills tables (migration 009): rows to typed orders and back, the wire
// shapes, and the reads of the order lists. Writes that change an order's state live with the
// engine (fills.ts, match.ts, cancel.ts), always conditional on the state they read.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'
import type { HistoryFilter, OrderSide, OrderStatus, OrderType, SpotFill, SpotOrder, SpotOrderPage } from '../../src/contract/spot.ts'
import { HISTORY_FILTERS, ORDER_SIDES, ORDER_STATUS, type Counterparty, type FillRole } from '../../src/contract/spot.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import { findPair } from '../market/pairs.ts'
import { averagePrice, type Side } from './logic.ts'

export interface StoredOrder {
  id: number
  userId: number
  symbol: string
  base: string
  quote: string
  side: OrderSide
  type: OrderType
  postOnly: boolean
  price: string | null
  priceTicks: number | null
  triggerPrice: string | null
  triggerTicks: number | null
  triggerDirection: 1 | -1 | null
  amount: string | null
  total: string | null
  filled: string
  filledQuote: string
  fee: string
  frozen: string
  /** The rates in force at placement: its fills pay these (what it holds was reckoned with them). */
  makerFeeRate: string
  takerFeeRate: string
  status: OrderStatus
  createdAt: number
  enteredAt: number | null
  triggeredAt: number | null
  triggeredPrice: string | null
  updatedAt: number
}

const intOrNull = (row: Row, column: string): number | null => (row[column] === null ? null : num(row, column))

export function toStoredOrder(row: Row): StoredOrder {
  const direction = intOrNull(row, 'trigger_direction')
  return {
    id: num(row, 'id'),
    userId: num(row, 'user_id'),
    symbol: str(row, 'symbol'),
    base: str(row, 'base'),
    quote: str(row, 'quote'),
    side: num(row, 'side') as OrderSide,
    type: num(row, 'type') as OrderType,
    postOnly: num(row, 'post_only') === 1,
    price: strOrNull(row, 'price'),
    priceTicks: intOrNull(row, 'price_ticks'),
    triggerPrice: strOrNull(row, 'trigger_price'),
    triggerTicks: intOrNull(row, 'trigger_ticks'),
    triggerDirection: direction === null ? null : direction === 1 ? 1 : -1,
    amount: strOrNull(row, 'amount'),
    total: strOrNull(row, 'total'),
    filled: str(row, 'filled'),
    filledQuote: str(row, 'filled_quote'),
    fee: str(row, 'fee'),
    frozen: str(row, 'frozen'),
    makerFeeRate: str(row, 'maker_fee_rate'),
    takerFeeRate: str(row, 'taker_fee_rate'),
    status: num(row, 'status') as OrderStatus,
    createdAt: num(row, 'created_at'),
    enteredAt: intOrNull(row, 'entered_at'),
    triggeredAt: intOrNull(row, 'triggered_at'),
    triggeredPrice: strOrNull(row, 'triggered_price'),
    updatedAt: num(row, 'updated_at'),
  }
}

export const sideOf = (order: Pick<StoredOrder, 'side'>): Side => (order.side === ORDER_SIDES.buy ? 'buy' : 'sell')

/** The pair's price digits (the stored price may come back without its trailing zeros: PostgreSQL's NUMERIC). */
const precisionOf = (symbol: string): number => findPair(symbol)?.precision ?? 8
const priceText = (price: string | null, precision: number): string => (price === null ? '' : new BigNumber(price).toFixed(precision))

export function toWireOrder(order: StoredOrder): SpotOrder {
  const precision = precisionOf(order.symbol)
  return {
    id: String(order.id),
    symbol: order.symbol,
    base: order.base,
    quote: order.quote,
    side: order.side,
    type: order.type,
    postOnly: order.postOnly,
    price: priceText(order.price, precision),
    triggerPrice: priceText(order.triggerPrice, precision),
    amount: order.amount ?? '',
    total: order.total ?? '',
    filled: order.filled,
    filledQuote: order.filledQuote,
    avgPrice: averagePrice(order.filledQuote, order.filled, precision),
    fee: order.fee,
    status: order.status,
    createdAt: order.createdAt,
    triggeredAt: order.triggeredAt,
    triggeredPrice: priceText(order.triggeredPrice, precision),
    updatedAt: order.updatedAt,
  }
}

export type NewOrder = Omit<StoredOrder, 'id' | 'filled' | 'filledQuote' | 'fee' | 'updatedAt' | 'triggeredAt' | 'triggeredPrice'> & {
  /** The ledger entry that froze what the order may spend. */
  freezeEntryId: number
}

export async function insertOrder(db: Database, order: NewOrder): Promise<number> {
  const id = await db.insert(`INSERT INTO spot_orders (user_id, symbol, base, quote, side, type, post_only, price, price_ticks, trigger_price,
       trigger_ticks, trigger_direction, amount, total, frozen, maker_fee_rate, taker_fee_rate, status, created_at, entered_at,
       updated_at, freeze_entry_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, order.userId, order.symbol, order.base, order.quote, order.side, order.type, order.postOnly ? 1 : 0,
    order.price, order.priceTicks, order.triggerPrice, order.triggerTicks, order.triggerDirection,
    order.amount, order.total, order.frozen, order.makerFeeRate, order.takerFeeRate, order.status, order.createdAt, order.enteredAt,
    order.createdAt, order.freezeEntryId)
  return id
}

/** An order by id; with userId only that user's own (a foreign id answers undefined). */
export async function findOrder(db: Database, id: number, userId?: number): Promise<StoredOrder | undefined> {
  const row = await db.get('SELECT * FROM spot_orders WHERE id = ?', id)
  if (!row) return undefined
  const order = toStoredOrder(row)
  return userId === undefined || order.userId === userId ? order : undefined
}

export async function mustFindOrder(db: Database, id: number): Promise<StoredOrder> {
  const order = await findOrder(db, id)
  if (!order) throw new Error(`spot: order ${id} is missing`)
  return order
}

const FILTER_STATUSES: Record<HistoryFilter, readonly OrderStatus[]> = {
  [HISTORY_FILTERS.unfinished]: [ORDER_STATUS.untriggered, ORDER_STATUS.open],
  [HISTORY_FILTERS.finished]: [ORDER_STATUS.filled],
  [HISTORY_FILTERS.cancelled]: [ORDER_STATUS.cancelled],
}

export interface OrderQuery {
  filter: HistoryFilter
  symbol: string | undefined
  pageNo: number
  pageSize: number
}

/** One page of the caller's orders, newest first. */
export async function queryOrders(db: Database, userId: number, query: OrderQuery): Promise<SpotOrderPage> {
  const statuses = FILTER_STATUSES[query.filter]
  const where = `user_id = ? AND status IN (${statuses.join(', ')}) AND (CAST(? AS TEXT) IS NULL OR symbol = ?)`
  const symbol = query.symbol ?? null
  const sum = num(await db.get(`SELECT count(*) AS n FROM spot_orders WHERE ${where}`, userId, symbol, symbol) ?? {}, 'n')
  const rows = await db.all(`SELECT * FROM spot_orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, userId, symbol, symbol, query.pageSize, (query.pageNo - 1) * query.pageSize)
  return { list: rows.map((row) => toWireOrder(toStoredOrder(row))), sum }
}

export async function fillsOf(db: Database, order: Pick<StoredOrder, 'id' | 'symbol'>): Promise<SpotFill[]> {
  const precision = precisionOf(order.symbol)
  return (await db.all('SELECT * FROM spot_fills WHERE order_id = ? ORDER BY id', order.id)).map((row) => ({
    id: String(num(row, 'id')),
    price: priceText(str(row, 'price'), precision),
    amount: str(row, 'amount'),
    quoteAmount: str(row, 'quote_amount'),
    fee: str(row, 'fee'),
    role: num(row, 'role') as FillRole,
    counterparty: num(row, 'counterparty') as Counterparty,
    at: num(row, 'at'),
  }))
}
