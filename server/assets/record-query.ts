// getAssetsRecord (spec §3 asset record query): the caller's own records, newest first, one page
// at a time, with the total count as `sum` so the app knows when it has loaded them all.
import type { Database } from '../db/database.ts'
import type { AccountTypeId, RecordPage, RecordType } from '../../src/contract/assets.ts'
import { RECORD_PAGE_SIZE, RECORD_TYPES } from '../../src/contract/assets.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { num } from '../db/rows.ts'
import { badRequest } from '../http/envelope.ts'
import { toAssetRecord, toStoredRecord } from '../ledger/records.ts'

export const MAX_RECORD_PAGE_SIZE = 50

export interface RecordQuery {
  pageNo: number
  pageSize: number
  currency?: string
  tradeType?: RecordType
  accountType?: AccountTypeId
}

const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(RECORD_TYPES))

/** A whole number in [min, max] written as plain digits; anything else is a malformed query. */
function wholeNumber(text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= min && value <= max)) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return value
}

/** Paging fields and the trade type, as sent (strings); bad paging or an unknown type is a 400. */
export function pagingOf(fields: { pageNo?: string; pageSize?: string; tradeType?: string }) {
  const pageNo = wholeNumber(fields.pageNo, 1, 1, 1_000_000)
  const pageSize = wholeNumber(fields.pageSize, RECORD_PAGE_SIZE, 1, MAX_RECORD_PAGE_SIZE)
  const tradeType = fields.tradeType === undefined ? undefined : wholeNumber(fields.tradeType, 0, 1, 99)
  if (tradeType !== undefined && !KNOWN_TYPES.has(tradeType)) throw badRequest(SERVER_MESSAGES.invalidRequest)
  return { pageNo, pageSize, tradeType: tradeType as RecordType | undefined }
}

export async function queryRecords(db: Database, userId: number, query: RecordQuery): Promise<RecordPage> {
  // Optional filters as "? IS NULL OR column = ?", so one statement serves every combination. The
  // CASTs name the type PostgreSQL cannot infer from a bare "? IS NULL" (SQLite takes them as is).
  const where = `user_id = ? AND (CAST(? AS TEXT) IS NULL OR currency = ?) AND (CAST(? AS INTEGER) IS NULL OR trade_type = ?) AND (CAST(? AS INTEGER) IS NULL OR account_type = ?)`
  const currency = query.currency ?? null
  const tradeType = query.tradeType ?? null
  const accountType = query.accountType ?? null
  const filters = [userId, currency, currency, tradeType, tradeType, accountType, accountType] as const
  const sum = num(await db.get(`SELECT count(*) AS n FROM asset_records WHERE ${where}`, ...filters) ?? {}, 'n')
  const rows = await db.all(`SELECT * FROM asset_records WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, ...filters, query.pageSize, (query.pageNo - 1) * query.pageSize)
  return { list: rows.map((row) => toAssetRecord(toStoredRecord(row))), sum }
}
