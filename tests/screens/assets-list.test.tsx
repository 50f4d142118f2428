import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRow } from '../../src/contract/assets.ts'
import { fetchAccounts } from '../../src/features/assets/api'
import { amountsMaskedAtom, hideSmallAtom } from '../../src/features/assets/atoms'
import { AccountAssets } from '../../src/features/assets/components/account-assets'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { renderScreen } from './render'

// Balances come from a mocked api; prices from a hand-fed poll answer, as the 5 s tick would bring.
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn(() => () => undefined) }))
vi.mock('../../src/features/assets/api', () => ({
  PRICE_LIST_TOPIC: { key: 'priceList', path: '/bb/huobi/getPriceList', body: {} },
  fetchAccounts: vi.fn(),
  fetchPriceList: vi.fn(async () => ({ status: 'ok', ts: 0, data: [] })),
  watchQueuedTransfers: vi.fn(() => () => undefined),
  dismissQueuedTransfer: vi.fn(),
}))

const row = (currencyName: string, availableCurrency: string, frozenCurrency = '0'): AssetRow => ({ currencyName, availableCurrency, frozenCurrency })
const SPOT = [row('USDT', '10000', '0.5'), row('BTC', '0.5'), row('ETH', '5'), row('DOGE', '1'), row('XRP', '0.2')]
const PRICES = [
  { symbol: 'btcusdt', baseCoin: 'BTC', quoteCoin: 'USDT', close: '60000' },
  { symbol: 'ethusdt', baseCoin: 'ETH', quoteCoin: 'USDT', close: '3000' },
  { symbol: 'dogeusdt', baseCoin: 'DOGE', quoteCoin: 'USDT', close: '0.1' },
  { symbol: 'xrpusdt', baseCoin: 'XRP', quoteCoin: 'USDT', close: '0.50000005' },
]

let user = 0
afterEach(cleanup)
beforeEach(() => {
  // A user of its own per test: balances are kept per user, so no test sees another's list.
  store.set(userIdAtom, `screen-user-${++user}`)
  store.set(amountsMaskedAtom, false)
  store.set(hideSmallAtom, false)
  vi.mocked(subscribeMarket).mockClear()
  vi.mocked(fetchAccounts).mockReset()
})

function feedPrices() {
  const call = vi.mocked(subscribeMarket).mock.calls.findLast(([topic]) => topic.key === 'priceList')
  if (!call) throw new Error('nothing subscribed to the price list')
  act(() => call[1]({ status: 'ok', ts: 0, data: PRICES }))
}
const total = () => screen.getByTestId('asset-total').textContent
const rowOf = (currency: string) => screen.getByRole('link', { name: currency }).closest('li') as HTMLElement
const figure = (currency: string, term: string) => within(rowOf(currency)).getByText(term).nextElementSibling?.textContent
const currencies = () => within(screen.getByRole('list', { name: 'Spot assets' })).getAllByRole('link').map((link) => link.textContent)

it('shows a skeleton, then each currency with available, frozen and value, and the total in USDT', async () => {
  vi.mocked(fetchAccounts).mockResolvedValue(SPOT)
  await renderScreen(() => <AccountAssets type={1} />)
  expect(screen.getByRole('status', { name: 'Loading assets' })).toBeTruthy()
  await screen.findByRole('list', { name: 'Spot assets' })
  expect(fetchAccounts).toHaveBeenCalledWith(1)
  // Until the prices arrive only USDT has a value, and no total is claimed.
  expect(total()).toBe('--')
  expect(figure('USDT', 'Value (USDT)')).toBe('10,000.50')

  feedPrices()
  // 10000.5 + 0.5 × 60000 + 5 × 3000 + 1 × 0.1 + 0.2 × 0.50000005 = 55000.700000010
  // Read with their units, which the screen shows in the heading and the row (hidden text).
  expect(total()).toBe('55,000.70 USDT')
  expect(within(screen.getByTestId('asset-total')).getByText('USDT', { exact: false }).className).toBe('sr-only')
  expect(figure('USDT', 'Frozen')).toBe('0.5 USDT')
  expect(figure('BTC', 'Available')).toBe('0.5 BTC')
  expect(figure('BTC', 'Value (USDT)')).toBe('30,000.00')
  expect(rowOf('BTC').querySelector('a')?.getAttribute('href')).toBe('/assert/detail/BTC?account=1')
})

it('the eye masks the total and every amount, and is remembered', async () => {
  vi.mocked(fetchAccounts).mockResolvedValue(SPOT)
  await renderScreen(() => <AccountAssets type={1} />)
  await screen.findByRole('list', { name: 'Spot assets' })
  feedPrices()
  const eye = screen.getByRole('button', { name: 'Hide amounts' })
  fireEvent.click(eye)
  expect(eye.getAttribute('aria-pressed')).toBe('true')
  expect(total()).toBe('****')
  for (const term of ['Available', 'Frozen', 'Value (USDT)']) expect(figure('ETH', term)).toBe('****')
  expect(localStorage.getItem('Assets-Masked')).toBe('true')

  fireEvent.click(eye)
  expect(total()).toBe('55,000.70 USDT')
})

it('hiding small balances hides values of 0.1 USDT and less, and shows 0.10000001', async () => {
  vi.mocked(fetchAccounts).mockResolvedValue(SPOT)
  await renderScreen(() => <AccountAssets type={1} />)
  await screen.findByRole('list', { name: 'Spot assets' })
  feedPrices()
  expect(currencies()).toEqual(['USDT', 'BTC', 'ETH', 'DOGE', 'XRP'])
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }))
  // DOGE is worth exactly 0.1 (hidden); XRP 0.10000001 (shown). The total still counts both.
  expect(currencies()).toEqual(['USDT', 'BTC', 'ETH', 'XRP'])
  expect(total()).toBe('55,000.70 USDT')
  expect(localStorage.getItem('Assets-Hide-Small')).toBe('true')
})

it('a list that failed to load says so, and Retry loads it', async () => {
  vi.mocked(fetchAccounts).mockRejectedValueOnce(new Error('Server is busy, please try again later')).mockResolvedValue([row('USDT', '1000')])
  await renderScreen(() => <AccountAssets type={2} />)
  const alert = await screen.findByRole('alert', { name: 'Assets unavailable' })
  expect(alert.textContent).toContain('Server is busy, please try again later')
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
  await screen.findByRole('list', { name: 'Contract assets' })
  expect(total()).toBe('1,000.00 USDT')
  // The contract account offers transfer (from contract) and records, not deposits.
  expect(screen.getByRole('link', { name: 'Transfer' }).getAttribute('href')).toBe('/assert/transfer/2')
  expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull()
})
