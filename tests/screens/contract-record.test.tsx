// The contract position history (/contract/record): the status filter, paging (page 1 replaces,
// later pages append, "No more" at `sum`), a failed refresh that keeps the list, win or lose, and a
// position's detail with every label of spec §3 and its entry, trigger and exit.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { POSITION_FILTERS } from '../../src/contract/contracts.ts'
import { fetchHistory, fetchPosition } from '../../src/features/contract/api'
import { PositionHistory, type HistoryFilterName } from '../../src/features/contract/components/position-history'
import { ApiError } from '../../src/lib/api-client'
import { formatDate } from '../../src/lib/format'
import { signInAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { contractPosition, POSITION_TIME, tickAt } from '../support/contract-positions'
import { renderScreen } from './render'

vi.mock('../../src/features/contract/api', () => ({ fetchHistory: vi.fn(), fetchPosition: vi.fn(), fetchContractAccount: vi.fn() }))
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

afterEach(cleanup)
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: 'contract-record' })
  vi.mocked(subscribeMarket).mockImplementation((_topic, onAnswer) => {
    onAnswer({ status: 'ok', tick: tickAt('60500.00') })
    return () => undefined
  })
  vi.mocked(fetchHistory).mockReset()
  vi.mocked(fetchPosition).mockReset()
})

function History() {
  const [filter, setFilter] = useState<HistoryFilterName>('holding')
  return <PositionHistory filter={filter} onFilterChange={setFilter} />
}
const rows = () => within(screen.getByRole('list', { name: 'Positions' })).getAllByRole('article')
const page = <T,>(list: T[], sum = list.length) => ({ list, sum })

const won = (id: string) => contractPosition(id, {
  status: 3, quantity: '0', margin: '0', closeReason: 3, result: 1, exitPrice: '61000.00', takeProfit: '61000.00',
  realizedPnl: '100', closeFee: '3.05', closedAt: POSITION_TIME + 3_600_000,
})

