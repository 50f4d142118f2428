// The sessions, histories, anti-phishing and allow-list screens (features/security, issue 22):
// what each shows, and every change made only after a confirmation and never offline.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { SecurityOverview, SessionInfo } from '../../src/contract/security.ts'
import {
  fetchSecurityHistory, fetchSecurityOverview, fetchSessions, fetchSignIns, revokeOtherSessions, revokeSession, setAllowList, setAntiPhishing,
} from '../../src/features/security/api'
import { AllowListCard } from '../../src/features/security/components/allow-list-card'
import { AntiPhishingForm } from '../../src/features/security/components/anti-phishing-form'
import { HistoryList } from '../../src/features/security/components/history-list'
import { SessionsList } from '../../src/features/security/components/sessions-list'
import { SignInList } from '../../src/features/security/components/sign-in-list'
import { formatDate } from '../../src/lib/format'
import { renderScreen } from './render'

vi.mock('../../src/features/security/api', () => ({
  fetchSessions: vi.fn(), revokeSession: vi.fn(), revokeOtherSessions: vi.fn(), fetchSignIns: vi.fn(), fetchSecurityHistory: vi.fn(),
  fetchSecurityOverview: vi.fn(), setAntiPhishing: vi.fn(), setAllowList: vi.fn(),
}))

const T = 1_800_000_000_000
const HOUR = 3_600_000
const HERE: SessionInfo = { id: 's1', device: 'iPhone', browser: 'Safari 18', address: '203.0.113.7', createdAt: T - 5 * HOUR, lastSeen: T, current: true }
const LAPTOP: SessionInfo = { id: 's2', device: 'Windows', browser: 'Chrome 142', address: '198.51.100.4', createdAt: T - 50 * HOUR, lastSeen: T - HOUR, current: false }
const OLD: SessionInfo = { id: 's3', device: '', browser: '', address: '', createdAt: T - 90 * HOUR, lastSeen: T - 80 * HOUR, current: false }
const overview = (patch: Partial<SecurityOverview> = {}): SecurityOverview => ({
  twoFactor: false, recoveryCodesLeft: 0, passkeys: 0, antiPhishing: '', allowList: { on: false, offAt: null, delayHours: 24 }, ...patch,
})

beforeEach(() => {
  vi.clearAllMocks()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  vi.mocked(fetchSessions).mockResolvedValue([OLD, LAPTOP, HERE])
  vi.mocked(revokeSession).mockResolvedValue(null)
  vi.mocked(revokeOtherSessions).mockResolvedValue({ revoked: 2 })
})
afterEach(cleanup)

it('lists this device first, then signs out one device and all others, each after a confirmation', async () => {
  await renderScreen(() => <SessionsList />)
  const list = await screen.findByRole('list', { name: 'Signed-in devices' })
  const rows = within(list).getAllByRole('listitem')
  expect(rows.map((row) => row.querySelector('.safety-item__title')?.textContent)).toEqual(['iPhone · Safari 18', 'Windows · Chrome 142', 'Unknown device'])
  expect(within(rows[0]!).getByText('This device')).toBeTruthy()
  expect(within(rows[0]!).queryByRole('button')).toBeNull()
  expect(within(rows[1]!).getByText('198.51.100.4')).toBeTruthy()
  expect(within(rows[1]!).getByText(formatDate(LAPTOP.createdAt))).toBeTruthy()

  fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out Windows · Chrome 142/ }))
  const sheet = screen.getByRole('dialog', { name: 'Sign out this device?' })
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  expect(revokeSession).not.toHaveBeenCalled()

  fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out Windows/ }))
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' })))
  expect(revokeSession).not.toHaveBeenCalled()
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)

  fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out Windows/ }))
  vi.mocked(fetchSessions).mockResolvedValue([OLD, HERE])
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out' })))
  expect(revokeSession).toHaveBeenCalledWith('s2')
  await vi.waitFor(() => expect(screen.queryByText('Windows · Chrome 142')).toBeNull())

  fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }))
  vi.mocked(fetchSessions).mockResolvedValue([HERE])
  await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Sign out all other devices?' })).getByRole('button', { name: 'Sign out all' })))
  expect(revokeOtherSessions).toHaveBeenCalledTimes(1)
  await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull())
})

it('shows a failed load with its reason and a retry', async () => {
  vi.mocked(fetchSessions).mockRejectedValueOnce(new Error('Network error, please check your connection and try again'))
  await renderScreen(() => <SessionsList />)
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('The sessions could not be loaded.')
  await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry' })))
  expect(await screen.findByRole('list', { name: 'Signed-in devices' })).toBeTruthy()
})

