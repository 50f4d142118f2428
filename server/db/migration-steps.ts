// The migrations that move data SQL cannot: run by migrate.ts right after the file of the same
// version, inside its transaction (a failure undoes both), on either engine.
import type { Database } from './database.ts'
import { num, str } from './rows.ts'
import { describeInfo } from '../ledger/record-texts.ts'

const PAGE = 500

/**
 * 017: every asset record written before kinds existed gets the kind and parameters its English
 * `info` says (server/ledger/record-texts.ts), and a leveraged position's records their position.
 * A row whose text is not one the server wrote keeps kind '' and is shown as written.
 */
async function describeOlderRecords(db: Database): Promise<void> {
  for (let after = 0; ;) {
    const rows = await db.all(`SELECT id, trade_type, info FROM asset_records WHERE id > ? AND kind = '' ORDER BY id LIMIT ${PAGE}`, after)
    if (rows.length === 0) return
    for (const row of rows) {
      const what = describeInfo(num(row, 'trade_type'), str(row, 'info'))
      if (!what) continue
      const positionId = 'positionId' in what.params ? Number(what.params.positionId) : null
      const known = positionId === null ? null : await db.get('SELECT id FROM contract_positions WHERE id = ?', positionId)
      await db.run('UPDATE asset_records SET kind = ?, params = ?, position_id = ? WHERE id = ?',
        what.kind, JSON.stringify(what.params), known ? positionId : null, num(row, 'id'))
    }
    after = num(rows.at(-1)!, 'id')
  }
}

export const MIGRATION_STEPS: Readonly<Record<number, (db: Database) => Promise<void>>> = {
  17: describeOlderRecords,
}
