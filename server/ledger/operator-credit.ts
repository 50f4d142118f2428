// Money an operator (or the first-start seed) puts into a user's account: a ledger entry from
// 'outside' and its 'credit' record, together. Used by the admin CLI and server/seed.ts.
import type { Database } from '../db/database.ts'
import type { AccountTypeId, RecordDescription } from '../../src/contract/assets.ts'
import { RECORD_STATUS, RECORD_TYPES } from '../../src/contract/assets.ts'
import { creditFromOutside } from './operations.ts'
import { englishInfo } from './record-texts.ts'
import { insertRecord } from './records.ts'

export interface OperatorCredit {
  userId: number
  accountType: AccountTypeId
  currency: string
  amount: string
  /** 'seed' for the demo account, 'credit' for an operator. */
  kind: 'seed' | 'credit'
  /** What the record says (the app words it in the reader's language); or, from tests, a bare `info` shown as written. */
  what?: RecordDescription
  info?: string
  now: number
}

/** Answers the record id. */
export async function creditWithRecord(db: Database, credit: OperatorCredit): Promise<number> {
  const { userId, accountType, currency, amount, now } = credit
  return await db.transaction(async () => {
    const info = credit.info ?? (credit.what ? englishInfo(credit.what) : '')
    const entryId = await creditFromOutside(db, { userId, accountType, currency, amount, kind: credit.kind, memo: info, now })
    return await insertRecord(db, {
      userId,
      accountType,
      tradeType: RECORD_TYPES.credit,
      currency,
      amount,
      actualArrival: amount,
      status: RECORD_STATUS.finished,
      info,
      ...(credit.what ? { what: credit.what } : {}),
      entryId,
      now,
    })
  })
}
