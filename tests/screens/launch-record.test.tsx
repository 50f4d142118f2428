// My subscriptions (/home/record): status and tag (LOCKED with the time to unlock, HOLD with Sell,
// SELLED), the amounts, the sale's figures before confirming, one key per sale, nothing sent offline.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchSubscriptions, sell } from '../../src/features/launch/api'
import { clockOffsetAtom } from '../../src/features/launch/atoms'
import { SubscriptionList } from '../../src/features/launch/components/subscription-list'
import { loadCatalog } from '../../src/lib/i18n'
import { signInAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { SERVER_NOW, subscription, timed } from './launch-fixtures'
import { renderScreen } from './render'

vi.mock('../../src/features/launch/api', () => ({ fetchSubscriptions: vi.fn(), sell: vi.fn(), fetchSpotAccount: vi.fn() }))

afterEach(() => {
  cleanup()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
})
beforeEach(async () => {
  store.set(signInAtom, { token: 'token', userId: 'launch-record' })
  store.set(toastsAtom, [])
  store.set(clockOffsetAtom, SERVER_NOW - Date.now())
  vi.mocked(fetchSubscriptions).mockReset()
  vi.mocked(sell).mockReset()
  await loadCatalog('launch')
})

const rows = () => within(screen.getByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem')
const shown = (row: HTMLElement, term: string) => within(row).getByText(term).nextElementSibling?.textContent

const LIST = [
  subscription('1', { phase: 'joining', status: 'pending', tag: null, allocated: null, refunded: null, sellable: '0', settledAt: null }),
  subscription('2', { tag: 'LOCKED', unlockAt: SERVER_NOW + 26 * 3_600_000 + 3000, sellable: '0' }),
  subscription('3'),
  subscription('4', { tag: 'SELLED', sellable: '0', sold: '30', proceeds: '13.5', fee: '1.5' }),
]

it('shows each subscription with its phase, tag and amounts, and the time left until unlock', async () => {
  vi.mocked(fetchSubscriptions).mockResolvedValue(timed({ list: LIST, total: 4 }))
  await renderScreen(() => <SubscriptionList />)
  await waitFor(() => expect(rows()).toHaveLength(4))
  const [joining, locked, hold, sold] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
  expect(within(joining).getByText('Joining')).toBeTruthy()
  expect([shown(joining, 'Subscribed'), shown(joining, 'Frozen'), shown(joining, 'Allocated'), shown(joining, 'Refunded')]).toEqual(['40 NC1', '20 USDT', '--', '--'])
  expect(within(locked).getByText('Locked')).toBeTruthy()
  expect(shown(locked, 'Unlocks in')).toMatch(/^1d 02:00:0[23]$/)
  expect(within(locked).queryByRole('button', { name: /Sell/ })).toBeNull()
  expect(within(hold).getByText('Holding')).toBeTruthy()
  expect([shown(hold, 'Allocated'), shown(hold, 'Refunded')]).toEqual(['30 NC1', '5 USDT'])
  // Allocated: nothing is frozen any more (Assets shows 0 frozen): 15 USDT paid for 30 × 0.5, 5 back.
  expect(within(hold).queryByText('Frozen')).toBeNull()
  expect(shown(hold, 'Paid')).toBe('15 USDT')
  expect(within(locked).queryByText('Frozen')).toBeNull()
  expect(within(hold).getByRole('button', { name: 'Sell 30 NC1' })).toBeTruthy()
  expect(within(sold).getByText('Sold', { selector: '.launch-tag' })).toBeTruthy()
  expect([shown(sold, 'Proceeds after fees')]).toEqual(['13.5 USDT'])
  expect(within(sold).queryByRole('button')).toBeNull()
})

it('shows gross, fee (burn and stakers) and net before selling, sells once with its key and reloads', async () => {
  vi.mocked(fetchSubscriptions).mockResolvedValue(timed({ list: LIST, total: 4 }))
  vi.mocked(sell).mockResolvedValue({} as never)
  await renderScreen(() => <SubscriptionList />)
  await waitFor(() => expect(rows()).toHaveLength(4))
  fireEvent.click(screen.getByRole('button', { name: 'Sell 30 NC1' }))
  const sheet = screen.getByRole('dialog', { name: 'Sell to the launchpad pool' })
  const figure = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  // 30 × 0.5 = 15 USDT; 10 % fee = 1.5, of which 2.5 % of 15 = 0.375 burned and 1.125 to stakers.
  expect(['Quantity', 'Gross', 'Fee', 'of which burned', 'of which to stakers', 'You receive'].map(figure))
    .toEqual(['30 NC1', '15 USDT', '1.5 USDT', '0.375 USDT', '1.125 USDT', '13.5 USDT'])
  expect(sell).not.toHaveBeenCalled()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Sell' }))
  expect(within(sheet).getByText('Please enter fund password')).toBeTruthy()
  expect(sell).not.toHaveBeenCalled()
  fireEvent.change(within(sheet).getByLabelText('Fund password'), { target: { value: '123456' } })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Sell' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const [[input, key]] = vi.mocked(sell).mock.calls as [[unknown, string]]
  expect(input).toEqual({ id: '3', quantity: '30', tradePassword: '123456' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  await waitFor(() => expect(fetchSubscriptions).toHaveBeenCalledTimes(2))
})

it('refuses to sell offline and sends nothing', async () => {
  vi.mocked(fetchSubscriptions).mockResolvedValue(timed({ list: LIST, total: 4 }))
  await renderScreen(() => <SubscriptionList />)
  await waitFor(() => expect(rows()).toHaveLength(4))
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
  window.dispatchEvent(new Event('offline'))
  await screen.findByText('You are offline. Tokens can only be sold while connected.')
  fireEvent.click(screen.getByRole('button', { name: 'Sell 30 NC1' }))
  expect(store.get(toastsAtom)[0]?.kind).toBe('error')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(sell).not.toHaveBeenCalled()
})

it('says when there is nothing yet, in the user language', async () => {
  vi.mocked(fetchSubscriptions).mockResolvedValue(timed({ list: [], total: 0 }))
  await renderScreen(() => <SubscriptionList />, 'ko')
  await screen.findByText('아직 참여한 프로젝트가 없습니다.')
})
