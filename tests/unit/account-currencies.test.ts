// Which coins each account lists and which a transfer offers (src/contract/assets.ts listedRows,
// src/features/assets/logic.ts transferCurrencies): spot every coin, contract USDT alone, and
// whatever is still left in an account is listed and can leave it.
import { expect, it } from 'vitest'
import { ACCOUNT_TYPES, CURRENCIES, listedRows, type AssetRow } from '../../src/contract/assets.ts'
import { transferCurrencies } from '../../src/features/assets/logic'

const row = (currencyName: string, availableCurrency = '0', frozenCurrency = '0'): AssetRow => ({ currencyName, availableCurrency, frozenCurrency })
const names = (rows: readonly AssetRow[]) => rows.map((item) => item.currencyName)
const EVERY_COIN = CURRENCIES.map((currency) => row(currency))

it('lists every coin in spot, zeros included, and only USDT in contract', () => {
  expect(names(listedRows(ACCOUNT_TYPES.spot, EVERY_COIN))).toEqual([...CURRENCIES])
  expect(names(listedRows(ACCOUNT_TYPES.contract, EVERY_COIN))).toEqual(['USDT'])
})

it('keeps any row with something in it, available or frozen, in its place', () => {
  const rows = [row('USDT'), row('BTC', '0.00000000'), row('ETH', '0', '0.1'), row('DOGE', '3'), row('LUMEN', '0', '500')]
  expect(names(listedRows(ACCOUNT_TYPES.contract, rows))).toEqual(['USDT', 'ETH', 'DOGE', 'LUMEN'])
})

it('offers USDT alone into the contract account, and out of it USDT and what is still there', () => {
  const spot = [row('USDT', '100'), row('BTC', '1')]
  expect(transferCurrencies(1, spot)).toEqual(['USDT'])
  expect(transferCurrencies(2, [row('USDT', '5'), row('ETH', '2'), row('BTC', '0')])).toEqual(['USDT', 'ETH'])
  expect(transferCurrencies(2, null)).toEqual(['USDT'])
})
