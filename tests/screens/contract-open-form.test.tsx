// The contract opening form: the server's checks in its words under their fields, 25–100 % of the
// available margin, the confirmation restating every figure and one idempotent opening (its key
// kept for a retry after a lost answer), a visitor asked to log in, and the refusal offline with
// nothing sent.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ContractPosition } from '../../src/contract/contracts.ts'
import { fetchContractAccount, fetchContractConfig, fetchPositions, openPosition } from '../../src/features/contract/api'
import { positionsVersionAtom } from '../../src/features/contract/atoms'
import { ContractTrade } from '../../src/features/contract/components/contract-trade'
import { ApiError } from '../../src/lib/api-client'
import { signInAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { toastsAtom } from '../../src/lib/toast'
import { CONTRACT_CONFIG, tickAt } from '../support/contract-positions'
import { renderScreen } from './render'

vi.mock('../../src/features/contract/api', () => ({
  fetchContractConfig: vi.fn(), fetchContractAccount: vi.fn(), openPosition: vi.fn(), fetchPositions: vi.fn(),
  cancelEntry: vi.fn(), closePosition: vi.fn(), addMargin: vi.fn(), editStops: vi.fn(), fetchPosition: vi.fn(),
}))
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

const BTC = { symbol: 'btcusdt', base: 'BTC', quote: 'USDT' }
let user = 0

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: `contract-form-${++user}` })
  store.set(toastsAtom, [])
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  // The details topic answers at once with the pair's 24 h (the mark at 60000), as the poll does.
  vi.mocked(subscribeMarket).mockImplementation((_topic, onAnswer) => {
    onAnswer({ status: 'ok', tick: tickAt('60000') })
    return () => undefined
  })
  vi.mocked(fetchContractConfig).mockResolvedValue(CONTRACT_CONFIG)
  vi.mocked(fetchContractAccount).mockReset().mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '1000', frozenCurrency: '0' }])
  vi.mocked(fetchPositions).mockReset().mockResolvedValue([])
  vi.mocked(openPosition).mockReset()
})

