// The seconds order lists: the countdown runs on the server's clock (not the phone's) and is no
// live region (a screen reader would speak it every second), a due order is followed up until it
// settles and then shows win/lose with its profit and is announced once, by a toast; the detail
// has the spec's labels, paging appends, and a failed refresh keeps the last known list.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { MessageDescriptor } from '@lingui/core'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { SecondsOrder, SecondsOrderPage } from '../../src/contract/seconds.ts'
import { fetchAccount, fetchOrder, fetchOrders } from '../../src/features/seconds/api'
import { ordersChangedAtom } from '../../src/features/seconds/atoms'
import { OrderSection } from '../../src/features/seconds/components/order-section'
import { ApiError } from '../../src/lib/api-client'
import { formatDate } from '../../src/lib/format'
import { i18n } from '../../src/lib/i18n'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/seconds/api', () => ({ fetchOrders: vi.fn(), fetchOrder: vi.fn(), fetchAccount: vi.fn() }))

const PHONE = 1_760_000_000_000
/** The server's clock runs 90 s ahead of this phone's. */
const SERVER = PHONE + 90_000

const order = (id: number, over: Partial<SecondsOrder> = {}): SecondsOrder => ({
  id: String(id), baseCoin: 'BTC', quoteCoin: 'USDT', tradeType: 1, openAmount: '10', fee: '0', positionTime: 30, incomeRate: '0.8',
  openTime: SERVER, settleTime: SERVER + 30_000, openPrice: '60000.12', settlePrice: '', status: 1, result: null, profit: '', ...over,
})
const page = (list: SecondsOrder[], totalRow = list.length): SecondsOrderPage => ({ list, totalRow, serverTime: SERVER })
let now = PHONE
let user = 0

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(userIdAtom, `seconds-orders-${++user}`)
  store.set(toastsAtom, [])
  now = PHONE
  vi.spyOn(Date, 'now').mockImplementation(() => now)
  vi.mocked(fetchOrders).mockReset()
  vi.mocked(fetchOrder).mockReset()
  vi.mocked(fetchAccount).mockReset().mockResolvedValue([])
})

const openList = () => screen.getByRole('list', { name: 'Open orders' })
/** The open order's row: its name carries the time left, which the screen shows as mm:ss. */
const countdownRow = (left: string) => screen.findByRole('button', { name: `BTC/USDT Up 10 USDT Settles in ${left}` })
const LIVE = '[aria-live], [role="status"], [role="timer"], [role="log"], [role="alert"]'

it('counts down on the server clock, follows the due order up and shows it settled with its profit', async () => {
  vi.mocked(fetchOrders).mockImplementation(async (query) => (query.entryStatus === 1 ? page([order(1)]) : page([])))
  await renderScreen(() => <OrderSection pair={{ base: 'BTC', quote: 'USDT' }} />)
  // The phone's clock alone would say 02:00: the order settles 30 s after the server's now.
  const row = await countdownRow('00:30')
  expect(within(row).getByText('00:30')).toBeTruthy()
  // Read when the trader reaches the row, never spoken by itself every second.
  expect(row.closest(LIVE) ?? row.querySelector(LIVE)).toBeNull()
  expect(within(openList()).getByText('Up')).toBeTruthy()
  act(() => void (now = PHONE + 25_500))
  await countdownRow('00:05')

  const settled = order(1, { status: 2, result: 1, settlePrice: '60010.5', profit: '8' })
  vi.mocked(fetchOrder).mockResolvedValue(settled)
  vi.mocked(fetchOrders).mockImplementation(async (query) => (query.entryStatus === 1 ? page([]) : page([settled])))
  act(() => void (now = PHONE + 30_000))
  await screen.findByText('Settling…')
  const result = await screen.findByRole('article', { name: 'Settled order BTC/USDT' }, { timeout: 3000 })
  expect(within(result).getByText('Win')).toBeTruthy()
  expect(within(result).getByText('+8 USDT').closest('.seconds-trend--up')).toBeTruthy()
  // Announced once, politely, by the toast (the app's live region); the result card is no second one.
  expect(store.get(toastsAtom).map((shown) => [shown.kind, i18n._(shown.text as MessageDescriptor)]))
    .toEqual([['success', 'BTC/USDT Up settled: Win, +8 USDT']])
  expect(result.closest(LIVE)).toBeNull()
  expect(fetchOrder).toHaveBeenCalledWith('1')
  await waitFor(() => expect(fetchAccount).toHaveBeenCalled())
  await screen.findByText('No open orders.')
})

it("the detail shows the spec's labels with both prices, holding time and the order profit", async () => {
  const lost = order(7, { tradeType: 2, status: 2, result: 2, settlePrice: '60100', profit: '-10', fee: '0.01' })
  vi.mocked(fetchOrders).mockImplementation(async (query) => page(query.entryStatus === 2 ? [lost] : []))
  await renderScreen(() => <OrderSection initialTab="settled" />)
  const list = await screen.findByRole('list', { name: 'Settled orders' })
  fireEvent.click(within(list).getByRole('button', { expanded: false }))
  const detail = screen.getByLabelText('Order details')
  const shown = (term: string) => within(detail).getByText(term).nextElementSibling?.textContent
  expect(['Opening time', 'Opening amount', 'Profit rate', 'Opening price', 'Settlement price', 'Holding time', 'Fee', 'Order profit'].map(shown))
    .toEqual([formatDate(SERVER), '10 USDT', '80%', '60,000.12', '60,100.00', '30 s', '0.01 USDT', '-10 USDT'])
  expect(within(list).getByText('Lose')).toBeTruthy()
  expect(fetchOrders).toHaveBeenCalledWith({ entryStatus: 2 }, 1)
})

it('appends later pages until totalRow, and keeps the last list when a refresh fails', async () => {
  const many = Array.from({ length: 12 }, (_, index) => order(index + 1))
  vi.mocked(fetchOrders).mockResolvedValueOnce(page(many.slice(0, 10), 12)).mockResolvedValueOnce(page(many.slice(10), 12))
  await renderScreen(() => <OrderSection pair={{ base: 'BTC', quote: 'USDT' }} />)
  await screen.findAllByRole('button', { name: /Settles in/ })
  expect(within(openList()).getAllByRole('listitem')).toHaveLength(10)
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await screen.findByText('No more')
  expect(within(openList()).getAllByRole('listitem')).toHaveLength(12)
  expect(vi.mocked(fetchOrders).mock.calls.map(([query, pageNo]) => [query, pageNo])).toEqual([
    [{ entryStatus: 1, baseCoin: 'BTC', quoteCoin: 'USDT' }, 1],
    [{ entryStatus: 1, baseCoin: 'BTC', quoteCoin: 'USDT' }, 2],
  ])

  vi.mocked(fetchOrders).mockRejectedValue(new ApiError('Network error', { kind: 'network' }))
  act(() => void store.set(ordersChangedAtom))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('showing the last known list')
  expect(within(openList()).getAllByRole('listitem')).toHaveLength(12)
})
