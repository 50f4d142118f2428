// The spot order form beside the book: the server's checks in its words, the confirmation's
// contents and one idempotent placement, the share of the balance, a book price taken by a tap,
// a visitor asked to log in, and the refusal offline with nothing sent.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Tick } from '../../src/contract/market.ts'
import type { SpotOrder } from '../../src/contract/spot.ts'
import { fetchBook, fetchSpotAccount, fetchSpotConfig, placeOrder } from '../../src/features/spot/api'
import { ordersVersionAtom } from '../../src/features/spot/atoms'
import { TradePanel } from '../../src/features/spot/components/trade-panel'
import type { SpotSide } from '../../src/features/spot/pair-search'
import { ApiError } from '../../src/lib/api-client'
import { signInAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/spot/api', () => ({
  fetchSpotConfig: vi.fn(), fetchBook: vi.fn(), fetchSpotAccount: vi.fn(), placeOrder: vi.fn(),
}))
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

const TICK: Tick = { open: '59000', close: '60000.50', high: '61000', low: '58000', amount: '100', vol: '6000000', count: 1 }
let user = 0

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: `spot-form-${++user}` })
  store.set(toastsAtom, [])
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  // The details topic answers at once with the pair's 24 h, as the poll does.
  vi.mocked(subscribeMarket).mockImplementation((_topic, onAnswer) => {
    onAnswer({ status: 'ok', tick: TICK })
    return () => undefined
  })
  vi.mocked(fetchSpotConfig).mockResolvedValue({ makerFeeRate: '0.001', takerFeeRate: '0.001', priceBand: '0.1' })
  vi.mocked(fetchBook).mockResolvedValue({ asks: [['60001.25', '0.5'], ['60002', '1.25']], bids: [['59999.75', '2']], type: 'step0', ts: 1 })
  vi.mocked(fetchSpotAccount).mockReset().mockResolvedValue([
    { currencyName: 'USDT', availableCurrency: '10000', frozenCurrency: '0' },
    { currencyName: 'BTC', availableCurrency: '0.5', frozenCurrency: '0' },
  ])
  vi.mocked(placeOrder).mockReset()
})

async function renderForm(side: SpotSide = 'buy') {
  const onSide = vi.fn()
  await renderScreen(() => <TradePanel pair={{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side }} onSideChange={onSide} />)
  await screen.findByText(side === 'buy' ? '10,000 USDT' : '0.5 BTC')
  await waitFor(() => expect(field('Price (USDT)').value).toBe('60000.5'))
  await screen.findByRole('list', { name: 'Asks' })
  return onSide
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = (name = 'Buy BTC') => fireEvent.click(screen.getByRole('button', { name }))
const fieldError = () => document.querySelector('.field__error')?.textContent

it("refuses by the server's words under the field and sends nothing", async () => {
  await renderForm()
  type('Price (USDT)', '')
  submit()
  expect(fieldError()).toBe('An order needs a suitable price')
  expect(field('Price (USDT)').getAttribute('aria-invalid')).toBe('true')
  type('Price (USDT)', '60000')
  type('Amount (BTC)', '0.00001')
  submit()
  expect(fieldError()).toBe('The number of inputs is less than the minimum limit')
  type('Amount (BTC)', '0.2')
  submit()
  // 60000 × 0.2 × 1.001 = 12012 USDT, more than the 10000 available.
  expect(fieldError()).toBe('Insufficient available balance')
  type('Price (USDT)', '70000')
  submit()
  expect(fieldError()).toBe('The price is too far from the market price')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(placeOrder).not.toHaveBeenCalled()
})

it('restates the order, places it once with its key, and keeps that key for a retry after a lost answer', async () => {
  vi.mocked(placeOrder)
    .mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
    .mockResolvedValueOnce({ id: '1' } as SpotOrder)
  await renderForm()
  type('Price (USDT)', '60000')
  type('Amount (BTC)', '0.1')
  expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('6,000 USDT')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm order' })
  const shown = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  expect(['Pair', 'Side', 'Type', 'Price', 'Amount', 'Total (est.)', 'Fee (est.)'].map(shown))
    .toEqual(['BTC/USDT', 'Buy', 'Limit', '60,000.00 USDT', '0.1 BTC', '6,000 USDT', '6 USDT'])
  expect(placeOrder).not.toHaveBeenCalled()

  const version = store.get(ordersVersionAtom)
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]?.kind).toBe('error'))
  const retry = within(screen.getByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Confirm' })
  await waitFor(() => expect((retry as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(retry)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(placeOrder).toHaveBeenCalledTimes(2)
  const [[input, key], [, again]] = vi.mocked(placeOrder).mock.calls as [[unknown, string], [unknown, string]]
  expect(input).toEqual({ symbol: 'btcusdt', side: 1, type: 1, price: '60000', amount: '0.1' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(again).toBe(key)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'Order has been placed' })
  expect(field('Amount (BTC)').value).toBe('')
  expect(field('Price (USDT)').value).toBe('60000')
  expect(store.get(ordersVersionAtom)).toBe(version + 1)
})

it('buys at market with a total to spend, and sells a share of the base balance', async () => {
  vi.mocked(placeOrder).mockResolvedValue({ id: '2' } as SpotOrder)
  await renderForm()
  fireEvent.click(screen.getByRole('radio', { name: 'Market' }))
  expect(field('Price (USDT)').disabled).toBe(true)
  fireEvent.click(screen.getByRole('button', { name: 'Use 50% of the available balance' }))
  expect(field('Total (USDT)').value).toBe('5000')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm order' })
  expect(within(sheet).getByText('Total to spend (fee included)').nextElementSibling?.textContent).toBe('5,000 USDT')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1))
  expect(vi.mocked(placeOrder).mock.calls[0]?.[0]).toEqual({ symbol: 'btcusdt', side: 1, type: 2, total: '5000' })
})

