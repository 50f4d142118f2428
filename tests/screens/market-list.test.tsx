import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { PAIR_CATALOGUE, QUOTE_COINS, toSymbol, type QuoteCoin } from '../../src/contract/market.ts'
import { MarketList } from '../../src/features/market/components/market-list'
import { pairFamily, quoteListFamily } from '../../src/features/market/atoms'
import { formatPrice } from '../../src/lib/format'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { store } from '../../src/lib/store'
import { detailOf, usdtDetails } from '../support/market-fixtures'
import { renderScreen } from './render'

// The poll is replaced by hand-fed answers, and formatPrice is watched: each row renders its price
// once, so its calls tell which rows re-rendered on a tick.
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn(() => () => undefined) }))
vi.mock('../../src/lib/format', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/format')>()
  return { ...original, formatPrice: vi.fn(original.formatPrice) }
})
vi.mock('../../src/features/market/api', () => ({ fetchDetailsByQuote: vi.fn(async () => ({ status: 'ok', ts: 0, data: usdtDetails() })) }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(subscribeMarket).mockClear()
  for (const quote of QUOTE_COINS) {
    store.set(quoteListFamily(quote), { state: 'loading', symbols: [] })
    for (const base of PAIR_CATALOGUE[quote]) store.set(pairFamily(toSymbol(base, quote)), null)
  }
})

/** The poll's answer to the latest subscription of `key`, or its failure. */
function feed(key: string, answer: { data: unknown } | Error) {
  const call = vi.mocked(subscribeMarket).mock.calls.findLast(([topic]) => topic.key === key)
  if (!call) throw new Error(`nothing subscribed to ${key}`)
  const [, onAnswer, onError] = call
  act(() => (answer instanceof Error ? onError?.(answer) : onAnswer(answer)))
}

function Harness({ initial = 'USDT' }: { initial?: QuoteCoin }) {
  const [quote, setQuote] = useState<QuoteCoin>(initial)
  return <MarketList quote={quote} onQuoteChange={setQuote} />
}

