// The contract account under the seconds screen: balances with the hide-small toggle, and the
// transfer into it (c_a_transferTip, confirmation, one idempotent call, c_a_transferSuc, cleared).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fetchAccount, fetchContractRecords, transferIn } from '../../src/features/seconds/api'
import { hideSmallAtom } from '../../src/features/seconds/atoms'
import { AccountSection } from '../../src/features/seconds/components/account-section'
import { userIdAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { subscribeMarket } from '../../src/lib/sw-bridge'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

vi.mock('../../src/features/seconds/api', () => ({
  fetchAccount: vi.fn(), fetchContractRecords: vi.fn(), transferIn: vi.fn(), PRICE_LIST_TOPIC: { key: 'priceList', path: '/x', body: {} },
}))
vi.mock('../../src/lib/sw-bridge', () => ({ subscribeMarket: vi.fn() }))

let user = 0
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Transfer in' }))
afterEach(cleanup)
beforeEach(() => {
  store.set(userIdAtom, `seconds-account-${++user}`)
  store.set(toastsAtom, [])
  store.set(hideSmallAtom, false)
  vi.mocked(transferIn).mockReset()
  vi.mocked(fetchContractRecords).mockResolvedValue({ list: [], sum: 0 })
  vi.mocked(fetchAccount).mockReset().mockImplementation(async (type) => type === 1
    ? [{ currencyName: 'USDT', availableCurrency: '500', frozenCurrency: '0' }]
    : [{ currencyName: 'USDT', availableCurrency: '990', frozenCurrency: '10' }, { currencyName: 'BTC', availableCurrency: '0.000001', frozenCurrency: '0' }])
  // The price list answers at once: BTC at 60000, so 0.000001 BTC is worth 0.06 USDT (small).
  vi.mocked(subscribeMarket).mockImplementation((_topic, onAnswer) => {
    onAnswer({ status: 'ok', data: [{ symbol: 'btcusdt', baseCoin: 'BTC', quoteCoin: 'USDT', close: '60000' }] })
    return () => undefined
  })
})

it('lists the contract balances with their USDT value and hides small ones on request', async () => {
  await renderScreen(() => <AccountSection currency="USDT" />)
  const list = await screen.findByRole('list', { name: 'Contract assets' })
  const usdt = within(list).getByText('USDT', { selector: 'strong' }).closest('li') as HTMLElement
  const shown = (term: string) => within(usdt).getByText(term).nextElementSibling?.textContent
  expect([shown('Available'), shown('Frozen'), shown('Value (USDT)')]).toEqual(['990 USDT', '10 USDT', '1,000.00'])
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }))
  expect(within(list).getAllByRole('listitem')).toHaveLength(1)
})

it('transfers into the contract account behind a confirmation, once, and clears the amount', async () => {
  vi.mocked(transferIn).mockResolvedValue(null)
  await renderScreen(() => <AccountSection currency="USDT" />)
  fireEvent.click(screen.getByRole('tab', { name: 'Transfer in' }))
  await screen.findByText('Spot available: 500 USDT')
  const amount = screen.getByLabelText('Transfer amount (USDT)') as HTMLInputElement
  submit()
  expect(screen.getByText('Please enter the transfer amount (at least 0.00001)')).toBeTruthy()
  fireEvent.change(amount, { target: { value: '600' } })
  submit()
  expect(screen.getByText('Insufficient available balance')).toBeTruthy()
  fireEvent.change(amount, { target: { value: '100' } })
  submit()
  const sheet = screen.getByRole('dialog', { name: 'Confirm transfer' })
  const shown = (term: string) => within(sheet).getByText(term).nextElementSibling?.textContent
  expect([shown('From'), shown('To'), shown('Amount')]).toEqual(['Spot account', 'Contract account', '100 USDT'])
  expect(transferIn).not.toHaveBeenCalled()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(transferIn).toHaveBeenCalledTimes(1)
  expect(vi.mocked(transferIn).mock.calls[0]?.[0]).toEqual({ amount: '100', currency: 'USDT' })
  expect(vi.mocked(transferIn).mock.calls[0]?.[1]).toMatch(/^[0-9a-f-]{36}$/)
  expect(store.get(toastsAtom)[0]).toMatchObject({ kind: 'success', text: 'c_a_transferSuc' })
  expect(amount.value).toBe('')
})

it('names a seconds order’s record “Seconds contract” and a leveraged one’s apart, in every language', async () => {
  const base = { accountType: 2 as const, currency: 'USDT', fee: '0', status: 1 as const, remark: '', info: '', kind: '' as const, params: {}, createdAt: 1_760_000_000_000 }
  vi.mocked(fetchContractRecords).mockResolvedValue({
    list: [{ ...base, id: '1', tradeType: 6, amount: '-10', actualArrival: '18' }, { ...base, id: '2', tradeType: 9, amount: '0.5', actualArrival: '42' }],
    sum: 2,
  })
  for (const [locale, seconds, leveraged] of [['en-US', 'Seconds contract', 'Leveraged contract'], ['zh-CN', '秒合约', '杠杆合约']] as const) {
    await renderScreen(() => <AccountSection currency="USDT" />, locale)
    fireEvent.click(screen.getAllByRole('tab')[1] as HTMLElement)
    const rows = await screen.findAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('.seconds-record__kind')?.firstChild?.textContent?.trim()).filter(Boolean)).toEqual([seconds, leveraged])
    cleanup()
  }
  await renderScreen(() => <></>, 'en-US')
})
