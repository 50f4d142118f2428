// The spot order history (/trade/record): the filter, paging (page 1 replaces, later pages
// append, no more at `sum`), a failed refresh that keeps the list, and an order's detail with its fills.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { HISTORY_FILTERS, type HistoryFilter } from '../../src/contract/spot.ts'
import { fetchHistory, fetchOrderDetail } from '../../src/features/spot/api'
import { OrderHistory } from '../../src/features/spot/components/order-history'
import { ApiError } from '../../src/lib/api-client'
import { formatDate } from '../../src/lib/format'
import { signInAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { orderPage, ORDER_TIME, spotOrder } from '../support/spot-orders'
import { renderScreen } from './render'

vi.mock('../../src/features/spot/api', () => ({ fetchHistory: vi.fn(), fetchOrderDetail: vi.fn(), cancelOrder: vi.fn(), fetchSpotAccount: vi.fn() }))

afterEach(cleanup)
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: 'spot-record' })
  vi.mocked(fetchHistory).mockReset()
  vi.mocked(fetchOrderDetail).mockReset()
})

function History() {
  const [filter, setFilter] = useState<HistoryFilter>(HISTORY_FILTERS.unfinished)
  return <OrderHistory filter={filter} onFilterChange={setFilter} />
}
const rows = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('article')

it('pages by the filter: page 1 replaces, later pages append, no more once the loaded count reaches the sum', async () => {
  const filled = Array.from({ length: 12 }, (_, index) => spotOrder(String(index + 1), { status: 3, filled: '0.2', filledQuote: '12000' }))
  vi.mocked(fetchHistory).mockImplementation(async (filter, pageNo) => {
    if (filter === HISTORY_FILTERS.unfinished) return orderPage([spotOrder('open-1')])
    return orderPage(filled.slice((pageNo - 1) * 10, pageNo * 10), 12)
  })
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  expect(screen.getByRole('tab', { name: 'Unfinished' }).getAttribute('aria-selected')).toBe('true')

  fireEvent.click(screen.getByRole('tab', { name: 'Finished' }))
  await waitFor(() => expect(rows()).toHaveLength(10))
  expect(within(rows()[0] as HTMLElement).getByText('Filled')).toBeTruthy()
  expect(screen.queryByText('No more orders')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await screen.findByText('No more orders')
  expect(rows()).toHaveLength(12)
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  expect(vi.mocked(fetchHistory).mock.calls).toEqual([[1, 1], [2, 1], [2, 2]])

  // A refresh that fails keeps the list it had, and says so.
  vi.mocked(fetchHistory).mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
  expect((await screen.findByRole('alert')).textContent).toContain('showing the last known orders')
  expect(rows()).toHaveLength(12)
})

it('says when a filter has no orders', async () => {
  vi.mocked(fetchHistory).mockResolvedValue(orderPage([]))
  await renderScreen(() => <History />)
  fireEvent.click(await screen.findByRole('tab', { name: 'Cancelled' }))
  await waitFor(() => expect(fetchHistory).toHaveBeenLastCalledWith(3, 1))
  expect(await screen.findByText('No orders here yet.')).toBeTruthy()
})

it("opens an order's detail: average price, total fee, the stop's trigger and every fill with its role and counterparty", async () => {
  const order = spotOrder('9', { type: 3, triggerPrice: '59000', triggeredAt: ORDER_TIME + 60_000, triggeredPrice: '58999.5', status: 3, filled: '0.2', filledQuote: '12000.5' })
  vi.mocked(fetchHistory).mockResolvedValue(orderPage([order]))
  vi.mocked(fetchOrderDetail).mockResolvedValue({
    ...order,
    fee: '12.0005',
    fills: [
      { id: 'f1', price: '60000', amount: '0.15', quoteAmount: '9000', fee: '9', role: 2, counterparty: 2, at: ORDER_TIME + 61_000 },
      { id: 'f2', price: '60002.5', amount: '0.05', quoteAmount: '3000.125', fee: '3.0005', role: 1, counterparty: 1, at: ORDER_TIME + 90_000 },
    ],
  })
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  fireEvent.click(screen.getByRole('button', { name: 'Details', expanded: false }))
  const detail = await screen.findByRole('region', { name: 'Order details' })
  const shown = (term: string) => within(detail).getByText(term).nextElementSibling?.textContent
  expect(['Average price', 'Total fee', 'Triggered'].map(shown)).toEqual([
    '60,000.00 USDT', '12.0005 USDT', `${formatDate(ORDER_TIME + 60_000)} @ 58,999.50`,
  ])
  const fills = within(within(detail).getByRole('list', { name: 'Fills' })).getAllByRole('listitem')
  expect(fills.map((fill) => fill.querySelector('.spot-fill__head')?.textContent)).toEqual([
    `${formatDate(ORDER_TIME + 61_000)}Taker · Market`,
    `${formatDate(ORDER_TIME + 90_000)}Maker · User`,
  ])
  expect(within(fills[1] as HTMLElement).getByText('Fee (USDT)').nextElementSibling?.textContent).toBe('3.0005')
  expect(fetchOrderDetail).toHaveBeenCalledWith('9')
})

it('says how much a filled market buy bought, in the base coin, beside what it spent', async () => {
  const bought = spotOrder('12', { type: 2, price: '', amount: '', total: '1000', filled: '0.01665', filledQuote: '999.5', avgPrice: '60030.03', status: 3 })
  vi.mocked(fetchHistory).mockResolvedValue(orderPage([bought]))
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  const row = rows()[0] as HTMLElement
  const shown = (term: string) => within(row).getByText(term).nextElementSibling?.textContent
  expect(shown('Spent / total')).toBe('999.5 / 1,000 USDT')
  expect(shown('Bought')).toBe('0.01665 BTC')
})
