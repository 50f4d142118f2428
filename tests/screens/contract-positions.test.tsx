// The open positions under the contract form: a holding position's P/L and ROE live on the mark,
// coloured by sign; closing part behind its sheet (checks, the estimate, one key); the stops'
// refusals; added margin with the liquidation price it leads to; a pending entry's cancel; and
// every change refused offline with nothing sent.
import { i18n, type MessageDescriptor } from '@lingui/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ContractPosition } from '../../src/contract/contracts.ts'
import type { MarketTopic } from '../../src/contract/market.ts'
import { addMargin, cancelEntry, closePosition, editStops, fetchContractAccount, fetchContractConfig, fetchPositions } from '../../src/features/contract/api'
import { ContractTrade } from '../../src/features/contract/components/contract-trade'
import { signInAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { toastsAtom } from '../../src/lib/toast'
import { contractPosition, CONTRACT_CONFIG, tickAt } from '../support/contract-positions'
import { renderScreen } from './render'

vi.mock('../../src/features/contract/api', () => ({
  fetchContractConfig: vi.fn(), fetchContractAccount: vi.fn(), openPosition: vi.fn(), fetchPositions: vi.fn(),
  cancelEntry: vi.fn(), closePosition: vi.fn(), addMargin: vi.fn(), editStops: vi.fn(), fetchPosition: vi.fn(),
}))
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

const HOLDING = contractPosition('11', { stopLoss: '58000.00' })
const PENDING = contractPosition('12', {
  direction: 2, leverage: 5, entryType: 2, status: 1, limitPrice: '61000.00', entryPrice: '', quantity: '0.001', openedQuantity: '0.001',
  margin: '12.2', openFee: '0.0305', liquidationPrice: '', openedAt: null,
})
let user = 0
let listeners: Array<(answer: unknown) => void> = []

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: `contract-positions-${++user}` })
  store.set(toastsAtom, [])
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  listeners = []
  vi.mocked(subscribeMarket).mockImplementation((topic: MarketTopic, onAnswer) => {
    if (topic.key.includes('btcusdt')) listeners.push(onAnswer)
    onAnswer({ status: 'ok', tick: tickAt('60150.50') })
    return () => undefined
  })
  vi.mocked(fetchContractConfig).mockResolvedValue(CONTRACT_CONFIG)
  vi.mocked(fetchContractAccount).mockReset().mockResolvedValue([{ currencyName: 'USDT', availableCurrency: '1000', frozenCurrency: '0' }])
  vi.mocked(fetchPositions).mockReset().mockResolvedValue([HOLDING, PENDING])
  for (const call of [closePosition, addMargin, editStops, cancelEntry]) vi.mocked(call).mockReset().mockResolvedValue({} as ContractPosition)
  // A whole close answers the position ended, with its one close.
  vi.mocked(closePosition).mockResolvedValue(contractPosition('11', {
    status: 3, quantity: '0', margin: '0', closeReason: 1, result: 1, exitPrice: '60150.50', realizedPnl: '15.05',
    closes: [{ quantity: '0.1', price: '60150.50', pnl: '15.05', fee: '3.007525', reason: 1, closedAt: 1_760_000_060_000 }],
  }))
})

