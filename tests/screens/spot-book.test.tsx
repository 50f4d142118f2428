// The spot book: levels on the chosen price grid (the book call's type), 5 or 20 a side with the
// running total, depth bars, and its states — loading, failure, and a failed refresh that keeps
// the last book.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchBook } from '../../src/features/spot/api'
import { SpotBook } from '../../src/features/spot/components/spot-book'
import { pairRules } from '../../src/features/spot/logic'
import { renderScreen } from './render'

vi.mock('../../src/features/spot/api', () => ({ fetchBook: vi.fn() }))

const BOOK = { asks: [['60001.25', '0.5'], ['60002', '1.5']], bids: [['59999.75', '1'], ['59990', '3']], type: 'step0', ts: 1 } as const
const rules = pairRules({ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' })

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})
beforeEach(() => {
  vi.mocked(fetchBook).mockReset().mockResolvedValue({ ...BOOK, asks: [...BOOK.asks], bids: [...BOOK.bids] } as never)
})

function Book({ full = false, onPick = () => undefined }: { full?: boolean; onPick?: (price: string) => void }) {
  return <SpotBook rules={rules} lastPrice="60000.5" trend="up" full={full} onFullChange={() => undefined} onPick={onPick} />
}

it('lists asks above the last price and bids below, best nearest the middle, with depth bars of the running total', async () => {
  const onPick = vi.fn()
  await renderScreen(() => <Book onPick={onPick} />)
  const asks = within(await screen.findByRole('list', { name: 'Asks' })).getAllByRole('button')
  const bids = within(screen.getByRole('list', { name: 'Bids' })).getAllByRole('button')
  // Each level is named by its content (a hidden sentence; the seen figures are aria-hidden).
  expect(asks.map((level) => within(level).getByText(/^Price /).textContent)).toEqual(['Price 60,002.00, amount 1.500000', 'Price 60,001.25, amount 0.500000'])
  expect(bids.map((level) => level.style.getPropertyValue('--depth'))).toEqual(['0.25', '1'])
  expect(asks[1]?.style.getPropertyValue('--depth')).toBe('0.125')
  expect(screen.getByText('60,000.50').className).toContain('trend--up')
  fireEvent.click(bids[0] as HTMLElement)
  expect(onPick).toHaveBeenCalledWith('59999.75')
  expect(fetchBook).toHaveBeenCalledWith('btcusdt', 'step0', 5)
})

it('asks for the chosen grid and for 20 levels in the full view, with the total column', async () => {
  await renderScreen(() => <Book full />)
  await screen.findByRole('list', { name: 'Asks' })
  expect(fetchBook).toHaveBeenLastCalledWith('btcusdt', 'step0', 20)
  const step = screen.getByRole('combobox', { name: 'Price step' }) as HTMLSelectElement
  expect([...step.options].map((option) => option.textContent)).toEqual(['0.01', '0.1', '1', '10', '100', '1,000'])
  fireEvent.change(step, { target: { value: 'step2' } })
  await waitFor(() => expect(fetchBook).toHaveBeenLastCalledWith('btcusdt', 'step2', 20))
  const [first] = within(await screen.findByRole('list', { name: 'Bids' })).getAllByRole('button')
  // Price, amount and the running total (the seen cells, after the level's hidden name).
  expect([...(first?.querySelectorAll('[aria-hidden="true"]') ?? [])].map((cell) => cell.textContent)).toEqual(['59,999.75', '1.000000', '1.000000'])
})

it('says when the book cannot load, and keeps the last book when a 5 s refresh fails', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  vi.mocked(fetchBook).mockReset().mockRejectedValueOnce(new Error('Network error'))
  await renderScreen(() => <Book />)
  expect((await screen.findByRole('alert')).textContent).toBe('The order book could not be loaded; retrying…')
  vi.mocked(fetchBook).mockResolvedValueOnce({ ...BOOK, asks: [...BOOK.asks], bids: [...BOOK.bids] } as never)
  await act(async () => void vi.advanceTimersByTime(5000))
  await screen.findByRole('list', { name: 'Asks' })
  vi.mocked(fetchBook).mockRejectedValueOnce(new Error('Network error'))
  await act(async () => void vi.advanceTimersByTime(5000))
  await screen.findByText('Not refreshed: showing the last book.')
  expect(within(screen.getByRole('list', { name: 'Bids' })).getAllByRole('button')).toHaveLength(2)
})

// Issue 30 (WCAG 2.5.3): the name of "5" and "20" starts with the number shown, so a voice user can say it.
it('names the 5 and 20 levels buttons by the number shown, then what it counts, and reads the last price with its unit', async () => {
  await renderScreen(() => <Book />)
  await screen.findByRole('list', { name: 'Asks' })
  const levels = within(screen.getByRole('group', { name: 'Levels shown' })).getAllByRole('button')
  // (happy-dom puts a space between the inline spans of a name.)
  expect(levels).toEqual([screen.getByRole('button', { name: /^5 ?, levels a side$/ }), screen.getByRole('button', { name: /^20 ?, levels a side$/ })])
  expect(screen.getByText('60,000.50').textContent).toBe('Last price 60,000.50 USDT')
})