it('pages by status: page 1 replaces, later pages append, "No more" once the loaded count reaches the sum', async () => {
  const finished = Array.from({ length: 12 }, (_, index) => won(String(index + 1)))
  vi.mocked(fetchHistory).mockImplementation(async (status, pageNo) => {
    if (status === POSITION_FILTERS.holding) return page([contractPosition('h1')])
    return page(finished.slice((pageNo - 1) * 10, pageNo * 10), 12)
  })
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  expect(screen.getByRole('tab', { name: 'Holding' }).getAttribute('aria-selected')).toBe('true')

  fireEvent.click(screen.getByRole('tab', { name: 'Finished' }))
  await waitFor(() => expect(rows()).toHaveLength(10))
  expect(within(rows()[0] as HTMLElement).getByText('Win')).toBeTruthy()
  expect(screen.queryByText('No more')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await screen.findByText('No more')
  expect(rows()).toHaveLength(12)
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  expect(vi.mocked(fetchHistory).mock.calls).toEqual([[1, 1], [2, 1], [2, 2]])

  // A refresh that fails keeps the list it had, and says so.
  vi.mocked(fetchHistory).mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
  expect((await screen.findByRole('alert')).textContent).toContain('showing the last known list')
  expect(rows()).toHaveLength(12)
})

it('says when a status has no positions', async () => {
  vi.mocked(fetchHistory).mockResolvedValue(page([]))
  await renderScreen(() => <History />)
  fireEvent.click(await screen.findByRole('tab', { name: 'Liquidated' }))
  await waitFor(() => expect(fetchHistory).toHaveBeenLastCalledWith(3, 1))
  expect(await screen.findByText('No positions here yet.')).toBeTruthy()
})

it("shows a lost position's result and opens its detail: every label of the spec, the trigger, the exit and the fees", async () => {
  const liquidated = contractPosition('9', {
    status: 4, quantity: '0', margin: '0', closeReason: 4, result: 2, exitPrice: '54270.00', realizedPnl: '-600', closedAt: POSITION_TIME + 60_000,
    stopLoss: '', takeProfit: '65000.00',
  })
  vi.mocked(fetchHistory).mockResolvedValue(page([liquidated]))
  vi.mocked(fetchPosition).mockResolvedValue(liquidated)
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  const card = rows()[0] as HTMLElement
  expect(within(card).getByText('Lose')).toBeTruthy()
  expect(within(card).getByText('Liquidated')).toBeTruthy()
  const realised = within(card).getByText('Realised P/L (USDT)').nextElementSibling?.firstElementChild as HTMLElement
  // Read with its unit: the column heading's USDT is not beside the figure.
  expect(realised.textContent).toBe('-600 USDT')
  expect(realised.className).toBe('trend--down')

  fireEvent.click(within(card).getByRole('button', { name: 'Details', expanded: false }))
  const detail = await screen.findByRole('region', { name: 'Position details' })
  expect(fetchPosition).toHaveBeenCalledWith('9')
  const shown = (term: string) => within(detail).getByText(term).nextElementSibling?.textContent
  expect(['ID', 'Type', 'Limit', 'Multiple', 'Buy price', 'Current price', 'Profit/loss', 'Time', 'Status', 'Stop loss', 'Take profit'].map(shown)).toEqual([
    '9', 'Long · Market', 'Market', '10×', '60,000.00 USDT', '60,500.00 USDT', '-600 USDT', formatDate(POSITION_TIME), 'Liquidated', '--', '65,000.00 USDT',
  ])
  expect(['Entered at', 'Close reason', 'Trigger price', 'Exit price', 'Closed at', 'Open fee', 'Close fee', 'Net of fees', 'Result'].map(shown)).toEqual([
    formatDate(POSITION_TIME), 'Liquidation', '54,271.36 USDT', '54,270.00 USDT', formatDate(POSITION_TIME + 60_000), '3 USDT', '0 USDT', '-603 USDT', 'Lose',
  ])
})

it('offers Retry when a detail cannot be loaded', async () => {
  vi.mocked(fetchHistory).mockResolvedValue(page([won('5')]))
  vi.mocked(fetchPosition).mockRejectedValueOnce(new ApiError('Position not found', { kind: 'business', code: 0 })).mockResolvedValueOnce(won('5'))
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  fireEvent.click(screen.getByRole('button', { name: 'Details' }))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('The position details could not be loaded. Position not found')
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
  const detail = await screen.findByRole('region', { name: 'Position details' })
  expect(within(detail).getByText('Close reason').nextElementSibling?.textContent).toBe('Take profit')
  expect(within(detail).getByText('Trigger price').nextElementSibling?.textContent).toBe('61,000.00 USDT')
})

const closesOf = (card: HTMLElement) => within(within(card).getByRole('list', { name: 'Closes' })).getAllByRole('listitem')
const figureIn = (item: HTMLElement, term: string) => within(item).getByText(term).nextElementSibling?.textContent

it('lists each close of a position closed in parts — quantity, price, P/L — and a position closed in one go as before', async () => {
  const CLOSED = POSITION_TIME + 60_000
  const halfClosed = contractPosition('21', {
    quantity: '0.05', margin: '300', realizedPnl: '25', closeFee: '1.525',
    closes: [{ quantity: '0.05', price: '60500.00', pnl: '25', fee: '1.5125', reason: 1, closedAt: CLOSED }],
  })
  const inParts = contractPosition('22', {
    status: 3, quantity: '0', margin: '0', closeReason: 1, result: 2, exitPrice: '59000.00', realizedPnl: '-25', closeFee: '3', closedAt: CLOSED + 60_000,
    closes: [
      { quantity: '0.05', price: '60500.00', pnl: '25', fee: '1.5125', reason: 1, closedAt: CLOSED },
      { quantity: '0.05', price: '59000.00', pnl: '-50', fee: '1.475', reason: 2, closedAt: CLOSED + 60_000 },
    ],
  })
  const atOnce = won('23')
  vi.mocked(fetchHistory).mockImplementation(async (status) => page(status === POSITION_FILTERS.holding ? [halfClosed] : [inParts, { ...atOnce, closes: [{ quantity: '0.1', price: '61000.00', pnl: '100', fee: '3.05', reason: 3, closedAt: CLOSED }] }]))
  await renderScreen(() => <History />)
  await waitFor(() => expect(rows()).toHaveLength(1))
  // The half still held shows the half closed, in the holding tab.
  const [half] = closesOf(rows()[0] as HTMLElement)
  expect([figureIn(half as HTMLElement, 'Closed'), figureIn(half as HTMLElement, 'Price'), figureIn(half as HTMLElement, 'P/L')]).toEqual(['0.05 BTC', '60,500.00', '+25 USDT'])
  expect(within(half as HTMLElement).getByText(formatDate(CLOSED))).toBeTruthy()

  fireEvent.click(screen.getByRole('tab', { name: 'Finished' }))
  await waitFor(() => expect(rows()).toHaveLength(2))
  const parts = closesOf(rows()[0] as HTMLElement)
  expect(parts.map((item) => figureIn(item, 'P/L'))).toEqual(['+25 USDT', '-50 USDT'])
  expect(within(parts[1] as HTMLElement).getByText('Stop loss')).toBeTruthy()
  expect(within(rows()[1] as HTMLElement).queryByRole('list', { name: 'Closes' })).toBeNull()
})
