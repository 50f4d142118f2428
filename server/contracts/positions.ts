// The contract_positions table (migration 010): rows to typed positions and back, the wire shape,
// the reads of the lists, and the ONE way a position changes: changePosition, a conditional UPDATE
// on the status and revision read, which also recomputes the levels the pass watches. Which changes
// happen, with which money, is settle.ts's and manage.ts's business.
import type { Database } from '../db/database.ts'
import type { CloseReason, ContractClose, ContractPage, ContractPosition, Direction, EntryType, PositionFilter, PositionResult, PositionStatus } from '../../src/contract/contracts.ts'
import { DIRECTIONS, POSITION_FILTERS, POSITION_STATUS } from '../../src/contract/contracts.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import { paramsOf } from '../ledger/records.ts'
import { findPair } from '../market/pairs.ts'
import { fromTicks } from '../market/price-ticks.ts'
import { type Levels, type Side, watchedLevels } from './logic.ts'

export interface StoredPosition {
  id: number
  userId: number
  symbol: string
  base: string
  quote: string
  direction: Direction
  leverage: number
  entryType: EntryType
  limitPrice: string | null
  limitTicks: number | null
  quantity: string
  openedQuantity: string
  entryPrice: string | null
  entryTicks: number | null
  margin: string
  mmr: string
  liquidationTicks: number | null
  stopLossTicks: number | null
  takeProfitTicks: number | null
  openFee: string
  closeFee: string
  realizedPnl: string
  status: PositionStatus
  closeReason: CloseReason | null
  result: PositionResult | null
  exitPrice: string | null
  exitAt: number | null
  watchFrom: number | null
  revision: number
  recordId: number | null
  createdAt: number
  openedAt: number | null
  closedAt: number | null
}

/** Columns of each field a change may set (prices are stored as text and as ticks). */
const COLUMNS = {
  quantity: 'quantity', entryPrice: 'entry_price', entryTicks: 'entry_ticks', margin: 'margin', closeFee: 'close_fee',
  realizedPnl: 'realized_pnl', status: 'status', closeReason: 'close_reason', result: 'result', exitPrice: 'exit_price',
  exitAt: 'exit_at', openedAt: 'opened_at', closedAt: 'closed_at', recordId: 'record_id',
} as const satisfies Partial<Record<keyof StoredPosition, string>>
const LEVEL_COLUMNS = {
  liquidationTicks: ['liquidation_price', 'liquidation_ticks'],
  stopLossTicks: ['stop_loss', 'stop_loss_ticks'],
  takeProfitTicks: ['take_profit', 'take_profit_ticks'],
} as const

export type PositionChange = Partial<Pick<StoredPosition, keyof typeof COLUMNS | keyof typeof LEVEL_COLUMNS | 'watchFrom'>>

const intOrNull = (row: Row, column: string): number | null => (row[column] === null ? null : num(row, column))

export function toStoredPosition(row: Row): StoredPosition {
  return {
    id: num(row, 'id'), userId: num(row, 'user_id'), symbol: str(row, 'symbol'), base: str(row, 'base'), quote: str(row, 'quote'),
    direction: num(row, 'direction') as Direction, leverage: num(row, 'leverage'), entryType: num(row, 'entry_type') as EntryType,
    limitPrice: strOrNull(row, 'limit_price'), limitTicks: intOrNull(row, 'limit_ticks'),
    quantity: str(row, 'quantity'), openedQuantity: str(row, 'opened_quantity'),
    entryPrice: strOrNull(row, 'entry_price'), entryTicks: intOrNull(row, 'entry_ticks'),
    margin: str(row, 'margin'), mmr: str(row, 'maintenance_margin_rate'),
    liquidationTicks: intOrNull(row, 'liquidation_ticks'), stopLossTicks: intOrNull(row, 'stop_loss_ticks'), takeProfitTicks: intOrNull(row, 'take_profit_ticks'),
    openFee: str(row, 'open_fee'), closeFee: str(row, 'close_fee'), realizedPnl: str(row, 'realized_pnl'),
    status: num(row, 'status') as PositionStatus, closeReason: intOrNull(row, 'close_reason') as CloseReason | null,
    result: intOrNull(row, 'result') as PositionResult | null, exitPrice: strOrNull(row, 'exit_price'), exitAt: intOrNull(row, 'exit_at'),
    watchFrom: intOrNull(row, 'watch_from'), revision: num(row, 'revision'), recordId: intOrNull(row, 'record_id'),
    createdAt: num(row, 'created_at'), openedAt: intOrNull(row, 'opened_at'), closedAt: intOrNull(row, 'closed_at'),
  }
}

