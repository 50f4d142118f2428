// What `admin list` prints: deposits and withdrawals with who asked, how much, where to or from,
// and the proof image's path, so an operator can check the chain before approving.
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import { RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { str } from '../db/rows.ts'
import { toStoredRecord } from '../ledger/records.ts'

const STATUS_NAMES: Record<number, string> = {
  [RECORD_STATUS.reviewing]: 'reviewing',
  [RECORD_STATUS.finished]: 'finished',
  [RECORD_STATUS.rejected]: 'rejected',
}

export interface ReviewLine {
  id: string
  kind: 'deposit' | 'withdrawal'
  status: string
  email: string
  currency: string
  amount: string
  fee: string
  chain: string
  address: string
  /** Absolute path of the proof image (deposits), or ''. */
  proof: string
  createdAt: string
}

/** Newest first; only the reviewing ones unless `all`. */
export async function reviewLines(db: Database, dataDir: string, options: { all: boolean; limit: number }): Promise<ReviewLine[]> {
  const rows = await db.all(`SELECT r.*, u.email FROM asset_records r JOIN users u ON u.id = r.user_id
       WHERE r.trade_type IN (?, ?) AND (? OR r.status = ?) ORDER BY r.id DESC LIMIT ?`, RECORD_TYPES.deposit, RECORD_TYPES.withdrawal, options.all ? 1 : 0, RECORD_STATUS.reviewing, options.limit)
  return rows.map((row) => {
    const record = toStoredRecord(row)
    return {
      id: record.id,
      kind: record.tradeType === RECORD_TYPES.deposit ? 'deposit' : 'withdrawal',
      status: STATUS_NAMES[record.status] ?? String(record.status),
      email: str(row, 'email'),
      currency: record.currency,
      amount: record.amount,
      fee: record.fee,
      chain: record.chain ?? '',
      address: record.address ?? '',
      proof: record.proof ? join(dataDir, 'uploads', record.proof) : '',
      createdAt: new Date(record.createdAt).toISOString(),
    }
  })
}

export function formatLines(lines: readonly ReviewLine[]): string {
  if (lines.length === 0) return 'nothing to review'
  return lines
    .map((line) =>
      [
        `#${line.id} ${line.kind} ${line.status} ${line.createdAt}`,
        `  user ${line.email}: ${line.amount} ${line.currency} (fee ${line.fee})`,
        `  ${line.chain || '-'} ${line.address || '-'}`,
        ...(line.proof ? [`  proof ${line.proof}`] : []),
      ].join('\n'),
    )
    .join('\n')
}