it('takes the price of a tapped book level and follows the side of the screen', async () => {
  const onSide = await renderForm('sell')
  fireEvent.click(screen.getByRole('button', { name: 'Price 59,999.75, amount 2.000000' }))
  expect(field('Price (USDT)').value).toBe('59999.75')
  fireEvent.click(screen.getByRole('button', { name: 'Use 25% of the available balance' }))
  expect(field('Amount (BTC)').value).toBe('0.125')
  fireEvent.click(screen.getByRole('button', { name: 'Buy', pressed: false }))
  expect(onSide).toHaveBeenCalledWith('buy')
  expect(screen.getByRole('button', { name: 'Sell BTC' })).toBeTruthy()
})

it('asks a visitor to log in instead of placing', async () => {
  act(() => store.set(tokenAtom, ''))
  await renderScreen(() => <TradePanel pair={{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: 'buy' }} onSideChange={() => undefined} />)
  await waitFor(() => expect(field('Price (USDT)').value).toBe('60000.5'))
  type('Amount (BTC)', '0.01')
  submit()
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'warning', text: 'Please login first' })
  expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(/^\/login\?redirect=/)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(fetchSpotAccount).not.toHaveBeenCalled()
  expect(placeOrder).not.toHaveBeenCalled()
})

it('refuses to place offline with a clear message, also from an open confirmation, and sends nothing', async () => {
  await renderForm()
  type('Amount (BTC)', '0.01')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm order' })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error' })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  expect(screen.getByRole('alert').textContent).toBe('You are offline. Orders can only be placed while connected.')
  submit()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(placeOrder).not.toHaveBeenCalled()
})

it.each(['en-US', 'zh-CN', 'ko', 'ja'] as const)('%s: shows an 8-decimal balance at the coin precision, grouped, so it fits on one line', async (locale) => {
  vi.mocked(fetchSpotAccount).mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '9085.04927452', frozenCurrency: '0' }])
  const onSide = vi.fn()
  await renderScreen(() => <TradePanel pair={{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: 'buy' }} onSideChange={onSide} />, locale)
  expect(await screen.findByText('9,085.049274 USDT')).toBeTruthy()
  // What goes into a field stays plain digits: the book's last price is parsed back when sent.
  await waitFor(() => expect(field('Price (USDT)').value).toBe('60000.5'))
})

it('fills a share of the balance as plain digits, never grouped', async () => {
  vi.mocked(fetchSpotAccount).mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '9085.04927452', frozenCurrency: '0' }])
  const onSide = vi.fn()
  await renderScreen(() => <TradePanel pair={{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT', side: 'buy' }} onSideChange={onSide} />)
  await screen.findByText('9,085.049274 USDT')
  fireEvent.click(screen.getByRole('radio', { name: 'Market' }))
  fireEvent.click(screen.getByRole('button', { name: 'Use 100% of the available balance' }))
  expect(field('Total (USDT)').value).toBe('9085.04927452')
})
