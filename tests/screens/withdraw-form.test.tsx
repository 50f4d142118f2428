// The withdrawal form: spec §5 messages under the fields, the confirmation sheet before money
// moves, one idempotency key per confirmation (reused on retry), and the refusal offline.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRecord, WithdrawAddress } from '../../src/contract/assets.ts'
import { fetchAccounts, fetchWithdrawConfig, withdraw } from '../../src/features/assets/api'
import { pickedAddressAtom } from '../../src/features/assets/atoms'
import { WithdrawPanel } from '../../src/features/assets/components/withdraw-panel'
import { ApiError } from '../../src/lib/api-client'
import { userIdAtom, userInfoAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({
  fetchAllowList: vi.fn(() => Promise.resolve({ on: false, offAt: null, delayHours: 24 })), confirmAddress: vi.fn(), resendAddressCode: vi.fn(),
  fetchWithdrawConfig: vi.fn(),
  fetchAccounts: vi.fn(),
  withdraw: vi.fn(),
}))

const TRC20: WithdrawAddress = { id: 'a1', currency: 'USDT', chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', remark: 'TRC20', confirmed: true, usableAt: 0 }
const record = { id: 'r1', currency: 'USDT', amount: '-20', fee: '1', actualArrival: '19', status: 0 } as AssetRecord

function setUser(assetsPwd: 0 | 1) {
  store.set(userIdAtom, '7')
  store.set(userInfoAtom, { email: 'demo@exchange.local', icon: '', uid: '7', auth: 0, invitationCode: '', assetsPwd })
}

beforeEach(() => {
  vi.mocked(fetchWithdrawConfig).mockResolvedValue({ currency: 'USDT', chains: ['TRC20', 'ERC20'], min: '10', max: '50000', fee: '1' })
  vi.mocked(fetchAccounts).mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '10000', frozenCurrency: '0' }])
  vi.mocked(withdraw).mockReset()
  setUser(1)
  store.set(pickedAddressAtom, null)
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function renderForm() {
  await renderScreen(() => <WithdrawPanel currency="USDT" chain="TRC20" onCurrencyChange={() => {}} onChainChange={() => {}} />)
  await screen.findByRole('form', { name: 'Withdrawal' })
  await screen.findByText('10,000 USDT')
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const fieldError = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}
function amountError(value: string) {
  type('Amount (USDT)', value)
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  return fieldError('Amount (USDT)')
}
const errorText = () => screen.queryAllByText(/./, { selector: '.field__error' }).map((node) => node.textContent)

it('says what is missing: address, amount, remark and the fund password', async () => {
  await renderForm()
  type('Remark', '')
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  expect(errorText()).toEqual(['Please choose a withdrawal address', 'Please enter the amount', 'Please enter a remark', 'Please enter fund password'])
  expect(screen.queryByRole('dialog')).toBeNull()
})

it('checks the amount against the minimum, the maximum and the spot balance, and Max fills the balance', async () => {
  await renderForm()
  expect(screen.getByText('10 – 50,000 USDT')).toBeTruthy()
  expect(amountError('5')).toBe('The number of inputs is less than the minimum limit')
  expect(amountError('10000.5')).toBe('Insufficient available balance')
  expect(amountError('10000')).toBeUndefined()
  fireEvent.click(screen.getByRole('button', { name: /^Max\b.*Fill in the maximum amount/ }))
  expect((screen.getByLabelText('Amount (USDT)') as HTMLInputElement).value).toBe('10000')
  expect(screen.getByText('9,999 USDT')).toBeTruthy()
})

it('names the address picker by the words it shows (WCAG 2.5.3), its field label as the description', async () => {
  await renderForm()
  const empty = screen.getByRole('link', { name: 'Choose from the address book' })
  expect(empty.getAttribute('aria-label')).toBeNull()
  expect(empty.getAttribute('aria-describedby')).toBe('withdraw-address-label')
  expect(document.getElementById('withdraw-address-label')?.textContent).toBe('Withdrawal address')
  cleanup()
  store.set(pickedAddressAtom, { ...TRC20, remark: 'cold wallet' })
  await renderForm()
  // Shortened as shown (the sheet shows it whole), then what a tap does.
  const chosen = screen.getByRole('link', { name: /^TQn9Y2khEs…Dow5KcbLSE\s*TRC20 · cold wallet\s*, change$/ })
  expect(chosen.getAttribute('aria-label')).toBeNull()
})