// happy-dom's accessible names put a space between the bold base and the quote ('BTC /USDT').
const pairLink = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name.replace('/', ' ?/')}$`) })
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })
const pairRows = () => screen.getAllByRole('row').filter((row) => within(row).queryByRole('rowheader'))
const pairNames = () => pairRows().map((row) => within(row).getByRole('link').textContent)
/** The cell of `row` a screen reader reads as `name` (the words only it gets included, the text hidden from it left out). */
const cellRead = (row: HTMLElement | undefined, name: string | RegExp) => within(row as HTMLElement).getByRole('cell', { name })

it('shows skeleton rows until the first answer, then a row per pair with price, change and volume', async () => {
  await renderScreen(() => <Harness />)
  expect(screen.getByRole('status', { name: 'Loading pairs' })).toBeTruthy()
  expect(vi.mocked(subscribeMarket).mock.calls[0]?.[0].key).toBe('detailsByQuote:USDT')

  feed('detailsByQuote:USDT', { data: usdtDetails() })
  expect(pairNames()).toEqual(['BTC/USDT', 'ETH/USDT', 'LTC/USDT'])
  const [btc, eth] = pairRows().map((row) => within(row).getAllByRole('cell'))
  expect(screen.getByText('61,234.56')).toBe(btc?.[0])
  expect(btc?.[0]?.className).toContain('trend--up')
  expect(btc?.[1]?.textContent).toContain('+2.05%')
  expect(eth?.[0]?.className).toContain('trend--down')
  expect(eth?.[1]?.textContent).toContain('-1.65%')
  expect(within(pairRows()[1] as HTMLElement).getByText('Vol 2.50B USDT')).toBeTruthy()
  expect(pairLink('BTC/USDT').getAttribute('href')).toBe('/market/kline?symbol=btcusdt&base=BTC&quote=USDT')
})

it.each([
  ['zh-CN', '25.00亿 USDT'],
  ['ja', '25.00億 USDT'],
  ['ko', '25.00억 USDT'],
] as const)('%s: the volume is in the units its traders read, with its coin', async (locale, volume) => {
  await renderScreen(() => <Harness />, locale)
  feed('detailsByQuote:USDT', { data: usdtDetails() })
  expect(within(pairRows()[1] as HTMLElement).getByText((text) => text.endsWith(` ${volume}`))).toBeTruthy()
  expect(cellRead(pairRows()[0], '61,234.56 USDT')).toBeTruthy()
})

// Issue 30: "+2.05%" alone may be read without its sign, and a bare figure without its unit.
it('reads each price with its unit and each change with a word, and the live list is no live region', async () => {
  await renderScreen(() => <Harness />)
  feed('detailsByQuote:USDT', { data: usdtDetails() })
  const [btc, eth, ltc] = pairRows()
  expect(within(btc as HTMLElement).getAllByRole('cell')).toEqual([cellRead(btc, '61,234.56 USDT'), cellRead(btc, 'up 2.05%')])
  expect(within(eth as HTMLElement).getAllByRole('cell')).toEqual([cellRead(eth, '2,950.50 USDT'), cellRead(eth, 'down 1.65%')])
  expect(cellRead(ltc, '0.00%')).toBeTruthy()
  // Prices move every 5 s: read when the trader comes to them, never announced.
  const table = screen.getByRole('table', { name: 'USDT markets' })
  expect(table.closest('[aria-live], [role=status], [role=log]')).toBeNull()
  expect(table.querySelector('[aria-live], [role=status], [role=log]')).toBeNull()
})

it('re-renders only the row whose values changed on a tick, also while sorted', async () => {
  await renderScreen(() => <Harness />)
  feed('detailsByQuote:USDT', { data: usdtDetails() })
  fireEvent.click(screen.getByRole('button', { name: 'Vol' }))

  vi.mocked(formatPrice).mockClear()
  const moved = [detailOf('BTC', 'USDT', '60000', '61500.1', '900000000'), ...usdtDetails().slice(1)]
  feed('detailsByQuote:USDT', { data: moved })
  expect(vi.mocked(formatPrice).mock.calls).toEqual([['61500.1', 2]])
  expect(screen.getByText('61,500.10')).toBeTruthy()

  vi.mocked(formatPrice).mockClear()
  feed('detailsByQuote:USDT', { data: moved })
  expect(formatPrice).not.toHaveBeenCalled()
})

it('sorts by price, change and volume: descending, ascending, then the catalogue order', async () => {
  await renderScreen(() => <Harness />)
  feed('detailsByQuote:USDT', { data: usdtDetails() })
  const price = screen.getByRole('button', { name: 'Price' })

  fireEvent.click(price)
  expect(header('Price').getAttribute('aria-sort')).toBe('descending')
  expect(pairNames()).toEqual(['BTC/USDT', 'ETH/USDT', 'LTC/USDT'])
  fireEvent.click(price)
  expect(header('Price').getAttribute('aria-sort')).toBe('ascending')
  expect(pairNames()).toEqual(['LTC/USDT', 'ETH/USDT', 'BTC/USDT'])
  fireEvent.click(price)
  expect(header('Price').getAttribute('aria-sort')).toBe('none')

  fireEvent.click(screen.getByRole('button', { name: 'Change' }))
  expect(pairNames()).toEqual(['BTC/USDT', 'LTC/USDT', 'ETH/USDT'])
  fireEvent.click(screen.getByRole('button', { name: 'Vol' }))
  expect(header('Pair / Vol').getAttribute('aria-sort')).toBe('descending')
  expect(header('Change').getAttribute('aria-sort')).toBe('none')
  expect(pairNames()).toEqual(['ETH/USDT', 'BTC/USDT', 'LTC/USDT'])
})

it('switches quote tabs and subscribes to that quote', async () => {
  await renderScreen(() => <Harness />)
  fireEvent.click(screen.getByRole('tab', { name: 'BTC' }))
  expect(screen.getByRole('tab', { name: 'BTC' }).getAttribute('aria-selected')).toBe('true')
  feed('detailsByQuote:BTC', { data: [detailOf('ETH', 'BTC', '0.05', '0.051234567'), detailOf('XRP', 'BTC', '0.00001', '0.000009876')] })
  expect(pairNames()).toEqual(['ETH/BTC', 'XRP/BTC'])
  expect(screen.getByText('0.000009876')).toBeTruthy()
  expect(screen.getByRole('table', { name: 'BTC markets' })).toBeTruthy()
})

it('a list that never loaded says so, and Retry loads it at once', async () => {
  await renderScreen(() => <Harness />)
  feed('detailsByQuote:USDT', new Error('Network error'))
  const alert = screen.getByRole('alert', { name: 'Market unavailable' })
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
  await screen.findAllByRole('row')
  await vi.waitFor(() => pairLink('BTC/USDT'))
  expect(screen.queryByRole('alert')).toBeNull()
})
