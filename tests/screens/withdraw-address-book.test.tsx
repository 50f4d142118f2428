// The withdrawal address book: rows shortened in the middle, picking for a withdrawal, deleting
// only after a confirmation, and the server's verdict on an address shown under the field.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { WithdrawAddress } from '../../src/contract/assets.ts'
import { addAddress, deleteAddress, fetchAddresses } from '../../src/features/assets/api'
import { pickedAddressAtom } from '../../src/features/assets/atoms'
import { AddressForm } from '../../src/features/assets/components/address-form'
import { AddressList } from '../../src/features/assets/components/address-list'
import { ApiError } from '../../src/lib/api-client'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({
  fetchAllowList: vi.fn(() => Promise.resolve({ on: false, offAt: null, delayHours: 24 })), confirmAddress: vi.fn(), resendAddressCode: vi.fn(),
  fetchAddresses: vi.fn(), deleteAddress: vi.fn(), addAddress: vi.fn(), updateAddress: vi.fn(),
}))

const TRC20: WithdrawAddress = { id: 'a1', currency: 'USDT', chain: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', remark: 'TRC20', confirmed: true, usableAt: 0 }
const ERC20: WithdrawAddress = { id: 'a2', currency: 'USDT', chain: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', remark: 'cold wallet', confirmed: true, usableAt: 0 }

beforeEach(() => {
  vi.mocked(fetchAddresses).mockResolvedValue([TRC20, ERC20])
  vi.mocked(deleteAddress).mockReset().mockResolvedValue(null)
  vi.mocked(addAddress).mockReset()
  store.set(userIdAtom, '7')
})
afterEach(cleanup)

it('lists the addresses shortened in the middle and picks one for the withdrawal', async () => {
  const onPick = vi.fn()
  await renderScreen(() => <AddressList currency="USDT" onPick={onPick} />)
  const list = await screen.findByRole('list', { name: 'USDT withdrawal addresses' })
  expect(within(list).getByText('TQn9Y2…KcbLSE').getAttribute('title')).toBe(TRC20.address)
  expect(within(list).getByText('cold wallet')).toBeTruthy()
  // Named by what the row shows, then what a tap does (WCAG 2.5.3).
  fireEvent.click(screen.getByRole('button', { name: /^ERC20\s*0x5290…169EE7\s*cold wallet\s*, withdraw to this address$/ }))
  expect(onPick).toHaveBeenCalledWith(ERC20)
  expect(screen.getByRole('link', { name: 'Edit address TQn9Y2…KcbLSE' }).getAttribute('href')).toBe('/assert/addaddress?currency=USDT&id=a1')
})

it('deletes only after a confirmation, and forgets a picked address that is gone', async () => {
  store.set(pickedAddressAtom, TRC20)
  await renderScreen(() => <AddressList currency="USDT" />)
  fireEvent.click(await screen.findByRole('button', { name: 'Delete address TQn9Y2…KcbLSE' }))
  const sheet = screen.getByRole('dialog', { name: 'Delete this address?' })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  expect(deleteAddress).not.toHaveBeenCalled()
  expect(screen.queryByRole('dialog')).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Delete address TQn9Y2…KcbLSE' }))
  vi.mocked(fetchAddresses).mockResolvedValue([ERC20])
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })))
  expect(deleteAddress).toHaveBeenCalledWith('a1')
  expect(store.get(pickedAddressAtom)).toBeNull()
  expect(await screen.findByRole('button', { name: /Delete address 0x5290/ })).toBeTruthy()
  expect(screen.queryByText('TQn9Y2…KcbLSE')).toBeNull()
})

it("shows the server's verdict on an address under the field, and the USDT remark follows the chain", async () => {
  vi.mocked(addAddress).mockRejectedValue(new ApiError('The address is not a valid TRC20 address', { kind: 'business', code: 0, status: 200 }))
  const onSaved = vi.fn()
  await renderScreen(() => <AddressForm currency="USDT" onSaved={onSaved} />)
  expect((screen.getByLabelText('Remark (optional)') as HTMLInputElement).value).toBe('TRC20')
  fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }))
  expect((screen.getByLabelText('Remark (optional)') as HTMLInputElement).value).toBe('ERC20')
  fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }))
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(screen.getByText('Please enter the withdrawal address')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'not-an-address' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
  expect(addAddress).toHaveBeenCalledWith({ currency: 'USDT', chain: 'TRC20', address: 'not-an-address', remark: 'TRC20' })
  expect(screen.getByText('The address is not a valid TRC20 address', { selector: '.field__error' })).toBeTruthy()
  expect(onSaved).not.toHaveBeenCalled()
})

it('keeps a long address in view on lines that wrap, still one line of text that Enter sends', async () => {
  vi.mocked(addAddress).mockResolvedValue(ERC20)
  const onSaved = vi.fn()
  await renderScreen(() => <AddressForm currency="USDT" onSaved={onSaved} />)
  const field = screen.getByLabelText('Address')
  // A text area, not an input that scrolls the address out of sight (reflow at 200 % zoom).
  expect(field.tagName).toBe('TEXTAREA')
  fireEvent.change(field, { target: { value: `${ERC20.address}\n` } })
  expect((field as HTMLTextAreaElement).value).toBe(ERC20.address)
  await act(async () => fireEvent.keyDown(field, { key: 'Enter' }))
  expect(addAddress).toHaveBeenCalledWith({ currency: 'USDT', chain: 'TRC20', address: ERC20.address, remark: 'TRC20' })
  expect(onSaved).toHaveBeenCalled()
})