async function renderPositions() {
  await renderScreen(() => <ContractTrade pair={{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' }} />)
  return screen.findByRole('article', { name: 'Long BTC/USDT 10× position' })
}
/**
 * The holding card as it is now: a reload of the list while the test runs (a slow machine's
 * refresh tick) may render it anew, and a node found earlier would then show old figures.
 */
const holdingCard = () => screen.getByRole('article', { name: 'Long BTC/USDT 10× position' })
const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling as HTMLElement
const markAt = (close: string) => act(() => listeners.forEach((listener) => listener({ status: 'ok', tick: tickAt(close) })))
const field = (sheet: HTMLElement, label: string) => within(sheet).getByLabelText(label) as HTMLInputElement
const type = (sheet: HTMLElement, label: string, value: string) => fireEvent.change(field(sheet, label), { target: { value } })
/** The toast's text: an offline refusal is a message descriptor, translated when shown. */
const toastText = () => String((store.get(toastsAtom)[0]?.text as { message?: string } | undefined)?.message)
/** The toast as the trader reads it (en-US). */
const shownToast = () => {
  const text = store.get(toastsAtom)[0]?.text
  return text === undefined ? undefined : i18n._(text as MessageDescriptor)
}
const errorIn = (sheet: HTMLElement) => sheet.querySelector('.field__error')?.textContent

it("shows a holding position's P/L and ROE at the live mark, green while it gains and red once it loses", async () => {
  const first = await renderPositions()
  expect(within(first).getByText('Holding')).toBeTruthy()
  // Each figure is read with its unit, which the card has no room to show (an .sr-only USDT).
  expect(figure(holdingCard(), 'Mark price').textContent).toBe('60,150.50 USDT')
  // (60150.5 − 60000) × 0.1 = 15.05 on a margin of 600: +2.50 %.
  const pnl = () => figure(holdingCard(), 'Unrealised P/L (USDT)').firstElementChild as HTMLElement
  expect(pnl().textContent).toBe('+15.05 USDT')
  expect(pnl().className).toBe('trend--up')
  expect(figure(holdingCard(), 'ROE').textContent).toBe('+2.50%')
  markAt('59900.00')
  await waitFor(() => expect(pnl().textContent).toBe('-10 USDT'))
  expect(pnl().className).toBe('trend--down')
  expect(figure(holdingCard(), 'ROE').textContent).toBe('-1.66%')
  expect(figure(holdingCard(), 'Liq. price').textContent).toBe('54,271.36 USDT')
  expect(figure(holdingCard(), 'Stop loss').textContent).toBe('58,000.00 USDT')
  // A pending entry shows its limit and no P/L yet.
  const pending = screen.getByRole('article', { name: 'Short BTC/USDT 5× position' })
  expect(figure(pending, 'Limit price').textContent).toBe('61,000.00 USDT')
  expect(within(pending).queryByText('Unrealised P/L (USDT)')).toBeNull()
})

it('closes part of a position after its checks, restating the estimate, with one key', async () => {
  const card = await renderPositions()
  fireEvent.click(within(card).getByRole('button', { name: 'Close' }))
  const sheet = screen.getByRole('dialog', { name: 'Close BTC/USDT Long' })
  expect(field(sheet, 'Quantity to close (BTC)').value).toBe('0.1')
  expect(within(sheet).getByRole('button', { name: 'Close all' })).toBeTruthy()
  type(sheet, 'Quantity to close (BTC)', '0.2')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Close part' }))
  expect(errorIn(sheet)).toBe('The quantity is more than the position holds')
  type(sheet, 'Quantity to close (BTC)', '0.0995')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Close part' }))
  expect(errorIn(sheet)).toBe('What would remain is below the minimum quantity, please close all of it')
  expect(closePosition).not.toHaveBeenCalled()

  type(sheet, 'Quantity to close (BTC)', '0.04')
  // (60150.5 − 60000) × 0.04 = 6.02; fee 60150.5 × 0.04 × 0.0005 = 1.20301; back: 240 + 6.02 − 1.20301.
  expect(within(sheet).getByText('Est. P/L').nextElementSibling?.textContent).toBe('+6.02 USDT')
  expect(within(sheet).getByText('Est. close fee').nextElementSibling?.textContent).toBe('1.20301 USDT')
  expect(within(sheet).getByText('Est. returned to available').nextElementSibling?.textContent).toBe('244.81699 USDT')
  const loads = vi.mocked(fetchPositions).mock.calls.length
  vi.mocked(closePosition).mockResolvedValueOnce(contractPosition('11', {
    quantity: '0.06', margin: '360', realizedPnl: '6.02', closeFee: '1.20301', exitPrice: '60150.50',
    closes: [{ quantity: '0.04', price: '60150.50', pnl: '6.02', fee: '1.20301', reason: 1, closedAt: 1_760_000_060_000 }],
  }))
  fireEvent.click(within(sheet).getByRole('button', { name: 'Close part' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(closePosition).toHaveBeenCalledTimes(1)
  const [input, key] = vi.mocked(closePosition).mock.calls[0] ?? []
  expect(input).toEqual({ id: '11', quantity: '0.04' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success' })
  // Not "Position closed": what this close did, and what is still held.
  expect(shownToast()).toBe('Closed 0.04 BTC at 60,150.50, P/L +6.02 USDT. Still holding 0.06 BTC.')
  await waitFor(() => expect(vi.mocked(fetchPositions).mock.calls.length).toBeGreaterThan(loads))
})

it('closes all of it without naming a quantity', async () => {
  const card = await renderPositions()
  fireEvent.click(within(card).getByRole('button', { name: 'Close' }))
  const sheet = screen.getByRole('dialog', { name: 'Close BTC/USDT Long' })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Close all' }))
  await waitFor(() => expect(closePosition).toHaveBeenCalledTimes(1))
  expect(vi.mocked(closePosition).mock.calls[0]?.[0]).toEqual({ id: '11', quantity: undefined })
  await waitFor(() => expect(shownToast()).toBe('Position closed: 0.1 BTC at 60,150.50, P/L +15.05 USDT.'))
})

it('refuses stops on the wrong side of the entry or past the liquidation price, then saves, an emptied one removed', async () => {
  const card = await renderPositions()
  fireEvent.click(within(card).getByRole('button', { name: 'SL / TP' }))
  const sheet = screen.getByRole('dialog', { name: 'Stop loss and take profit' })
  expect(field(sheet, 'Stop loss (USDT)').value).toBe('58000')
  const save = () => fireEvent.click(within(sheet).getByRole('button', { name: 'Save' }))
  type(sheet, 'Stop loss (USDT)', '60500')
  save()
  expect(errorIn(sheet)).toBe('The stop loss must lie between the liquidation price and the entry price')
  type(sheet, 'Stop loss (USDT)', '54000')
  save()
  expect(errorIn(sheet)).toBe('The stop loss must lie between the liquidation price and the entry price')
  type(sheet, 'Stop loss (USDT)', '58000.123')
  save()
  expect(errorIn(sheet)).toBe('The price has too many decimal places for this pair')
  type(sheet, 'Stop loss (USDT)', '')
  type(sheet, 'Take profit (USDT)', '59000')
  save()
  expect(errorIn(sheet)).toBe('The take profit must be above the entry price for a long position and below it for a short one')
  expect(editStops).not.toHaveBeenCalled()

  type(sheet, 'Take profit (USDT)', '65000')
  save()
  await waitFor(() => expect(editStops).toHaveBeenCalledTimes(1))
  const [input, key] = vi.mocked(editStops).mock.calls[0] ?? []
  expect(input).toEqual({ id: '11', stopLoss: '', takeProfit: '65000' })
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
})

it('shows where added margin moves the liquidation price before adding it', async () => {
  const card = await renderPositions()
  fireEvent.click(within(card).getByRole('button', { name: 'Add margin' }))
  const sheet = screen.getByRole('dialog', { name: 'Add margin' })
  type(sheet, 'Amount (USDT)', '2000')
  // (6000 − 2600) ÷ (0.1 × 0.995) = 34170.85…, rounded up.
  expect(within(sheet).getByText('New liquidation price').nextElementSibling?.textContent).toBe('34,170.86')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }))
  expect(errorIn(sheet)).toBe('Insufficient available balance')
  type(sheet, 'Amount (USDT)', '100')
  // (6000 − 700) ÷ (0.1 × 0.995) = 53266.33…, rounded up.
  expect(within(sheet).getByText('New liquidation price').nextElementSibling?.textContent).toBe('53,266.34')
  expect(within(sheet).getByText('Margin').nextElementSibling?.textContent).toBe('600 USDT → 700 USDT')
  expect(addMargin).not.toHaveBeenCalled()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Add margin' }))
  await waitFor(() => expect(addMargin).toHaveBeenCalledTimes(1))
  expect(vi.mocked(addMargin).mock.calls[0]?.[0]).toEqual({ id: '11', amount: '100' })
})

it("cancels a pending entry behind a confirmation that says what comes back", async () => {
  await renderPositions()
  const pending = screen.getByRole('article', { name: 'Short BTC/USDT 5× position' })
  fireEvent.click(within(pending).getByRole('button', { name: 'Cancel' }))
  const sheet = screen.getByRole('dialog', { name: 'Cancel this entry?' })
  expect(within(sheet).getByText('Returned to available').nextElementSibling?.textContent).toBe('12.2305 USDT')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel entry' }))
  await waitFor(() => expect(cancelEntry).toHaveBeenCalledTimes(1))
  expect(vi.mocked(cancelEntry).mock.calls[0]?.[0]).toBe('12')
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'Cancelled' })
})

it('refuses every change offline with its reason, and sends nothing', async () => {
  const card = await renderPositions()
  fireEvent.click(within(card).getByRole('button', { name: 'SL / TP' }))
  const sheet = screen.getByRole('dialog', { name: 'Stop loss and take profit' })
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  type(sheet, 'Take profit (USDT)', '65000')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Save' }))
  expect(toastText()).toBe('You are offline. Stop loss and take profit can only be changed while connected.')
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  fireEvent.click(within(card).getByRole('button', { name: 'Close' }))
  expect(toastText()).toBe('You are offline. Positions can only be closed while connected.')
  fireEvent.click(within(card).getByRole('button', { name: 'Add margin' }))
  expect(toastText()).toBe('You are offline. Margin can only be added while connected.')
  fireEvent.click(within(screen.getByRole('article', { name: 'Short BTC/USDT 5× position' })).getByRole('button', { name: 'Cancel' }))
  expect(toastText()).toBe('You are offline. Entries can only be cancelled while connected.')
  expect(screen.queryByRole('dialog')).toBeNull()
  for (const call of [closePosition, addMargin, editStops, cancelEntry]) expect(call).not.toHaveBeenCalled()
})