async function renderForm() {
  await renderScreen(() => <ContractTrade pair={BTC} />)
  await screen.findByText('1,000 USDT')
  await screen.findByRole('radio', { name: '10× leverage', checked: true })
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = (name = 'Open long') => fireEvent.click(screen.getByRole('button', { name }))
const errorOf = (label: string) => {
  const describedBy = field(label).getAttribute('aria-describedby')
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined
}
const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent

it("refuses by the server's words under the field it concerns and sends nothing", async () => {
  await renderForm()
  submit()
  expect(errorOf('Quantity (BTC)')).toBe('Please enter a valid amount')
  type('Quantity (BTC)', '0.0005')
  submit()
  expect(errorOf('Quantity (BTC)')).toBe('The number of inputs is less than the minimum limit')
  // 0.2 at 60000, 10×: 1200 margin + 6 fee, more than the 1000 available.
  type('Quantity (BTC)', '0.2')
  submit()
  expect(errorOf('Quantity (BTC)')).toBe('Insufficient available balance')
  type('Quantity (BTC)', '0.01')
  fireEvent.click(screen.getByRole('radio', { name: 'Limit' }))
  expect(field('Price (USDT)').value).toBe('60000')
  submit()
  expect(errorOf('Price (USDT)')).toBe('The market price has already reached this limit price, please open at market')
  type('Price (USDT)', '59000')
  // A long's stop loss must be below its entry (and above the liquidation price), its take profit above.
  type('Stop loss (USDT)', '59500')
  submit()
  expect(errorOf('Stop loss (USDT)')).toBe('The stop loss must lie between the liquidation price and the entry price')
  type('Stop loss (USDT)', '58000')
  type('Take profit (USDT)', '58500')
  submit()
  expect(errorOf('Take profit (USDT)')).toBe('The take profit must be above the entry price for a long position and below it for a short one')
  expect(field('Take profit (USDT)').getAttribute('aria-invalid')).toBe('true')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(openPosition).not.toHaveBeenCalled()
})

it('shows the margin, fee and liquidation price, fills a share of the margin, and opens once with its key, kept for a retry', async () => {
  vi.mocked(openPosition)
    .mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
    .mockResolvedValueOnce({ id: '1' } as ContractPosition)
  await renderForm()
  fireEvent.click(screen.getByRole('button', { name: 'Use 50% of the available balance' }))
  // 500 × 10 ÷ (60000 × 1.005) = 0.082918…
  expect(field('Quantity (BTC)').value).toBe('0.082918')
  type('Quantity (BTC)', '0.1')
  fireEvent.click(screen.getByRole('radio', { name: '5× leverage' }))
  expect(figure('Margin required')).toBe('1,200 USDT')
  fireEvent.click(screen.getByRole('radio', { name: '20× leverage' }))
  expect(figure('Margin required')).toBe('300 USDT')
  expect(figure('Open fee')).toBe('3 USDT')
  // (6000 − 300) ÷ (0.1 × 0.995) = 57286.43…, rounded up.
  expect(figure('Est. liquidation price')).toBe('57,286.44')
  fireEvent.click(screen.getByRole('button', { name: 'Short', pressed: false }))
  type('Stop loss (USDT)', '61000')
  type('Take profit (USDT)', '55000')
  submit('Open short')

  const sheet = screen.getByRole('dialog', { name: 'Confirm opening' })
  const shown = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  expect(['Pair', 'Direction', 'Leverage', 'Entry', 'Price', 'Quantity', 'Margin', 'Open fee', 'Total held', 'Est. liquidation price', 'Stop loss', 'Take profit'].map(shown))
    .toEqual(['BTC/USDT', 'Short', '20×', 'Market', 'Market price (≈ 60,000.00)', '0.1 BTC', '300 USDT', '3 USDT', '303 USDT', '62,686.56', '61,000.00 USDT', '55,000.00 USDT'])
  expect(openPosition).not.toHaveBeenCalled()

  const version = store.get(positionsVersionAtom)
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]?.kind).toBe('error'))
  const retry = within(screen.getByRole('dialog', { name: 'Confirm opening' })).getByRole('button', { name: 'Confirm' })
  await waitFor(() => expect((retry as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(retry)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(openPosition).toHaveBeenCalledTimes(2)
  const [[input, key], [, again]] = vi.mocked(openPosition).mock.calls as [[unknown, string], [unknown, string]]
  expect(input).toEqual({ symbol: 'btcusdt', direction: 2, leverage: 20, entryType: 1, quantity: '0.1', stopLoss: '61000', takeProfit: '55000' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(again).toBe(key)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'Order has been placed' })
  expect(store.get(positionsVersionAtom)).toBe(version + 1)
  // The quantity and stops clear for the next opening; the multiple stays.
  expect(field('Quantity (BTC)').value).toBe('')
  expect(field('Stop loss (USDT)').value).toBe('')
  expect(screen.getByRole('radio', { name: '20× leverage' })).toHaveProperty('checked', true)
})

it('sends a limit entry with its price, and a new key for another opening', async () => {
  vi.mocked(openPosition).mockResolvedValue({ id: '2' } as ContractPosition)
  await renderForm()
  fireEvent.click(screen.getByRole('radio', { name: 'Limit' }))
  type('Price (USDT)', '59000.5')
  type('Quantity (BTC)', '0.01')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm opening' })
  expect(within(sheet).getByText('Price').nextElementSibling?.textContent).toBe('59,000.50 USDT')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(openPosition).toHaveBeenCalledTimes(1))
  type('Quantity (BTC)', '0.02')
  submit()
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm opening' })).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(openPosition).toHaveBeenCalledTimes(2))
  const [[first, firstKey], [second, secondKey]] = vi.mocked(openPosition).mock.calls as [[unknown, string], [unknown, string]]
  expect(first).toEqual({ symbol: 'btcusdt', direction: 1, leverage: 10, entryType: 2, price: '59000.5', quantity: '0.01' })
  expect(second).toMatchObject({ quantity: '0.02' })
  expect(secondKey).not.toBe(firstKey)
})

it('asks a visitor to log in instead of opening, and asks nothing private', async () => {
  act(() => store.set(tokenAtom, ''))
  await renderScreen(() => <ContractTrade pair={BTC} />)
  await screen.findByRole('radio', { name: '10× leverage', checked: true })
  type('Quantity (BTC)', '0.01')
  submit()
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'warning', text: 'Please login first' })
  const logins = screen.getAllByRole('link', { name: 'Log in' })
  expect(logins.length).toBeGreaterThan(0)
  expect(logins[0]?.getAttribute('href')).toMatch(/^\/login\?redirect=/)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect((screen.getByRole('button', { name: 'Use 25% of the available balance' }) as HTMLButtonElement).disabled).toBe(true)
  expect(fetchContractAccount).not.toHaveBeenCalled()
  expect(fetchPositions).not.toHaveBeenCalled()
  expect(openPosition).not.toHaveBeenCalled()
})

it('refuses to open offline with a clear message, also from an open confirmation, and sends nothing', async () => {
  await renderForm()
  type('Quantity (BTC)', '0.01')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm opening' })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error' })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  expect(screen.getByText('You are offline. Positions can only be opened while connected.').getAttribute('role')).toBe('alert')
  submit()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(openPosition).not.toHaveBeenCalled()
})

it('says so when contracts are not offered on the pair, and offers Retry when the terms fail', async () => {
  vi.mocked(fetchContractConfig).mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
  await renderScreen(() => <ContractTrade pair={{ symbol: 'ltcusdt', base: 'LTC', quote: 'USDT' }} />)
  expect((await screen.findByText('The contract terms could not be loaded.')).closest('[role=alert]')).toBeTruthy()
  expect((screen.getByRole('button', { name: 'Open long' }) as HTMLButtonElement).disabled).toBe(true)
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect(await screen.findByText('Contracts are not offered on LTC/USDT right now.')).toBeTruthy()
  expect((screen.getByRole('button', { name: 'Open long' }) as HTMLButtonElement).disabled).toBe(true)
})