export const sideOf = (position: Pick<StoredPosition, 'direction'>): Side => (position.direction === DIRECTIONS.long ? 'long' : 'short')
export const precisionOf = (position: Pick<StoredPosition, 'symbol'>): number => findPair(position.symbol)?.precision ?? 8
export const levelsOf = (position: StoredPosition): Levels => ({
  liquidation: position.liquidationTicks,
  stopLoss: position.stopLossTicks,
  takeProfit: position.takeProfitTicks,
})
const isActive = (status: PositionStatus) => status === POSITION_STATUS.pending || status === POSITION_STATUS.holding

/** What the pass watches of a position in a state: nothing once it has ended. */
function watched(position: StoredPosition): { down: number | null; up: number | null } {
  if (!isActive(position.status)) return { down: null, up: null }
  return watchedLevels(sideOf(position), position.status === POSITION_STATUS.pending ? position.limitTicks : null, levelsOf(position))
}

const CLOSE_REASON_OF: Record<string, ContractClose['reason']> = { user: 1, stopLoss: 2, takeProfit: 3 }

/** The closes of these positions, each list oldest first: read back from their futuresClose records. */
export async function closesOf(db: Database, ids: readonly number[]): Promise<Map<number, ContractClose[]>> {
  const closes = new Map<number, ContractClose[]>()
  if (ids.length === 0) return closes
  const rows = await db.all(`SELECT position_id, params, fee, created_at FROM asset_records
     WHERE position_id IN (${ids.map(() => '?').join(', ')}) AND kind = 'futuresClose' ORDER BY id`, ...ids)
  for (const row of rows) {
    const p = paramsOf(str(row, 'params'))
    const close: ContractClose = {
      quantity: p.quantity ?? '', price: p.price ?? '', pnl: p.pnl ?? '', fee: str(row, 'fee'),
      reason: CLOSE_REASON_OF[p.reason ?? ''] ?? 1, closedAt: num(row, 'created_at'),
    }
    const id = num(row, 'position_id')
    closes.set(id, [...(closes.get(id) ?? []), close])
  }
  return closes
}

/** Positions on the wire, each with its closes. */
export async function wirePositions(db: Database, positions: readonly StoredPosition[]): Promise<ContractPosition[]> {
  const closes = await closesOf(db, positions.map((position) => position.id))
  return positions.map((position) => toWirePosition(position, closes.get(position.id)))
}

export const wirePosition = async (db: Database, position: StoredPosition): Promise<ContractPosition> => (await wirePositions(db, [position]))[0]!

export function toWirePosition(position: StoredPosition, closes: ContractClose[] = []): ContractPosition {
  const precision = precisionOf(position)
  const price = (ticks: number | null) => (ticks === null ? '' : fromTicks(ticks, precision))
  return {
    id: String(position.id), symbol: position.symbol, base: position.base, quote: position.quote,
    direction: position.direction, leverage: position.leverage, entryType: position.entryType,
    limitPrice: position.limitPrice ?? '', quantity: position.quantity, openedQuantity: position.openedQuantity,
    entryPrice: position.entryPrice ?? '', margin: position.margin,
    liquidationPrice: position.status === POSITION_STATUS.pending ? '' : price(position.liquidationTicks),
    stopLoss: price(position.stopLossTicks), takeProfit: price(position.takeProfitTicks),
    openFee: position.openFee, closeFee: position.closeFee, realizedPnl: position.realizedPnl,
    status: position.status, closeReason: position.closeReason, result: position.result, exitPrice: position.exitPrice ?? '',
    createdAt: position.createdAt, openedAt: position.openedAt, closedAt: position.closedAt, closes,
  }
}

export type NewPosition = Omit<StoredPosition, 'id' | 'closeFee' | 'realizedPnl' | 'closeReason' | 'result' | 'exitPrice' | 'exitAt' | 'revision' | 'closedAt'>

