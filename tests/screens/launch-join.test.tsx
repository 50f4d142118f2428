// Joining a project (/home/join): the cost of a quantity, the spec's refusals under their fields,
// the confirmation, one idempotency key kept for a retry, and nothing sent offline or for a visitor.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRow } from '../../src/contract/assets.ts'
import { fetchSpotAccount, subscribe } from '../../src/features/launch/api'
import { clockOffsetAtom, subscriptionsVersionAtom } from '../../src/features/launch/atoms'
import { JoinForm } from '../../src/features/launch/components/join-form'
import { ApiError } from '../../src/lib/api-client'
import { loadCatalog } from '../../src/lib/i18n'
import { signInAtom, signOutAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { project, SERVER_NOW } from './launch-fixtures'
import { renderScreen } from './render'

vi.mock('../../src/features/launch/api', () => ({ fetchSpotAccount: vi.fn(), subscribe: vi.fn() }))

const USDT: AssetRow[] = [{ currencyName: 'USDT', availableCurrency: '30', frozenCurrency: '0' }]

afterEach(() => {
  cleanup()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
})
beforeEach(async () => {
  store.set(signInAtom, { token: 'token', userId: `launch-join-${Math.random()}` })
  store.set(toastsAtom, [])
  store.set(clockOffsetAtom, SERVER_NOW - Date.now())
  vi.mocked(fetchSpotAccount).mockReset().mockResolvedValue(USDT)
  vi.mocked(subscribe).mockReset()
  await loadCatalog('launch')
})

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Join' }))
const errors = () => [...document.querySelectorAll('.field__error')].map((node) => node.textContent)
const figure = (term: string) => screen.getByText(term).nextElementSibling?.textContent

async function renderForm(mine = '20') {
  await renderScreen(() => <JoinForm project={project('1', { mine })} />)
  await waitFor(() => expect(figure('Available')).toBe('30 USDT'))
}

it('shows the cost of the quantity and refuses by the spec words, sending nothing', async () => {
  await renderForm()
  expect(figure('Limits per user')).toBe('10 – 100 NC1')
  expect(figure('You may still subscribe')).toBe('80 NC1')
  submit()
  expect(errors()).toEqual(['Please enter the amount', 'Please enter fund password'])
  type('Quantity (NC1)', '9')
  submit()
  expect(errors()[0]).toBe('The number of inputs is less than the minimum limit')
  type('Quantity (NC1)', '81')
  submit()
  expect(errors()[0]).toBe('The quantity is above the maximum per user')
  type('Quantity (NC1)', '61')
  expect(figure('Cost')).toBe('30.5 USDT')
  submit()
  expect(errors()[0]).toBe('Insufficient available balance')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(subscribe).not.toHaveBeenCalled()
})

it('confirms, subscribes once with its key, and keeps that key for a retry after a lost answer', async () => {
  vi.mocked(subscribe)
    .mockRejectedValueOnce(new ApiError('Network error, please check your connection and try again', { kind: 'network' }))
    .mockResolvedValueOnce({} as never)
  await renderForm()
  type('Quantity (NC1)', '60')
  type('Fund password', '123456')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm the subscription' })
  expect(within(sheet).getByText('Quantity').nextElementSibling?.textContent).toBe('60 NC1')
  expect(within(sheet).getByText('Cost').nextElementSibling?.textContent).toBe('30 USDT')
  expect(subscribe).not.toHaveBeenCalled()
  const version = store.get(subscriptionsVersionAtom)
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]?.kind).toBe('error'))
  const retry = within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement
  await waitFor(() => expect(retry.disabled).toBe(false))
  fireEvent.click(retry)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  const [[input, key], [, again]] = vi.mocked(subscribe).mock.calls as [[unknown, string], [unknown, string]]
  expect(input).toEqual({ id: '1', quantity: '60', tradePassword: '123456' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(again).toBe(key)
  expect(store.get(toastsAtom)[0]?.kind).toBe('success')
  expect(store.get(subscriptionsVersionAtom)).toBe(version + 1)
})

it("shows the server's refusal and closes the sheet", async () => {
  vi.mocked(subscribe).mockRejectedValueOnce(new ApiError('Insufficient available balance', { kind: 'business' }))
  await renderForm('0')
  type('Quantity (NC1)', '20')
  type('Fund password', '123456')
  submit()
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'error', text: 'Insufficient available balance' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

it('refuses offline with a clear message and sends nothing', async () => {
  await renderForm()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
  window.dispatchEvent(new Event('offline'))
  await screen.findByText('You are offline. Subscriptions can only be made while connected.')
  type('Quantity (NC1)', '20')
  type('Fund password', '123456')
  submit()
  expect(store.get(toastsAtom)[0]?.kind).toBe('error')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(subscribe).not.toHaveBeenCalled()
})

it('asks a visitor to log in and sends nothing', async () => {
  store.set(signOutAtom)
  await renderScreen(() => <JoinForm project={project('1')} />)
  type('Quantity (NC1)', '20')
  submit()
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'warning', text: 'Please login first' })
  expect(fetchSpotAccount).not.toHaveBeenCalled()
  expect(subscribe).not.toHaveBeenCalled()
})
