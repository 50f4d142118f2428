// The asset list of one account (spec §3 contract asset), by the rule of `listedRows`
// (src/contract/assets.ts): the currencies the account holds (ACCOUNT_CURRENCIES: spot every coin
// of CURRENCIES, contract USDT alone) in that order, zeros included, so the screen's rows never
// jump as balances appear; then any other catalogue coin it still has something of (moved into the
// contract account before it held USDT alone: it can be moved back); then every launched coin
// (migration 011) the user holds anything of, available or locked, by symbol.
import type { Database } from '../db/database.ts'
import type { AccountTypeId, AssetRow } from '../../src/contract/assets.ts'
import { CURRENCIES, listedRows } from '../../src/contract/assets.ts'
import { str } from '../db/rows.ts'

export async function listAccount(db: Database, userId: number, accountType: AccountTypeId): Promise<AssetRow[]> {
  const rows = await db.all('SELECT currency, available, frozen FROM balances WHERE user_id = ? AND account_type = ?', userId, accountType)
  const held = new Map(rows.map((row) => [str(row, 'currency'), row]))
  const launched = (await db.all('SELECT symbol FROM launch_projects ORDER BY symbol')).map((row) => str(row, 'symbol'))
  const every = [...CURRENCIES, ...launched].map((currency) => {
    const row = held.get(currency)
    return {
      currencyName: currency,
      availableCurrency: row ? str(row, 'available') : '0',
      frozenCurrency: row ? str(row, 'frozen') : '0',
    }
  })
  return listedRows(accountType, every)
}