it('marks a failed sign-in by a sign and its words, and names each result and method', async () => {
  vi.mocked(fetchSignIns).mockResolvedValue([
    { at: T, result: 'wrongCode', method: 'code', address: '198.51.100.4', device: 'Windows', browser: 'Chrome 142' },
    { at: T - HOUR, result: 'ok', method: 'passkey', address: '203.0.113.7', device: 'iPhone', browser: 'Safari 18' },
  ])
  await renderScreen(() => <SignInList />)
  const rows = within(await screen.findByRole('list', { name: 'Sign-in attempts' })).getAllByRole('listitem')
  expect(rows[0]!.textContent).toContain('✕ Failed: Wrong code')
  expect(rows[0]!.textContent).toContain('Authentication code')
  expect(rows[1]!.textContent).toContain('✓ Succeeded')
  expect(rows[1]!.textContent).not.toContain('Failed')
  expect(rows[1]!.textContent).toContain('Passkey')
})

it('words every security event, with its detail, address and device', async () => {
  vi.mocked(fetchSecurityHistory).mockResolvedValue([
    { at: T, event: 'allowList.offRequested', address: '203.0.113.7', device: 'iPhone', browser: 'Safari 18', detail: 'turns off at 2027-01-15T08:00:00.000Z' },
    { at: T - HOUR, event: 'address.added', address: '203.0.113.7', device: '', browser: '', detail: 'USDT TRC20 TQn9…LSE' },
  ])
  await renderScreen(() => <HistoryList />)
  const rows = within(await screen.findByRole('list', { name: 'Security events' })).getAllByRole('listitem')
  expect(rows[0]!.textContent).toContain('Withdrawal allow-list turn-off requested')
  // The server's English, UTC wording of it is left out: the label says it in the user's language.
  expect(rows[0]!.textContent).not.toContain('turns off at')
  expect(rows[1]!.textContent).toContain('Withdrawal address added')
  expect(rows[1]!.textContent).toContain('USDT TRC20 TQn9…LSE')
  expect(rows[1]!.textContent).toContain('Unknown device')
})

it('sets the anti-phishing code only when it follows the rule, and clears it after a confirmation', async () => {
  vi.mocked(fetchSecurityOverview).mockResolvedValue(overview())
  vi.mocked(setAntiPhishing).mockResolvedValue(null)
  await renderScreen(() => <AntiPhishingForm />)
  expect(await screen.findByText(/every email we send starts with this code/i)).toBeTruthy()
  expect(screen.getByText('Not set')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Anti-phishing code'), { target: { value: 'two words' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set code' })))
  expect(setAntiPhishing).not.toHaveBeenCalled()
  expect(screen.getByText('The anti-phishing code must be 4 to 20 letters or digits')).toBeTruthy()

  vi.mocked(fetchSecurityOverview).mockResolvedValue(overview({ antiPhishing: 'Ti****' }))
  fireEvent.change(screen.getByLabelText('Anti-phishing code'), { target: { value: ' Tiger2026 ' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set code' })))
  expect(setAntiPhishing).toHaveBeenCalledWith('Tiger2026')
  expect(await screen.findByText('Ti****')).toBeTruthy()

  fireEvent.click(screen.getByRole('button', { name: 'Clear code' }))
  await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Clear the anti-phishing code?' })).getByRole('button', { name: 'Clear' })))
  expect(setAntiPhishing).toHaveBeenLastCalledWith('')
})

it('turns the allow-list on at once, off after its delay, and on again to cancel the off', async () => {
  const offAt = Date.now() + 24 * HOUR
  vi.mocked(fetchSecurityOverview).mockResolvedValue(overview())
  await renderScreen(() => <AllowListCard />)
  expect(await screen.findByText(/added more than 24 hours ago/)).toBeTruthy()
  expect(screen.getByRole('status').textContent).toContain('Off')

  vi.mocked(setAllowList).mockResolvedValueOnce({ on: true, offAt: null, delayHours: 24 })
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Turn on the allow-list?' })).getByRole('button', { name: 'Turn on' })))
  expect(setAllowList).toHaveBeenLastCalledWith(true)
  expect(screen.getByRole('status').textContent).toContain('On')

  vi.mocked(setAllowList).mockResolvedValueOnce({ on: true, offAt, delayHours: 24 })
  fireEvent.click(screen.getByRole('button', { name: 'Turn off' }))
  const sheet = screen.getByRole('dialog', { name: 'Turn off the allow-list?' })
  expect(sheet.textContent).toContain('24 hours from now')
  await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: 'Turn off' })))
  expect(setAllowList).toHaveBeenLastCalledWith(false)
  expect(screen.getByRole('status').textContent).toContain(`Turns off at ${formatDate(offAt)}`)

  vi.mocked(setAllowList).mockResolvedValueOnce({ on: true, offAt: null, delayHours: 24 })
  fireEvent.click(screen.getByRole('button', { name: 'Keep it on' }))
  await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Keep the allow-list on?' })).getByRole('button', { name: 'Keep it on' })))
  expect(setAllowList).toHaveBeenLastCalledWith(true)
  expect(screen.getByRole('status').textContent).not.toContain('Turns off')
})
