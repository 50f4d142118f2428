// The address book with the withdrawal allow-list (contract/security.ts): an unconfirmed address
// says so and takes the mailed code in a sheet, or mails a new one; with the list on, an address
// still waiting says from when it is usable, the picker marks it, and adding an address asks for
// the fund password.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { WithdrawAddress } from '../../src/contract/assets.ts'
import { addAddress, confirmAddress, fetchAddresses, fetchAllowList, resendAddressCode, updateAddress } from '../../src/features/assets/api'
import { AddressForm } from '../../src/features/assets/components/address-form'
import { AddressList } from '../../src/features/assets/components/address-list'
import { ApiError } from '../../src/lib/api-client'
import { formatDate } from '../../src/lib/format'
import { userIdAtom, userInfoAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({
  fetchAddresses: vi.fn(), deleteAddress: vi.fn(), addAddress: vi.fn(), updateAddress: vi.fn(),
  fetchAllowList: vi.fn(), confirmAddress: vi.fn(), resendAddressCode: vi.fn(),
}))

const HOUR = 3_600_000
const NEW: WithdrawAddress = { id: 'n1', currency: 'USDT', chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', remark: 'TRC20', confirmed: false, usableAt: Date.now() + 24 * HOUR }
const WAITING: WithdrawAddress = { id: 'w1', currency: 'USDT', chain: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', remark: 'cold wallet', confirmed: true, usableAt: Date.now() + 2 * HOUR }

beforeEach(() => {
  vi.mocked(fetchAddresses).mockReset().mockResolvedValue([NEW, WAITING])
  vi.mocked(fetchAllowList).mockReset().mockResolvedValue({ on: true, offAt: null, delayHours: 24 })
  vi.mocked(confirmAddress).mockReset()
  vi.mocked(resendAddressCode).mockReset().mockResolvedValue(null)
  vi.mocked(addAddress).mockReset()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  store.set(userIdAtom, '7')
})
afterEach(cleanup)

it('marks an unconfirmed address and confirms it with the mailed code, the wrong code shown under the field', async () => {
  await renderScreen(() => <AddressList currency="USDT" />)
  const list = await screen.findByRole('list', { name: 'USDT withdrawal addresses' })
  expect(within(list).getByText('Not confirmed')).toBeTruthy()
  expect(within(list).getByText(`Usable from ${formatDate(WAITING.usableAt)}`)).toBeTruthy()
  // The waiting address is confirmed: it offers no code.
  expect(screen.getAllByRole('button', { name: /^Enter code/ })).toHaveLength(1)

  fireEvent.click(screen.getByRole('button', { name: 'Enter code for address TQn9Y2…KcbLSE' }))
  const sheet = screen.getByRole('dialog', { name: 'Confirm this address' })
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' })))
  expect(confirmAddress).not.toHaveBeenCalled()
  expect(within(sheet).getByText('Please enter the 6-digit verification code')).toBeTruthy()

  vi.mocked(confirmAddress).mockRejectedValueOnce(new ApiError('The verification code is incorrect', { kind: 'business', code: 0, status: 200 }))
  fireEvent.change(within(sheet).getByLabelText('Code from the email'), { target: { value: '12 34 56' } })
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' })))
  expect(confirmAddress).toHaveBeenCalledWith('n1', '123456')
  expect(within(sheet).getByText('The verification code is incorrect')).toBeTruthy()

  vi.mocked(confirmAddress).mockResolvedValueOnce({ ...NEW, confirmed: true })
  vi.mocked(fetchAddresses).mockResolvedValue([{ ...NEW, confirmed: true }, WAITING])
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' })))
  expect(screen.queryByRole('dialog')).toBeNull()
  await vi.waitFor(() => expect(screen.queryByText('Not confirmed')).toBeNull())
})

it('mails a new code, and refuses offline without sending', async () => {
  await renderScreen(() => <AddressList currency="USDT" />)
  const again = await screen.findByRole('button', { name: 'Send the code again for address TQn9Y2…KcbLSE' })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  fireEvent.click(again)
  expect(resendAddressCode).not.toHaveBeenCalled()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  await act(async () => fireEvent.click(again))
  expect(resendAddressCode).toHaveBeenCalledWith('n1')
})

it('in the picker, an address that cannot take a withdrawal now says why, and can still be picked (the server decides)', async () => {
  const onPick = vi.fn()
  await renderScreen(() => <AddressList currency="USDT" onPick={onPick} />)
  const pick = await screen.findByRole('button', { name: /^ERC20.*Usable from .*, withdraw to this address$/ })
  fireEvent.click(pick)
  expect(onPick).toHaveBeenCalledWith(WAITING)
  expect(screen.getByText(/The withdrawal allow-list is on/)).toBeTruthy()
})

it('with the list off, a waiting address is not marked, and adding asks no fund password', async () => {
  vi.mocked(fetchAllowList).mockResolvedValue({ on: false, offAt: null, delayHours: 24 })
  await renderScreen(() => <AddressList currency="USDT" />)
  await screen.findByRole('list', { name: 'USDT withdrawal addresses' })
  await act(async () => undefined)
  expect(screen.queryByText(/Usable from/)).toBeNull()
  expect(screen.getByText('Not confirmed')).toBeTruthy()
  cleanup()
  await renderScreen(() => <AddressForm currency="USDT" onSaved={vi.fn()} />)
  await act(async () => undefined)
  expect(screen.queryByLabelText('Fund password')).toBeNull()
})

it('with the list on, adding an address takes the fund password and says a code was mailed', async () => {
  store.set(userInfoAtom, { assetsPwd: 1 } as never)
  vi.mocked(addAddress).mockResolvedValue(NEW)
  store.set(toastsAtom, [])
  const onSaved = vi.fn()
  await renderScreen(() => <AddressForm currency="USDT" onSaved={onSaved} />)
  const password = await screen.findByLabelText('Fund password')
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: NEW.address } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(addAddress).not.toHaveBeenCalled()
  expect(screen.getByText('Please enter fund password')).toBeTruthy()

  vi.mocked(addAddress).mockRejectedValueOnce(new ApiError('Password is incorrect', { kind: 'business', code: 0, status: 200 }))
  fireEvent.change(password, { target: { value: '654321' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(screen.getByText('Password is incorrect', { selector: '.field__error' })).toBeTruthy()
  expect(password.getAttribute('aria-invalid')).toBe('true')

  fireEvent.change(password, { target: { value: '123456' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(addAddress).toHaveBeenLastCalledWith({ currency: 'USDT', chain: 'TRC20', address: NEW.address, remark: 'TRC20', tradePassword: '123456' })
  expect(onSaved).toHaveBeenCalled()
  expect(store.get(toastsAtom).map((toast) => toast.text).join(' ')).toMatch(/We mailed you a code/)
})

it('with the list on, editing asks for the fund password only when the address itself changes', async () => {
  store.set(userInfoAtom, { assetsPwd: 1 } as never)
  vi.mocked(updateAddress).mockReset().mockImplementation(async (input) => ({ ...WAITING, ...input, confirmed: input.address === WAITING.address }))
  await renderScreen(() => <AddressForm currency="USDT" editing={WAITING} onSaved={vi.fn()} />)
  await act(async () => undefined)
  expect(screen.queryByLabelText('Fund password')).toBeNull()
  fireEvent.change(screen.getByLabelText('Remark (optional)'), { target: { value: 'old cold wallet' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(updateAddress).toHaveBeenLastCalledWith({ id: 'w1', address: WAITING.address, remark: 'old cold wallet', tradePassword: undefined })

  const changed = '0x8617E340B3D01FA5F11F306F4090FD50E238070D'
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: changed } })
  const password = await screen.findByLabelText('Fund password')
  fireEvent.change(password, { target: { value: '123456' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(updateAddress).toHaveBeenLastCalledWith({ id: 'w1', address: changed, remark: 'old cold wallet', tradePassword: '123456' })
})
