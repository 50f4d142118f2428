import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { fetchRecords } from '../../src/features/assets/api'
import { RecordList } from '../../src/features/assets/components/record-list'
import { formatDate } from '../../src/lib/format'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({ fetchRecords: vi.fn() }))

const record = (id: number, over: Partial<AssetRecord> = {}): AssetRecord => ({
  id: String(id), accountType: 1, tradeType: 4, currency: 'USDT', amount: '-100', fee: '0', actualArrival: '100',
  status: 1, remark: '', info: '', createdAt: 1_760_000_000_000 + id, ...over,
})
const page = (from: number, count: number, sum: number) => ({ list: Array.from({ length: count }, (_, i) => record(from + i)), sum })
const items = () => within(screen.getByRole('region', { name: 'Records' })).queryAllByRole('article')

afterEach(cleanup)
beforeEach(() => vi.mocked(fetchRecords).mockReset())

it('shows every field of a record, in words', async () => {
  vi.mocked(fetchRecords).mockResolvedValue({
    list: [record(1, { tradeType: 2, status: 0, amount: '50', fee: '1', actualArrival: '49', remark: 'TRC20', info: 'TXabc…' })],
    sum: 1,
  })
  await renderScreen(() => <RecordList query={{ currency: 'USDT' }} />)
  const item = await screen.findByRole('article', { name: 'Withdrawal USDT' })
  const shown = (term: string) => within(item).getByText(term).nextElementSibling?.textContent
  expect(within(item).getByText('Pending review')).toBeTruthy()
  expect([shown('Amount'), shown('Fee'), shown('Actual arrival'), shown('Remark'), shown('Info')]).toEqual(['50', '1', '49', 'TRC20', 'TXabc…'])
  expect(shown('Time')).toBe(formatDate(1_760_000_000_001))
  expect(fetchRecords).toHaveBeenCalledWith({ currency: 'USDT', pageNo: 1 })
})

it('page 1 replaces, later pages append, and paging stops at the total', async () => {
  vi.mocked(fetchRecords).mockResolvedValueOnce(page(1, 10, 12)).mockResolvedValueOnce(page(11, 2, 12))
  await renderScreen(() => <RecordList query={{}} />)
  await screen.findAllByRole('article')
  expect(items()).toHaveLength(10)

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await screen.findByText('No more records')
  expect(items()).toHaveLength(12)
  expect(vi.mocked(fetchRecords).mock.calls.at(-1)?.[0]).toEqual({ pageNo: 2 })
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()

  vi.mocked(fetchRecords).mockResolvedValueOnce(page(100, 3, 3))
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
  await vi.waitFor(() => expect(items()).toHaveLength(3))
  expect(vi.mocked(fetchRecords).mock.calls.at(-1)?.[0]).toEqual({ pageNo: 1 })
})

it('says when there are no records', async () => {
  vi.mocked(fetchRecords).mockResolvedValue({ list: [], sum: 0 })
  await renderScreen(() => <RecordList query={{ tradeType: 5 }} />)
  await screen.findByText('No records yet.')
})
