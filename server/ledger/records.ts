// The asset_records table (migration 005): what a user sees of each operation on their money.
// Write a record in the same transaction as the ledger operation it describes. Deposits and
// withdrawals start 'reviewing' and are settled exactly once (settleRecord is conditional on the
// status still being 'reviewing', so two operators approving at once cannot both succeed).
import type { Database } from '../db/database.ts'
import type { AccountTypeId, AssetRecord, RecordDescription, RecordKind, RecordStatus, RecordType } from '../../src/contract/assets.ts'
import { RECORD_STATUS } from '../../src/contract/assets.ts'
import { num, type Row, str, strOrNull } from '../db/rows.ts'
import { englishInfo } from './record-texts.ts'

export interface NewRecord {
  userId: number
  accountType: AccountTypeId
  tradeType: RecordType
  currency: string
  /** Signed as it moved this account (negative for a withdrawal or a transfer out). */
  amount: string
  fee?: string
  actualArrival: string
  /** Only when it differs from currency (an exchange: the received currency). */
  arrivalCurrency?: string
  status: RecordStatus
  remark?: string
  /** The English summary for operators; by default englishInfo(what). The app writes its own sentence from `what`. */
  info?: string
  /** What the record says, as data (src/contract/assets.ts RecordParamsByKind). */
  what?: RecordDescription
  /** A leveraged position's money: the position (its closes are read back as its history). */
  positionId?: number
  chain?: string
  address?: string
  /** Server-made file name of a deposit's proof image under DATA_DIR. */
  proof?: string
  /** The ledger entry that moved the money (undefined when nothing moved yet). */
  entryId?: number
  now: number
}

export interface StoredRecord extends AssetRecord {
  userId: number
  chain: string | null
  address: string | null
  proof: string | null
  entryId: number | null
}

export async function insertRecord(db: Database, record: NewRecord): Promise<number> {
  const id = await db.insert(`INSERT INTO asset_records (user_id, account_type, trade_type, currency, amount, fee, actual_arrival,
       arrival_currency, status, remark, info, kind, params, position_id, chain, address, proof, entry_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, record.userId,
    record.accountType,
    record.tradeType,
    record.currency,
    record.amount,
    record.fee ?? '0',
    record.actualArrival,
    record.arrivalCurrency ?? null,
    record.status,
    record.remark ?? '',
    record.info ?? (record.what ? englishInfo(record.what) : ''),
    record.what?.kind ?? '',
    JSON.stringify(record.what?.params ?? {}),
    record.positionId ?? null,
    record.chain ?? null,
    record.address ?? null,
    record.proof ?? null,
    record.entryId ?? null,
    record.now,
    record.now)
  return id
}

export function toStoredRecord(row: Row): StoredRecord {
  return {
    id: String(num(row, 'id')),
    accountType: num(row, 'account_type') as AccountTypeId,
    tradeType: num(row, 'trade_type') as RecordType,
    currency: str(row, 'currency'),
    amount: str(row, 'amount'),
    fee: str(row, 'fee'),
    actualArrival: str(row, 'actual_arrival'),
    ...(row.arrival_currency === null ? {} : { arrivalCurrency: str(row, 'arrival_currency') }),
    status: num(row, 'status') as RecordStatus,
    remark: str(row, 'remark'),
    info: str(row, 'info'),
    kind: str(row, 'kind') as RecordKind | '',
    params: paramsOf(str(row, 'params')),
    createdAt: num(row, 'created_at'),
    userId: num(row, 'user_id'),
    chain: strOrNull(row, 'chain'),
    address: strOrNull(row, 'address'),
    proof: strOrNull(row, 'proof'),
    entryId: row.entry_id === null ? null : num(row, 'entry_id'),
  }
}

/** The stored params column: a JSON object of strings; anything else reads as none. */
export function paramsOf(text: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return {}
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** The wire shape: what the user may see of a stored record. */
export function toAssetRecord(record: StoredRecord): AssetRecord {
  const { id, accountType, tradeType, currency, amount, fee, actualArrival, arrivalCurrency, status, remark, info, kind, params, createdAt } = record
  const wire: AssetRecord = { id, accountType, tradeType, currency, amount, fee, actualArrival, status, remark, info, kind, params, createdAt }
  if (arrivalCurrency !== undefined) wire.arrivalCurrency = arrivalCurrency
  return wire
}

/** A record by id; pass userId to find only that user's own (a foreign id answers undefined). */
export async function findRecord(db: Database, id: number, userId?: number): Promise<StoredRecord | undefined> {
  const row = await db.get('SELECT * FROM asset_records WHERE id = ?', id)
  if (!row) return undefined
  const record = toStoredRecord(row)
  return userId === undefined || record.userId === userId ? record : undefined
}

export interface Settlement {
  status: typeof RECORD_STATUS.finished | typeof RECORD_STATUS.rejected
  info?: string
  /** Replaces what the record says (the order settled, the entry reached…). */
  what?: RecordDescription
  fee?: string
  actualArrival?: string
  now: number
}

/** Moves a reviewing record to its final status; false (and no change) if it was not reviewing. */
export async function settleRecord(db: Database, id: number, settlement: Settlement): Promise<boolean> {
  const { what } = settlement
  const result = await db.run(`UPDATE asset_records SET status = ?, info = coalesce(?, info), kind = coalesce(?, kind), params = coalesce(?, params),
       fee = coalesce(?, fee), actual_arrival = coalesce(?, actual_arrival), updated_at = ?
     WHERE id = ? AND status = ${RECORD_STATUS.reviewing}`, settlement.status, settlement.info ?? (what ? englishInfo(what) : null), what?.kind ?? null, what ? JSON.stringify(what.params) : null,
    settlement.fee ?? null, settlement.actualArrival ?? null, settlement.now, id)
  return result.changes === 1
}
