// The seconds_orders table (migration 008): writing an order, reading it back in the wire shape
// (SecondsOrder of src/contract/seconds.ts), the caller's pages, and the open orders that are due.
import type { Database } from '../db/database.ts'
import type { EntryStatus, SecondsOrder, SecondsResult, SecondsTradeType } from '../../src/contract/seconds.ts'
import { ENTRY_STATUS } from '../../src/contract/seconds.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'

export interface NewOrder {
  userId: number
  baseCoin: string
  quoteCoin: string
  tradeType: SecondsTradeType
  openAmount: string
  fee: string
  positionTime: number
  incomeRate: string
  openTime: number
  openPrice: string
  openEntryId: number
}

export interface StoredOrder extends SecondsOrder {
  userId: number
  recordId: number | null
}

export async function insertOrder(db: Database, order: NewOrder): Promise<number> {
  const id = await db.insert(`INSERT INTO seconds_orders (user_id, base_coin, quote_coin, trade_type, open_amount, fee, position_time, income_rate,
       open_time, settle_time, open_price, open_entry_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, order.userId,
    order.baseCoin,
    order.quoteCoin,
    order.tradeType,
    order.openAmount,
    order.fee,
    order.positionTime,
    order.incomeRate,
    order.openTime,
    order.openTime + order.positionTime * 1000,
    order.openPrice,
    order.openEntryId)
  return id
}

export async function attachRecord(db: Database, orderId: number, recordId: number): Promise<void> {
  await db.run('UPDATE seconds_orders SET record_id = ? WHERE id = ?', recordId, orderId)
}

export function toStoredOrder(row: Row): StoredOrder {
  return {
    id: String(num(row, 'id')),
    baseCoin: str(row, 'base_coin'),
    quoteCoin: str(row, 'quote_coin'),
    tradeType: num(row, 'trade_type') as SecondsTradeType,
    openAmount: str(row, 'open_amount'),
    fee: str(row, 'fee'),
    positionTime: num(row, 'position_time'),
    incomeRate: str(row, 'income_rate'),
    openTime: num(row, 'open_time'),
    settleTime: num(row, 'settle_time'),
    openPrice: str(row, 'open_price'),
    settlePrice: strOrNull(row, 'settle_price') ?? '',
    status: num(row, 'status') as EntryStatus,
    result: row.result === null ? null : (num(row, 'result') as SecondsResult),
    profit: strOrNull(row, 'profit') ?? '',
    userId: num(row, 'user_id'),
    recordId: row.record_id === null ? null : num(row, 'record_id'),
  }
}

/** The wire shape: what the owner may see. */
export function toWireOrder(order: StoredOrder): SecondsOrder {
  const { userId: _userId, recordId: _recordId, ...wire } = order
  return wire
}

/** An order by id; with userId only that user's own (a foreign id answers undefined). */
export async function findOrder(db: Database, id: number, userId?: number): Promise<StoredOrder | undefined> {
  const row = await db.get('SELECT * FROM seconds_orders WHERE id = ?', id)
  if (!row) return undefined
  const order = toStoredOrder(row)
  return userId === undefined || order.userId === userId ? order : undefined
}

export interface OrderQuery {
  pageNo: number
  pageSize: number
  entryStatus: EntryStatus
  baseCoin?: string
  quoteCoin?: string
}

/** The caller's orders of one status, newest first, and how many there are. */
export async function queryOrders(db: Database, userId: number, query: OrderQuery): Promise<{ list: SecondsOrder[]; totalRow: number }> {
  // Optional filters as "? IS NULL OR column = ?", so one statement serves every combination. The
  // CASTs name the type PostgreSQL cannot infer from a bare "? IS NULL" (SQLite takes them as is).
  const where = 'user_id = ? AND status = ? AND (CAST(? AS TEXT) IS NULL OR base_coin = ?) AND (CAST(? AS TEXT) IS NULL OR quote_coin = ?)'
  const base = query.baseCoin ?? null
  const quote = query.quoteCoin ?? null
  const filters = [userId, query.entryStatus, base, base, quote, quote] as const
  const totalRow = num(await db.get(`SELECT count(*) AS n FROM seconds_orders WHERE ${where}`, ...filters) ?? {}, 'n')
  const rows = await db.all(`SELECT * FROM seconds_orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, ...filters, query.pageSize, (query.pageNo - 1) * query.pageSize)
  return { list: rows.map((row) => toWireOrder(toStoredOrder(row))), totalRow }
}

export interface DueOrder {
  id: number
  symbol: string
  settleTime: number
}

/** Open orders due at `now`, earliest first, at most `limit`. */
export async function dueOrders(db: Database, now: number, limit: number): Promise<DueOrder[]> {
  return (await db.all(`SELECT id, lower(base_coin || quote_coin) AS symbol, settle_time FROM seconds_orders
     WHERE status = ${ENTRY_STATUS.open} AND settle_time <= ? ORDER BY settle_time, id LIMIT ?`, now, limit))
    .map((row) => ({ id: num(row, 'id'), symbol: str(row, 'symbol'), settleTime: num(row, 'settle_time') }))
}
