// The asset list of one account (spec §3 contract asset): every currency of CURRENCIES in that
// order, zeros included, so the screen's rows never jump as balances appear; then every launched
// coin (migration 011) the user holds anything of, available or locked, by symbol.
import type { DatabaseSync } from 'node:sqlite'
import type { AccountTypeId, AssetRow } from '../../src/contract/assets.ts'
import { CURRENCIES } from '../../src/contract/assets.ts'
import { str } from '../db/rows.ts'
import { statement } from '../db/statements.ts'

export function listAccount(db: DatabaseSync, userId: number, accountType: AccountTypeId): AssetRow[] {
  const rows = statement(db, 'SELECT currency, available, frozen FROM balances WHERE user_id = ? AND account_type = ?').all(userId, accountType)
  const held = new Map(rows.map((row) => [str(row, 'currency'), row]))
  const launched = statement(db, 'SELECT symbol FROM launch_projects ORDER BY symbol').all().map((row) => str(row, 'symbol'))
  const listed = [...CURRENCIES, ...launched.filter((symbol) => {
    const row = held.get(symbol)
    return row !== undefined && (str(row, 'available') !== '0' || str(row, 'frozen') !== '0')
  })]
  return listed.map((currency) => {
    const row = held.get(currency)
    return {
      currencyName: currency,
      availableCurrency: row ? str(row, 'available') : '0',
      frozenCurrency: row ? str(row, 'frozen') : '0',
    }
  })
}
