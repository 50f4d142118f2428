// What approving and rejecting deposits and withdrawals share. An operator's decision is taken
// once: the status moves from reviewing in a conditional update (settleRecord), inside the same
// transaction as the money it moves, so two operators (or the demo timer and an operator) can
// never both act on one record, and a refused decision changes nothing.
import type { Database } from '../db/database.ts'
import type { RecordDescription, RecordType } from '../../src/contract/assets.ts'
import { RECORD_STATUS } from '../../src/contract/assets.ts'
import { findRecord, type StoredRecord } from '../ledger/records.ts'

/** A decision that cannot be taken: no such record, another kind, or already decided. */
export class ReviewRefusal extends Error {}

const REASON_MAX_LENGTH = 200

/** The operator's words as the user will read them in `info`: one line, bounded. */
export function cleanReason(reason: string | undefined): string | undefined {
  const text = reason?.replace(/\s+/g, ' ').trim()
  return text ? [...text].slice(0, REASON_MAX_LENGTH).join('') : undefined
}

/** `info` after a decision: where the money went or came from, then the reason if one was given. */
export const infoWith = (record: StoredRecord, reason: string | undefined): string =>
  reason ? (record.info ? `${record.info} · ${reason}` : reason) : record.info

/** What the record says after a decision: its chain and address, and the operator's reason if one was given. */
export function whatWith(record: StoredRecord, reason: string | undefined): RecordDescription | undefined {
  if (!reason || (record.kind !== 'deposit' && record.kind !== 'withdrawal')) return undefined
  const { chain = '', address = '' } = record.params
  return { kind: record.kind, params: { chain, address, reason } }
}

/** The record to decide on; call inside the deciding transaction. */
export async function reviewable(db: Database, recordId: string, tradeType: RecordType, noun: string): Promise<StoredRecord> {
  const id = /^[1-9]\d{0,15}$/.test(recordId.trim()) ? Number(recordId.trim()) : undefined
  const record = id === undefined ? undefined : await findRecord(db, id)
  if (!record || record.tradeType !== tradeType) throw new ReviewRefusal(`no ${noun} with id ${recordId}`)
  if (record.status !== RECORD_STATUS.reviewing) {
    const state = record.status === RECORD_STATUS.finished ? 'approved' : 'rejected'
    throw new ReviewRefusal(`${noun} ${record.id} was already ${state}`)
  }
  return record
}
