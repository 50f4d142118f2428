import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { fetchRecords } from '../../src/features/assets/api'
import { RecordList } from '../../src/features/assets/components/record-list'
import { formatDate } from '../../src/lib/format'
import { loadCatalog } from '../../src/lib/i18n'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({ fetchRecords: vi.fn() }))

const record = (id: number, over: Partial<AssetRecord> = {}): AssetRecord => ({
  id: String(id), accountType: 1, tradeType: 4, currency: 'USDT', amount: '-100', fee: '0', actualArrival: '100',
  status: 1, remark: '', info: '', kind: '', params: {}, createdAt: 1_760_000_000_000 + id, ...over,
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
  // Figures are read with their currency (hidden text: the record's heading shows it).
  expect([shown('Amount'), shown('Fee'), shown('Actual arrival'), shown('Remark'), shown('Info')]).toEqual(['50 USDT', '1 USDT', '49 USDT', 'TRC20', 'TXabc…'])
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

const infoOf = (item: HTMLElement) => within(item).getByText(/^(Info|说明)$/).nextElementSibling?.textContent

it('writes what each record says in the reader’s language, and names a seconds order as such', async () => {
  const records = [
    record(1, {
      tradeType: 6, accountType: 2, amount: '-10', actualArrival: '18.5', info: '#7 BTC/USDT 85900.1 → 85901, profit +8.5',
      kind: 'secondsSettled', params: { orderId: '7', symbol: 'BTC/USDT', openPrice: '85900.1', settlePrice: '85901', profit: '8.5' },
    }),
    record(2, {
      tradeType: 9, accountType: 2, amount: '0.5', info: '#12 BTC/USDT long 10× closed 0.005 of 0.01 @ 60100, P/L +0.5',
      kind: 'futuresClose', params: { positionId: '12', symbol: 'BTC/USDT', direction: 'long', leverage: '10', reason: 'user', quantity: '0.005', holding: '0.01', price: '60100', pnl: '0.5' },
    }),
    record(3, { tradeType: 7, info: 'words of an operator' }),
  ]
  vi.mocked(fetchRecords).mockResolvedValue({ list: records, sum: 3 })
  await loadCatalog('assets')
  await renderScreen(() => <RecordList query={{}} />)
  const [seconds, futures, credit] = await screen.findAllByRole('article')
  expect(within(seconds as HTMLElement).getByText('Seconds contract')).toBeTruthy()
  expect(infoOf(seconds as HTMLElement)).toBe('Order #7 BTC/USDT: 85,900.1 → 85,901, profit +8.5 USDT')
  expect(infoOf(futures as HTMLElement)).toBe('#12 BTC/USDT long 10×: closed 0.005 of 0.01 BTC at 60,100, P/L +0.5 USDT')
  expect(infoOf(credit as HTMLElement)).toBe('words of an operator')
  cleanup()

  await renderScreen(() => <RecordList query={{}} />, 'zh-CN')
  const [secondsZh, futuresZh] = await screen.findAllByRole('article')
  expect(within(secondsZh as HTMLElement).getByText('秒合约')).toBeTruthy()
  expect(within(secondsZh as HTMLElement).queryByText('合约')).toBeNull()
  expect(infoOf(futuresZh as HTMLElement)).toBe('#12 BTC/USDT 多 10×：以 60,100 平仓 0.005 BTC（共 0.01），盈亏 +0.5 USDT')
  await renderScreen(() => <></>, 'en-US')
})
