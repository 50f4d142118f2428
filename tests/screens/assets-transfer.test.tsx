import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchAccounts, sendTransfer } from '../../src/features/assets/api'
import { TransferForm } from '../../src/features/assets/components/transfer-form'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({
  fetchAccounts: vi.fn(), sendTransfer: vi.fn(), watchQueuedTransfers: vi.fn(() => () => undefined), dismissQueuedTransfer: vi.fn(),
}))

let user = 0
afterEach(cleanup)
beforeEach(() => {
  store.set(userIdAtom, `transfer-user-${++user}`)
  store.set(toastsAtom, [])
  vi.mocked(sendTransfer).mockReset()
  vi.mocked(fetchAccounts).mockReset()
  vi.mocked(fetchAccounts).mockImplementation(async (type) =>
    type === 1 ? [{ currencyName: 'USDT', availableCurrency: '100', frozenCurrency: '5' }] : [])
})

async function renderForm(type: 1 | 2 = 1) {
  const onReverse = vi.fn()
  await renderScreen(() => <TransferForm type={type} currency="USDT" onCurrencyChange={() => undefined} onReverse={onReverse} />)
  await screen.findByText('Available: 100 USDT')
  return { onReverse }
}
const amount = () => screen.getByLabelText('Amount (USDT)') as HTMLInputElement
const typeAmount = (value: string) => fireEvent.change(amount(), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' }))
const fieldError = () => screen.queryByText(/./, { selector: '.field__error' })?.textContent

it('asks for at least 0.00001 and refuses more than the source account holds, sending nothing', async () => {
  await renderForm()
  submit()
  expect(fieldError()).toBe('Please enter the transfer amount (at least 0.00001)')
  expect(amount().getAttribute('aria-invalid')).toBe('true')
  typeAmount('0.000001')
  submit()
  expect(fieldError()).toBe('Please enter the transfer amount (at least 0.00001)')
  // 100 available, 5 frozen: the frozen part cannot move.
  typeAmount('100.5')
  submit()
  expect(fieldError()).toBe('Insufficient available balance')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(sendTransfer).not.toHaveBeenCalled()
})

it('shows from, to, currency and amount before anything moves; confirming sends once, clears and refreshes', async () => {
  vi.mocked(sendTransfer).mockResolvedValue({ queued: false, record: null })
  await renderForm()
  fireEvent.click(screen.getByRole('button', { name: /^Max\b.*Use the whole available balance/ }))
  expect(amount().value).toBe('100')
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm transfer' })
  const shown = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  expect([shown('From'), shown('To'), shown('Currency'), shown('Amount')]).toEqual(['Spot account', 'Contract account', 'USDT', '100 USDT'])
  expect(sendTransfer).not.toHaveBeenCalled()

  vi.mocked(fetchAccounts).mockClear()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(sendTransfer).toHaveBeenCalledTimes(1)
  const [input, key] = vi.mocked(sendTransfer).mock.calls[0] ?? []
  expect(input).toEqual({ type: 1, currency: 'USDT', amount: '100' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'c_a_transferSuc' })
  expect(amount().value).toBe('')
  await waitFor(() => expect(vi.mocked(fetchAccounts).mock.calls.map(([type]) => type).toSorted()).toEqual([1, 2]))
})

it('Cancel closes the confirmation and sends nothing', async () => {
  await renderForm()
  typeAmount('10')
  submit()
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(sendTransfer).not.toHaveBeenCalled()
  expect(amount().value).toBe('10')
})

it('a transfer that cannot reach the server is queued: the sheet closes, the amount clears, a warning says so', async () => {
  vi.mocked(sendTransfer).mockResolvedValue({ queued: true })
  await renderForm()
  typeAmount('10')
  submit()
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(sendTransfer).toHaveBeenCalledTimes(1)
  expect(store.get(toastsAtom)[0]?.kind).toBe('warning')
  expect(amount().value).toBe('')
})

it('the swap button asks for the other direction', async () => {
  const { onReverse } = await renderForm()
  fireEvent.click(screen.getByRole('button', { name: 'Swap direction' }))
  expect(onReverse).toHaveBeenCalledTimes(1)
})
