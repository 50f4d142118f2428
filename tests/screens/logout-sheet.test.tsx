// Issue 21 item 11: logging out asks in the app's own sheet (translated, styled like every other
// confirmation), never the browser's window.confirm; cancelling keeps the session.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { forgetQueuedTransfers, logout } from '../../src/features/me/api'
import { LogoutButton } from '../../src/features/me/components/logout-button'
import { loadCatalog } from '../../src/lib/i18n'
import { isLoggedInAtom, signInAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { translationOf } from '../support/catalog'
import { renderScreen } from './render'

vi.mock('../../src/features/me/api', () => ({ logout: vi.fn(), forgetQueuedTransfers: vi.fn() }))

beforeAll(() => loadCatalog('me'))
beforeEach(() => {
  store.set(signInAtom, { token: 'token', userId: 'logout-sheet' })
  vi.mocked(logout).mockReset().mockResolvedValue(null)
  vi.mocked(forgetQueuedTransfers).mockReset().mockResolvedValue()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('asks in the app sheet; Cancel keeps the session, Log out ends it', async () => {
  const nativeConfirm = vi.fn(() => true)
  vi.stubGlobal('confirm', nativeConfirm)
  const onLoggedOut = vi.fn()
  await renderScreen(() => <LogoutButton onLoggedOut={onLoggedOut} />)
  fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
  const sheet = screen.getByRole('dialog', { name: 'Log out of this device?' })
  expect(nativeConfirm).not.toHaveBeenCalled()
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(logout).not.toHaveBeenCalled()
  expect(store.get(isLoggedInAtom)).toBe(true)

  fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log out' }))
  await waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1))
  expect(logout).toHaveBeenCalledTimes(1)
  expect(store.get(isLoggedInAtom)).toBe(false)
  expect(nativeConfirm).not.toHaveBeenCalled()
})

it('asks in the reader’s language', async () => {
  await renderScreen(() => <LogoutButton onLoggedOut={() => undefined} />, 'ja')
  fireEvent.click(screen.getByRole('button', { name: translationOf('ja', 'Log out') }))
  expect(screen.getByRole('dialog', { name: translationOf('ja', 'Log out of this device?') })).toBeTruthy()
})