/** Writes a new position; answers it as stored. */
export async function insertPosition(db: Database, position: NewPosition): Promise<StoredPosition> {
  const precision = findPair(position.symbol)?.precision ?? 8
  const stored: StoredPosition = { ...position, id: 0, closeFee: '0', realizedPnl: '0', closeReason: null, result: null, exitPrice: null, exitAt: null, revision: 0, closedAt: null }
  const { down, up } = watched(stored)
  const text = (ticks: number | null) => (ticks === null ? null : fromTicks(ticks, precision))
  const id = await db.insert(`INSERT INTO contract_positions (user_id, symbol, base, quote, direction, leverage, entry_type, limit_price, limit_ticks, quantity,
       opened_quantity, entry_price, entry_ticks, margin, maintenance_margin_rate, liquidation_price, liquidation_ticks, stop_loss,
       stop_loss_ticks, take_profit, take_profit_ticks, open_fee, status, down_ticks, up_ticks, watch_from, record_id, created_at,
       opened_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, position.userId, position.symbol, position.base, position.quote, position.direction, position.leverage, position.entryType,
    position.limitPrice, position.limitTicks, position.quantity, position.openedQuantity, position.entryPrice, position.entryTicks,
    position.margin, position.mmr, text(position.liquidationTicks), position.liquidationTicks, text(position.stopLossTicks),
    position.stopLossTicks, text(position.takeProfitTicks), position.takeProfitTicks, position.openFee, position.status, down, up,
    position.watchFrom, position.recordId, position.createdAt, position.openedAt, position.createdAt)
  return { ...stored, id }
}

/**
 * Applies `change` to the position as it was read, only if it is still in that state (status and
 * revision), recomputing what the pass watches; answers the new state. A change that finds the row
 * moved cannot happen inside one transaction, so it throws and rolls everything back.
 */
export async function changePosition(db: Database, before: StoredPosition, change: PositionChange, now: number): Promise<StoredPosition> {
  const merged: StoredPosition = { ...before, ...change }
  // An ended position is watched no more.
  const after: StoredPosition = isActive(merged.status) ? merged : { ...merged, watchFrom: null }
  const precision = precisionOf(before)
  const sets: string[] = []
  const values: Array<string | number | null> = []
  for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, string]>) {
    if (!(field in change)) continue
    sets.push(`${column} = ?`)
    values.push(after[field])
  }
  for (const [field, [textColumn, ticksColumn]] of Object.entries(LEVEL_COLUMNS) as Array<[keyof typeof LEVEL_COLUMNS, readonly [string, string]]>) {
    if (!(field in change)) continue
    const ticks = after[field]
    sets.push(`${textColumn} = ?`, `${ticksColumn} = ?`)
    values.push(ticks === null ? null : fromTicks(ticks, precision), ticks)
  }
  const { down, up } = watched(after)
  const changed = await db.run(`UPDATE contract_positions SET ${[...sets, 'down_ticks = ?', 'up_ticks = ?', 'watch_from = ?', 'revision = revision + 1', 'updated_at = ?'].join(', ')}
     WHERE id = ? AND status = ? AND revision = ?`, ...values, down, up, after.watchFrom, now, before.id, before.status, before.revision)
  if (changed.changes !== 1) throw new Error(`contracts: position ${before.id} changed during its transaction`)
  return { ...after, revision: before.revision + 1 }
}

/** A position by id; with userId only that user's own (a foreign id answers undefined). */
export async function findPosition(db: Database, id: number, userId?: number): Promise<StoredPosition | undefined> {
  const row = await db.get('SELECT * FROM contract_positions WHERE id = ?', id)
  if (!row) return undefined
  const position = toStoredPosition(row)
  return userId === undefined || position.userId === userId ? position : undefined
}

/** A position id as the API sends it: a positive whole number. */
export const positionIdOf = (text: string): number | undefined => (/^[1-9]\d{0,15}$/.test(text.trim()) ? Number(text.trim()) : undefined)

/** The most open positions one list answers; the history pages through all of them. */
export const OPEN_LIST_LIMIT = 200

/** The caller's pending and holding positions, newest first. */
export async function openPositions(db: Database, userId: number, symbol: string | undefined): Promise<ContractPosition[]> {
  const symbolOrNull = symbol ?? null
  // The CAST names the type PostgreSQL cannot infer from a bare "? IS NULL" (SQLite takes it as is).
  const rows = await db.all(`SELECT * FROM contract_positions WHERE user_id = ? AND status IN (1, 2) AND (CAST(? AS TEXT) IS NULL OR symbol = ?) ORDER BY id DESC LIMIT ${OPEN_LIST_LIMIT}`, userId, symbolOrNull, symbolOrNull)
  return await wirePositions(db, rows.map(toStoredPosition))
}

const FILTER_STATUSES: Record<PositionFilter, readonly PositionStatus[]> = {
  [POSITION_FILTERS.holding]: [POSITION_STATUS.pending, POSITION_STATUS.holding],
  [POSITION_FILTERS.finished]: [POSITION_STATUS.finished, POSITION_STATUS.cancelled],
  [POSITION_FILTERS.liquidated]: [POSITION_STATUS.liquidated],
}

/** One page of the caller's positions of a filter, newest first. */
export async function historyPage(db: Database, userId: number, filter: PositionFilter, pageNo: number, pageSize: number): Promise<ContractPage> {
  const where = `user_id = ? AND status IN (${FILTER_STATUSES[filter].join(', ')})`
  const sum = num(await db.get(`SELECT count(*) AS n FROM contract_positions WHERE ${where}`, userId) ?? {}, 'n')
  const rows = await db.all(`SELECT * FROM contract_positions WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, userId, pageSize, (pageNo - 1) * pageSize)
  return { list: await wirePositions(db, rows.map(toStoredPosition)), sum }
}
