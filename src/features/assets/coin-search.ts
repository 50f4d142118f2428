// The searches of the deposit, withdrawal and address-book routes. A route's validateSearch ships
// in the app's first chunk (the home page pays for it), so this file imports only the contract:
// no decimal library, no catalogs.
import { CHAINS, CURRENCIES, type Currency } from '../../contract/assets.ts'

/** A currency from the URL, USDT (the spec's default) when missing or unknown. */
export const parseCurrency = (value: unknown): Currency =>
  CURRENCIES.find((currency) => currency === value) ?? 'USDT'

/** Every currency has at least one chain; the coin's own name stands in should the table ever lack one. */
export const firstChain = (currency: Currency): string => CHAINS[currency][0] ?? currency

/** A chain of `currency` from the URL, its first chain when missing or not one of its chains. */
export const parseChain = (currency: Currency, value: unknown): string =>
  CHAINS[currency].find((chain) => chain === value) ?? firstChain(currency)

/** /assert/recharge and /assert/withdrawel: the coin and, optionally, its chain. */
export interface CoinSearch {
  currency?: Currency
  chain?: string
}
export function parseCoinSearch(search: Record<string, unknown>): CoinSearch {
  const currency = parseCurrency(search.currency)
  return { currency, chain: typeof search.chain === 'string' ? parseChain(currency, search.chain) : undefined }
}

/** /assert/addresslist: the coin, and select=1 when a withdrawal is picking its destination. */
export const parseAddressListSearch = (search: Record<string, unknown>): { currency: Currency; select?: 1 } => ({
  currency: parseCurrency(search.currency),
  select: search.select === 1 || search.select === '1' || search.select === true ? 1 : undefined,
})

/** /assert/addaddress: the coin, and the id of the address in edit mode. */
export const parseAddAddressSearch = (search: Record<string, unknown>): { currency: Currency; id?: string } => ({
  currency: parseCurrency(search.currency),
  id: typeof search.id === 'string' && search.id !== '' ? search.id : typeof search.id === 'number' ? String(search.id) : undefined,
})
