// A fee rate kept in the params table, read per call so that an operator's edit applies at once.
// An operator's typo must neither stop trading nor charge nonsense: anything but a plain decimal
// in [0, 1) with at most 8 decimals counts as the rate's default.
import { BigNumber } from 'bignumber.js'
import type { Database } from '../db/database.ts'

export async function rateParam(db: Database, name: string, fallback: string): Promise<string> {
  const row = await db.get('SELECT value FROM params WHERE name = ?', name)
  const text = typeof row?.value === 'string' ? row.value.trim() : ''
  return /^0(?:\.\d{1,8})?$/.test(text) ? new BigNumber(text).toFixed() : fallback
}