it('a confirmed withdrawal shows what arrives first, then sends once with one key, reused on retry', async () => {
  store.set(pickedAddressAtom, TRC20)
  await renderForm()
  expect(screen.getByText('TQn9Y2khEs…Dow5KcbLSE')).toBeTruthy()
  type('Amount (USDT)', '20')
  type('Fund password', '123456')
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' })
  expect(within(sheet).getByText(TRC20.address)).toBeTruthy()
  expect(within(sheet).getByText('20 USDT')).toBeTruthy()
  expect(within(sheet).getByText('1 USDT')).toBeTruthy()
  expect(within(sheet).getByText('19 USDT')).toBeTruthy()
  expect(withdraw).not.toHaveBeenCalled()

  vi.mocked(withdraw).mockRejectedValueOnce(new ApiError('Network error', { kind: 'network' })).mockResolvedValueOnce(record)
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' })))
  expect(screen.getByRole('dialog', { name: 'Confirm withdrawal' })).toBe(sheet)
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm withdrawal' })))
  const [first, second] = vi.mocked(withdraw).mock.calls
  expect(first?.[0]).toEqual({ currency: 'USDT', chain: 'TRC20', address: TRC20.address, amount: '20', remark: 'TRC20', tradePassword: '123456' })
  expect(first?.[1]).toMatch(/^[0-9a-f-]{36}$/)
  expect(second?.[1]).toBe(first?.[1])
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(await screen.findByText(/Withdrawal of 20 USDT submitted/)).toBeTruthy()
})

it('a lost answer keeps its key even when the sheet is closed and the same withdrawal confirmed again', async () => {
  store.set(pickedAddressAtom, TRC20)
  await renderForm()
  type('Amount (USDT)', '20')
  type('Fund password', '123456')
  vi.mocked(withdraw).mockRejectedValueOnce(new ApiError('The request timed out', { kind: 'timeout' })).mockResolvedValueOnce(record)
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' })))
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' })))
  const [first, second] = vi.mocked(withdraw).mock.calls.map((call) => call[1])
  expect(second).toBe(first)
})

it('a refusal closes the sheet, and the next confirmation carries a new key', async () => {
  store.set(pickedAddressAtom, TRC20)
  await renderForm()
  type('Amount (USDT)', '20')
  type('Fund password', '000000')
  vi.mocked(withdraw).mockRejectedValueOnce(new ApiError('Password is incorrect', { kind: 'business', code: 0, status: 200 }))
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' })))
  expect(screen.queryByRole('dialog')).toBeNull()
  vi.mocked(withdraw).mockResolvedValueOnce(record)
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm withdrawal' })))
  const keys = vi.mocked(withdraw).mock.calls.map((call) => call[1])
  expect(keys).toHaveLength(2)
  expect(keys[1]).not.toBe(keys[0])
})

it('is refused offline with a clear message, and nothing is sent', async () => {
  store.set(pickedAddressAtom, TRC20)
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  await renderForm()
  expect(screen.getByText(/You are offline. Withdrawals cannot be sent/)).toBeTruthy()
  type('Amount (USDT)', '20')
  type('Fund password', '123456')
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(withdraw).not.toHaveBeenCalled()
})

it('without a fund password, says so and links to the security centre', async () => {
  setUser(0)
  await renderForm()
  expect(screen.getByRole('alert').textContent).toMatch(/this account has none yet/)
  expect(screen.getByRole('link', { name: 'Set fund password' }).getAttribute('href')).toBe('/me/safety')
  expect(screen.queryByLabelText('Fund password')).toBeNull()
  expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true)
})
