// The current orders under the spot form: what each order shows, Cancel behind a confirmation
// that restates it (one idempotent call, "Cancelled", the lists and balances reloaded), the
// refusal offline, and a visitor who is asked to log in instead of seeing a list.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { cancelOrder, fetchOpenOrders, fetchSpotAccount } from '../../src/features/spot/api'
import { CurrentOrders } from '../../src/features/spot/components/current-orders'
import { formatDate } from '../../src/lib/format'
import { signInAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { orderPage as page, ORDER_TIME as AT, spotOrder } from '../support/spot-orders'
import { renderScreen } from './render'

vi.mock('../../src/features/spot/api', () => ({ fetchOpenOrders: vi.fn(), cancelOrder: vi.fn(), fetchSpotAccount: vi.fn() }))

let user = 0

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: `spot-orders-${++user}` })
  store.set(toastsAtom, [])
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  vi.mocked(fetchOpenOrders).mockReset()
  vi.mocked(cancelOrder).mockReset()
  vi.mocked(fetchSpotAccount).mockReset().mockResolvedValue([])
})

const shown = (row: HTMLElement, term: string) => within(row).getByText(term).nextElementSibling?.textContent
const stop = spotOrder('8', { side: 2, type: 3, price: '58000', triggerPrice: '58500', filled: '0', filledQuote: '0', avgPrice: '', status: 1 })

it("shows each order's side, type, prices, progress, average price and time", async () => {
  vi.mocked(fetchOpenOrders).mockResolvedValue(page([spotOrder('7'), stop]))
  await renderScreen(() => <CurrentOrders symbol="btcusdt" />)
  const list = await screen.findByRole('list', { name: 'Current orders' })
  const [limit, waiting] = within(list).getAllByRole('article')
  if (!limit || !waiting) throw new Error('two orders expected')
  expect(limit.getAttribute('aria-label')).toBe('Buy BTC/USDT order')
  expect(['Price', 'Filled / amount', 'Average price', 'Time'].map((term) => shown(limit, term)))
    .toEqual(['60,000.00', '0.05 / 0.2 BTC', '60,000.00', formatDate(AT)])
  expect(within(waiting).getByText('Stop-limit')).toBeTruthy()
  expect(within(waiting).getByText('Waiting for trigger')).toBeTruthy()
  expect(shown(waiting, 'Trigger price')).toBe('58,500.00')
  expect(shown(waiting, 'Average price')).toBe('--')
  expect(fetchOpenOrders).toHaveBeenCalledWith('btcusdt', 1)
  expect(screen.getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/trade/record')
})

it('cancels behind a confirmation with one keyed call, says "Cancelled" and reloads the orders and balances', async () => {
  vi.mocked(fetchOpenOrders).mockResolvedValueOnce(page([spotOrder('7'), stop])).mockResolvedValue(page([spotOrder('7')]))
  vi.mocked(cancelOrder).mockResolvedValue({ ...stop, status: 4 })
  await renderScreen(() => <CurrentOrders symbol="btcusdt" />)
  const list = await screen.findByRole('list', { name: 'Current orders' })
  const waiting = within(list).getByRole('article', { name: 'Sell BTC/USDT order' })
  fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel' }))
  const sheet = screen.getByRole('dialog', { name: 'Cancel this order?' })
  expect(within(sheet).getByText('Order').nextElementSibling?.textContent).toBe('Sell · Stop-limit')
  expect(within(sheet).getByText('Trigger price').nextElementSibling?.textContent).toBe('58,500.00')
  expect(cancelOrder).not.toHaveBeenCalled()
  // "Keep order" closes the sheet and sends nothing.
  fireEvent.click(within(sheet).getByRole('button', { name: 'Keep order' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(cancelOrder).not.toHaveBeenCalled()

  fireEvent.click(within(waiting).getByRole('button', { name: 'Cancel' }))
  vi.mocked(fetchSpotAccount).mockClear()
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'Cancelled' }))
  expect(cancelOrder).toHaveBeenCalledTimes(1)
  const [id, key] = vi.mocked(cancelOrder).mock.calls[0] ?? []
  expect(id).toBe('8')
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1))
  expect(fetchSpotAccount).toHaveBeenCalled()
})

it('refuses to cancel offline and sends nothing', async () => {
  vi.mocked(fetchOpenOrders).mockResolvedValue(page([spotOrder('7')]))
  await renderScreen(() => <CurrentOrders symbol="btcusdt" />)
  const list = await screen.findByRole('list', { name: 'Current orders' })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  fireEvent.click(within(list).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error' })
  expect(cancelOrder).not.toHaveBeenCalled()
})

it('lists every pair on request, and asks a visitor to log in without asking the server', async () => {
  vi.mocked(fetchOpenOrders).mockResolvedValue(page([]))
  await renderScreen(() => <CurrentOrders symbol="ethusdt" />)
  await screen.findByText('No open orders.')
  fireEvent.click(screen.getByRole('checkbox', { name: 'All pairs' }))
  await waitFor(() => expect(fetchOpenOrders).toHaveBeenLastCalledWith(undefined, 1))

  cleanup()
  vi.mocked(fetchOpenOrders).mockClear()
  act(() => store.set(tokenAtom, ''))
  await renderScreen(() => <CurrentOrders symbol="btcusdt" />)
  expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy()
  expect(fetchOpenOrders).not.toHaveBeenCalled()
})
