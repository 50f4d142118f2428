// A launched coin on the assets screen: no market quotes it, so a holding is valued at its listing
// price (src/contract/launch.ts coins) and counts in the total; its row shows its logo.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchAccounts, fetchLaunchCoins } from '../../src/features/assets/api'
import { amountsMaskedAtom, hideSmallAtom } from '../../src/features/assets/atoms'
import { AccountAssets } from '../../src/features/assets/components/account-assets'
import { AssetDetail } from '../../src/features/assets/components/asset-detail'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { renderScreen } from './render'

vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn(() => () => undefined) }))
vi.mock('../../src/features/assets/api', () => ({
  PRICE_LIST_TOPIC: { key: 'priceList', path: '/bb/huobi/getPriceList', body: {} },
  fetchAccounts: vi.fn(),
  fetchLaunchCoins: vi.fn(),
  watchQueuedTransfers: vi.fn(() => () => undefined),
  dismissQueuedTransfer: vi.fn(),
}))

afterEach(cleanup)
beforeEach(() => {
  store.set(userIdAtom, `launch-assets-${Math.random()}`)
  store.set(amountsMaskedAtom, false)
  store.set(hideSmallAtom, false)
  vi.mocked(fetchAccounts).mockReset().mockResolvedValue([
    { currencyName: 'USDT', availableCurrency: '100', frozenCurrency: '0' },
    { currencyName: 'BTC', availableCurrency: '0.01', frozenCurrency: '0' },
    { currencyName: 'NOVA', availableCurrency: '400', frozenCurrency: '200' },
  ])
  vi.mocked(fetchLaunchCoins).mockReset().mockResolvedValue([
    { symbol: 'NOVA', name: 'Nova Chain', logo: '/bb/launch/logo?id=1', price: '0.025', precision: 2 },
    // A launched coin the market quotes keeps the market's price.
    { symbol: 'BTC', name: 'Bitcoin', logo: '/bb/launch/logo?id=9', price: '1', precision: 8 },
  ])
})

const rowOf = (currency: string) => screen.getByRole('link', { name: currency }).closest('li') as HTMLElement
const figure = (currency: string, term: string) => within(rowOf(currency)).getByText(term).nextElementSibling?.textContent

it('values a held launched coin at its listing price, counts it in the total and shows its logo', async () => {
  await renderScreen(() => <AccountAssets type={1} />)
  await screen.findByRole('list', { name: 'Spot assets' })
  // (400 + 200) × 0.025 = 15 USDT.
  await waitFor(() => expect(figure('NOVA', 'Value (USDT)')).toBe('15.00'))
  expect(rowOf('NOVA').querySelector('img')?.getAttribute('src')).toBe('/bb/launch/logo?id=1')
  expect(fetchLaunchCoins).toHaveBeenCalled()

  const call = vi.mocked(subscribeMarket).mock.calls.findLast(([topic]) => topic.key === 'priceList')
  if (!call) throw new Error('nothing subscribed to the price list')
  act(() => call[1]({ status: 'ok', ts: 0, data: [{ symbol: 'btcusdt', baseCoin: 'BTC', quoteCoin: 'USDT', close: '60000' }] }))
  await waitFor(() => expect(figure('BTC', 'Value (USDT)')).toBe('600.00'))
  // 100 + 600 + 15.
  expect(screen.getByTestId('asset-total').textContent).toBe('715.00 USDT')
})

it("a launched coin's detail leads to selling it on the launchpad, not to a transfer it cannot make", async () => {
  await renderScreen(() => <AssetDetail currency="NOVA" account={1} />)
  const sell = await screen.findByRole('link', { name: 'Sell in my subscriptions' })
  expect(sell.getAttribute('href')).toBe('/home/record')
  expect(screen.queryByRole('link', { name: 'Transfer' })).toBeNull()
  await waitFor(() => expect(screen.getByText('Value (USDT)').nextElementSibling?.textContent).toBe('15.00'))
  cleanup()
  await renderScreen(() => <AssetDetail currency="USDT" account={1} />)
  await screen.findByRole('link', { name: 'Transfer' })
  expect(screen.queryByRole('link', { name: 'Sell in my subscriptions' })).toBeNull()
})
