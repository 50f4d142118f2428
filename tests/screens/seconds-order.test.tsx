// The seconds order form: the duration chosen when the config loads, the spec's validation keys,
// the confirmation's contents, one idempotent create with its success handling, and the refusal offline.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createOrder, fetchAccount, fetchConfig, fetchFeeRate } from '../../src/features/seconds/api'
import { ordersVersionAtom } from '../../src/features/seconds/atoms'
import { OrderPanel } from '../../src/features/seconds/components/order-panel'
import { ApiError } from '../../src/lib/api-client'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/seconds/api', () => ({ fetchConfig: vi.fn(), fetchFeeRate: vi.fn(), createOrder: vi.fn(), fetchAccount: vi.fn() }))

let user = 0
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(userIdAtom, `seconds-order-${++user}`)
  store.set(toastsAtom, [])
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  vi.mocked(createOrder).mockReset()
  vi.mocked(fetchConfig).mockResolvedValue([
    { second: 30, incomeRate: '0.8', openAmountMin: '10' },
    { second: 60, incomeRate: '0.85', openAmountMin: '20' },
  ])
  vi.mocked(fetchFeeRate).mockResolvedValue('0.001')
  vi.mocked(fetchAccount).mockReset().mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '1000', frozenCurrency: '0' }])
})

async function renderPanel() {
  await renderScreen(() => <OrderPanel pair={{ base: 'BTC', quote: 'USDT' }} />)
  await screen.findByText('Available: 1,000 USDT')
  await waitFor(() => expect((screen.getByRole('radio', { name: /30s/ }) as HTMLInputElement).checked).toBe(true))
}
const amount = () => screen.getByLabelText('Open amount (USDT)') as HTMLInputElement
const typeAmount = (value: string) => fireEvent.change(amount(), { target: { value } })
const up = () => fireEvent.click(screen.getByRole('button', { name: 'Up' }))
const fieldError = () => screen.queryByText(/./, { selector: '.field__error' })?.textContent

it('chooses the first duration when the config loads with the amount at its minimum, and refuses naming the minimum', async () => {
  await renderPanel()
  // Issue 21: the amount started at 1, below the 30 s minimum of 10, so the first tap always failed.
  expect(amount().value).toBe('10')
  typeAmount('9.5')
  up()
  expect(fieldError()).toBe('The minimum for this duration is 10 USDT')
  typeAmount('')
  up()
  expect(fieldError()).toBe('Please enter the open amount (at least 0.00001)')
  typeAmount('0.000001')
  up()
  expect(fieldError()).toBe('Please enter the open amount (at least 0.00001)')
  expect(amount().getAttribute('aria-invalid')).toBe('true')
  // Choosing another duration resets the amount to its minimum (spec §4).
  fireEvent.click(screen.getByRole('radio', { name: /60s/ }))
  expect(amount().value).toBe('20')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(createOrder).not.toHaveBeenCalled()
})

it('confirms pair, direction, amount, duration, rate, fee and payout; the confirmed order is sent once and clears the amount', async () => {
  vi.mocked(createOrder).mockResolvedValue(null)
  await renderPanel()
  typeAmount('10')
  up()
  const sheet = screen.getByRole('dialog', { name: 'Confirm order' })
  const shown = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  expect(['Pair', 'Direction', 'Amount', 'Duration', 'Profit rate', 'Fee', 'Potential payout'].map(shown))
    .toEqual(['BTC/USDT', 'Up', '10 USDT', '30 s', '80%', '0.01 USDT', '18 USDT'])
  expect(createOrder).not.toHaveBeenCalled()

  const version = store.get(ordersVersionAtom)
  vi.mocked(fetchAccount).mockClear()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(createOrder).toHaveBeenCalledTimes(1)
  const [input, key] = vi.mocked(createOrder).mock.calls[0] ?? []
  expect(input).toEqual({ openAmount: '10', baseCoin: 'BTC', quoteCoin: 'USDT', positionTime: 30, tradeType: 1 })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'c_create_success' })
  expect(amount().value).toBe('')
  expect(store.get(ordersVersionAtom)).toBe(version + 1)
  await waitFor(() => expect(fetchAccount).toHaveBeenCalled())
})

it("shows the server's refusal and keeps the amount; a lost answer is retried with the same key", async () => {
  vi.mocked(createOrder)
    .mockRejectedValueOnce(new ApiError('Network error', { kind: 'network' }))
    .mockRejectedValueOnce(new ApiError('Insufficient available balance', { kind: 'business', code: 500 }))
  await renderPanel()
  typeAmount('10')
  fireEvent.click(screen.getByRole('button', { name: 'Down' }))
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error', text: 'Network error' }))
  const retry = within(screen.getByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Confirm' })
  await waitFor(() => expect((retry as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(retry)
  await waitFor(() => expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error', text: 'Insufficient available balance' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const keys = vi.mocked(createOrder).mock.calls.map(([, sent]) => sent)
  expect(keys[1]).toBe(keys[0])
  expect(vi.mocked(createOrder).mock.calls[0]?.[0].tradeType).toBe(2)
  expect(amount().value).toBe('10')
})

it('refuses an order offline with a clear message and sends nothing', async () => {
  await renderPanel()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
  expect(screen.getByRole('alert').textContent).toBe('You are offline. Orders can only be placed while connected.')
  typeAmount('10')
  up()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(store.get(toastsAtom)[0]?.kind).toBe('error')
  expect(createOrder).not.toHaveBeenCalled()
})
