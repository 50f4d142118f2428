// Every coin row of the asset lists carries the coin's mark (drawn inline, a colour per coin; a
// launched coin its project's logo), the currency pickers show the chosen coin's mark, and each
// account lists only the coins it can hold: the contract account USDT alone (plus anything still
// left in it), even from an answer stored by an older server that listed every coin everywhere.
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { CURRENCIES, type AssetRow } from '../../src/contract/assets.ts'
import { fetchAccounts, fetchLaunchCoins } from '../../src/features/assets/api'
import { amountsMaskedAtom, hideSmallAtom } from '../../src/features/assets/atoms'
import { AccountAssets } from '../../src/features/assets/components/account-assets'
import { AddressCurrencyList } from '../../src/features/assets/components/address-currency-list'
import { AssetDetail } from '../../src/features/assets/components/asset-detail'
import { TransferForm } from '../../src/features/assets/components/transfer-form'
import { fetchAccount } from '../../src/features/seconds/api'
import { hideSmallAtom as secondsHideSmallAtom } from '../../src/features/seconds/atoms'
import { ContractAssets } from '../../src/features/seconds/components/contract-assets'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn(() => () => undefined) }))
vi.mock('../../src/features/assets/api', () => ({
  PRICE_LIST_TOPIC: { key: 'priceList', path: '/bb/huobi/getPriceList', body: {} },
  fetchAccounts: vi.fn(),
  fetchLaunchCoins: vi.fn(),
  fetchPriceList: vi.fn(async () => ({ status: 'ok', ts: 0, data: [] })),
  sendTransfer: vi.fn(),
  watchQueuedTransfers: vi.fn(() => () => undefined),
  dismissQueuedTransfer: vi.fn(),
}))
vi.mock('../../src/features/seconds/api', () => ({
  fetchAccount: vi.fn(), fetchContractRecords: vi.fn(), transferIn: vi.fn(), PRICE_LIST_TOPIC: { key: 'priceList', path: '/x', body: {} },
}))

const row = (currencyName: string, availableCurrency = '0', frozenCurrency = '0'): AssetRow => ({ currencyName, availableCurrency, frozenCurrency })
/** What the server answered for either account before each listed only what it can hold. */
const EVERY_COIN = CURRENCIES.map((currency) => row(currency))
const LUMEN_LOGO = '/bb/launch/logo/lumen.svg'

let user = 0
afterEach(cleanup)
beforeEach(() => {
  store.set(userIdAtom, `coin-icons-${++user}`)
  store.set(amountsMaskedAtom, false)
  store.set(hideSmallAtom, false)
  store.set(secondsHideSmallAtom, false)
  vi.mocked(fetchLaunchCoins).mockResolvedValue([{ symbol: 'LUMEN', name: 'Lumen', logo: LUMEN_LOGO, price: '0.2', precision: 2 }])
})

const picker = () => screen.getByLabelText('Currency') as HTMLSelectElement
const offered = () => [...picker().options].map((option) => option.value)
/** A coin's detail: checks the heading's mark, answers where its Transfer leads (null: none offered). */
async function detail(currency: string, account: 1 | 2) {
  cleanup()
  await renderScreen(() => <AssetDetail currency={currency} account={account} />)
  await screen.findByText('Available')
  await waitFor(() => expect(screen.getByText('Available').nextElementSibling?.textContent).not.toBe('--'))
  expect(screen.getByRole('heading', { level: 2 }).querySelector('.coin-icon')?.getAttribute('data-initial')).toBe(currency[0])
  return screen.queryByRole('link', { name: 'Transfer' })?.getAttribute('href') ?? null
}
const names = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent?.match(/^[A-Z]+(?=Available|$)/)?.[0] ?? item.textContent)
/** The mark of each row: the drawn disc's colour, or the logo's address. */
const marks = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) =>
  (item.querySelector<HTMLElement>('.coin-icon')?.style.backgroundColor || null) ?? item.querySelector('img')?.getAttribute('src') ?? null)

