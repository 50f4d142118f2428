// The recharge screen: the address as QR code and text with its rules, the proof preview (and its
// blob URL released), the required proof and the size check before anything is sent.
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { AssetRecord } from '../../src/contract/assets.ts'
import { fetchDepositAddress, submitDeposit } from '../../src/features/assets/api'
import { RechargePanel } from '../../src/features/assets/components/recharge-panel'
import { translate } from '../../src/lib/i18n'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/assets/api', () => ({ fetchDepositAddress: vi.fn(), submitDeposit: vi.fn() }))

const ADDRESS = 'TDepositAddressForTheDemoUser0000X'
let urls: string[] = []

beforeEach(() => {
  urls = []
  vi.mocked(fetchDepositAddress).mockImplementation(async (currency, chain) => ({ currency, chain, address: ADDRESS, minimum: '1', confirmations: 12 }))
  vi.mocked(submitDeposit).mockReset()
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    urls.push(`blob:proof-${urls.length + 1}`)
    return urls.at(-1) ?? ''
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const render = () =>
  renderScreen(() => <RechargePanel currency="USDT" chain="TRC20" onCurrencyChange={() => {}} onChainChange={() => {}} />)
const image = (name: string, bytes = 64, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type })
function choose(file: File | null) {
  const input = screen.getByLabelText('Payment proof') as HTMLInputElement
  Object.defineProperty(input, 'files', { configurable: true, value: file ? [file] : [] })
  fireEvent.change(input)
}
// The toast host belongs to the app shell; the queue it renders is what the screen raised.
const lastToast = () => {
  const toast = store.get(toastsAtom).at(-1)
  return toast && { kind: toast.kind, text: translate(toast.text) }
}
const proofError = () => {
  const id = screen.getByLabelText('Payment proof').getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

it('shows the address as a QR code and as text, with the minimum, 12 confirmations and the warning', async () => {
  await render()
  const qr = await screen.findByRole('img', { name: 'QR code of the USDT TRC20 deposit address' })
  expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
  expect(screen.getByTestId('deposit-address').textContent).toBe(ADDRESS)
  expect(screen.getByText('Minimum deposit: 1 USDT')).toBeTruthy()
  expect(screen.getByText('Credited after 12 network confirmations')).toBeTruthy()
  expect(screen.getByText(/Deposits below the minimum are neither credited nor refunded/)).toBeTruthy()
  expect(fetchDepositAddress).toHaveBeenCalledWith('USDT', 'TRC20')
})

it('copies the address, and says how to copy it where the clipboard is missing', async () => {
  await render()
  const writeText = vi.fn(async () => {})
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Copy address' })))
  expect(writeText).toHaveBeenCalledWith(ADDRESS)
  expect(lastToast()).toEqual({ kind: 'success', text: 'Address copied' })
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy address' })))
  expect(lastToast()).toEqual({ kind: 'warning', text: 'Copying is not available here; press and hold the address to copy it' })
})

it("needs the proof ('Please upload credentials') and sends nothing without it", async () => {
  await render()
  await screen.findByTestId('deposit-address')
  fireEvent.change(screen.getByLabelText('Deposit amount (USDT)'), { target: { value: '0.5' } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  expect(proofError()).toBe('Please upload credentials')
  expect(screen.getByText('The number of inputs is less than the minimum limit')).toBeTruthy()
  expect(submitDeposit).not.toHaveBeenCalled()
})

it('previews the picked image and releases each preview when replaced or when the screen goes', async () => {
  const view = await render()
  await screen.findByTestId('deposit-address')
  choose(image('first.png'))
  expect(screen.getByRole('img', { name: 'Preview of the payment proof' }).getAttribute('src')).toBe('blob:proof-1')
  choose(image('second.png'))
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:proof-1')
  expect(screen.getByRole('img', { name: 'Preview of the payment proof' }).getAttribute('src')).toBe('blob:proof-2')
  view.unmount()
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:proof-2')
})

it('refuses an image over the limit as soon as it is picked, and one that is not an image', async () => {
  await render()
  await screen.findByTestId('deposit-address')
  choose(image('huge.png', 5 * 1024 * 1024 + 1))
  expect(proofError()).toBe('The image is too large; at most 5 MB')
  choose(image('notes.pdf', 64, 'application/pdf'))
  expect(proofError()).toBe('Please upload a PNG, JPEG or WebP image')
  fireEvent.change(screen.getByLabelText('Deposit amount (USDT)'), { target: { value: '25' } })
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  expect(submitDeposit).not.toHaveBeenCalled()
})

it('sends amount, chain and the image, then says it is pending review and links to the records', async () => {
  vi.mocked(submitDeposit).mockResolvedValue({ id: 'd1', currency: 'USDT', amount: '25', status: 0 } as AssetRecord)
  await render()
  await screen.findByTestId('deposit-address')
  const proof = image('proof.png')
  choose(proof)
  fireEvent.change(screen.getByLabelText('Deposit amount (USDT)'), { target: { value: '25' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })))
  expect(submitDeposit).toHaveBeenCalledWith({ currency: 'USDT', chain: 'TRC20', amount: '25', proof })
  expect(await screen.findByText(/Deposit of 25 USDT submitted. It is pending review/)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'View records' }).getAttribute('href')).toBe('/assert/record')
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:proof-1')
  expect((screen.getByLabelText('Deposit amount (USDT)') as HTMLInputElement).value).toBe('')
})