it('gives every coin of the spot account a mark of its own, and a launched coin its logo', async () => {
  vi.mocked(fetchAccounts).mockResolvedValue([...EVERY_COIN.map((coin) => (coin.currencyName === 'BTC' ? row('BTC', '0.5') : coin)), row('LUMEN', '0', '500')])
  await renderScreen(() => <AccountAssets type={1} />)
  const list = await screen.findByRole('list', { name: 'Spot assets' })
  expect(names(list)).toEqual([...CURRENCIES, 'LUMEN'])
  const shown = marks(list)
  expect(shown.every((mark) => mark !== null)).toBe(true)
  expect(new Set(shown).size).toBe(CURRENCIES.length + 1)
  expect(shown.at(-1)).toBe(LUMEN_LOGO)
  // Each drawn mark carries the coin's initial; it is decoration beside the written symbol.
  const btc = within(list).getAllByRole('listitem')[1]?.querySelector('.coin-icon')
  expect(btc?.getAttribute('data-initial')).toBe('B')
  expect(btc?.getAttribute('aria-hidden')).toBe('true')
})

it('lists in the contract account only USDT, and a coin still left there, each with its mark', async () => {
  vi.mocked(fetchAccounts).mockResolvedValue(EVERY_COIN)
  await renderScreen(() => <AccountAssets type={2} />)
  let list = await screen.findByRole('list', { name: 'Contract assets' })
  expect(names(list)).toEqual(['USDT'])
  expect(marks(list).every((mark) => mark !== null)).toBe(true)
  cleanup()

  vi.mocked(fetchAccounts).mockResolvedValue(EVERY_COIN.map((coin) => (coin.currencyName === 'ETH' ? row('ETH', '2') : coin)))
  store.set(userIdAtom, `coin-icons-${++user}`)
  await renderScreen(() => <AccountAssets type={2} />)
  list = await screen.findByRole('list', { name: 'Contract assets' })
  expect(names(list)).toEqual(['USDT', 'ETH'])
  expect(marks(list).every((mark) => mark !== null)).toBe(true)
})

it('the seconds screen lists the contract account the same way', async () => {
  vi.mocked(fetchAccount).mockResolvedValue(EVERY_COIN.map((coin) => (coin.currencyName === 'USDT' ? row('USDT', '990', '10') : coin)))
  await renderScreen(() => <ContractAssets />)
  const list = await screen.findByRole('list', { name: 'Contract assets' })
  expect(names(list)).toEqual(['USDT'])
  expect(marks(list).every((mark) => mark !== null)).toBe(true)
})

it('the address books show each coin with its mark', async () => {
  await renderScreen(() => <AddressCurrencyList />)
  const list = screen.getByRole('list', { name: 'Currencies' })
  expect(names(list)).toEqual([...CURRENCIES])
  expect(new Set(marks(list)).size).toBe(CURRENCIES.length)
})

it('a transfer into the contract account offers USDT alone; out of it, what it still holds', async () => {
  vi.mocked(fetchAccounts).mockImplementation(async (type) => (type === 1 ? [row('USDT', '100'), row('BTC', '1')] : [row('USDT', '5'), row('ETH', '2')]))
  const view = await renderScreen(() => <TransferForm type={1} currency="BTC" onCurrencyChange={() => undefined} onReverse={() => undefined} />)
  await screen.findByText('Available: 100 USDT')
  expect(offered()).toEqual(['USDT'])
  expect(picker().value).toBe('USDT')
  // The picker shows the chosen coin's mark beside the native select.
  expect(picker().parentElement?.querySelector('.coin-icon')?.getAttribute('data-initial')).toBe('U')
  view.unmount()

  await renderScreen(() => <TransferForm type={2} currency="ETH" onCurrencyChange={() => undefined} onReverse={() => undefined} />)
  await screen.findByText('Available: 2 ETH')
  expect(offered()).toEqual(['USDT', 'ETH'])
  expect(picker().parentElement?.querySelector('.coin-icon')?.getAttribute('data-initial')).toBe('E')
})

it("a coin's detail shows its mark, and offers a transfer only where the other account can hold it", async () => {
  vi.mocked(fetchAccounts).mockImplementation(async (type) => (type === 1 ? [row('USDT', '100'), row('BTC', '1')] : [row('USDT', '5'), row('ETH', '2')]))
  expect(await detail('BTC', 1)).toBeNull()
  expect(screen.getByRole('link', { name: 'Deposit' })).toBeTruthy()
  expect(await detail('USDT', 1)).toBe('/assert/transfer/1?currency=USDT')
  expect(await detail('ETH', 2)).toBe('/assert/transfer/2?currency=ETH')
})
