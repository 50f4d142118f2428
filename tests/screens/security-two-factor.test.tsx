// The two-factor and passkeys screens (features/security/components/two-factor-panel, passkey-panel)
// against a stubbed server: turning codes on shows the key as a QR code and as grouped text, a wrong
// first code is shown in place, the right one shows the ten recovery codes once; offline, nothing
// is sent. Passkeys: the list, removal after a confirmation, and where WebAuthn is missing a note
// instead of "Add a passkey".
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS, type SecurityOverview } from '../../src/contract/security.ts'
import { PasskeyPanel } from '../../src/features/security/components/passkey-panel'
import { TwoFactorPanel } from '../../src/features/security/components/two-factor-panel'
import { configureApiClient } from '../../src/lib/api-client'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = Array.from({ length: 10 }, (_, n) => `code-${String(n).padStart(4, '0')}`)
let sent: string[]
let overview: SecurityOverview
let passkeys = [
  { id: 'p1', name: 'Pixel 9', createdAt: Date.UTC(2026, 0, 2), lastUsedAt: null },
  { id: 'p2', name: 'MacBook', createdAt: Date.UTC(2026, 0, 3), lastUsedAt: Date.UTC(2026, 0, 4) },
]

const json = (data: unknown, code = 1, msg = 'success') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  sent = []
  overview = { twoFactor: false, recoveryCodesLeft: 0, passkeys: 0, antiPhishing: '', allowList: { on: false, offAt: null, delayHours: 24 } }
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname
    const body = new URLSearchParams(String(init.body))
    sent.push(path)
    if (path === SECURITY_PATHS.overview) return json(overview)
    if (path === SECURITY_PATHS.totpStart) return json({ secret: SECRET, uri: `otpauth://totp/NovaEx:demo?secret=${SECRET}&issuer=NovaEx` })
    if (path === SECURITY_PATHS.totpEnable) {
      if (body.get('code') === '999999') return json(null, 0, SERVER_MESSAGES.twoFactorSetupExpired)
      if (body.get('code') !== '123456') return json(null, 0, SERVER_MESSAGES.twoFactorCodeError)
      overview = { ...overview, twoFactor: true, recoveryCodesLeft: 10 }
      return json({ codes: CODES })
    }
    if (path === SECURITY_PATHS.passkeyList) return json(passkeys)
    if (path === SECURITY_PATHS.passkeyRemove) {
      passkeys = passkeys.filter((passkey) => passkey.id !== body.get('id'))
      return json(null)
    }
    return json(null, 0, 'unexpected')
  }))
  configureApiClient({ getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: 'http://app.test' })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  store.set(toastsAtom, [])
})

it('turns two-factor codes on: the QR code and the grouped key, a wrong code in place, then the recovery codes once', async () => {
  await renderScreen(() => <TwoFactorPanel />)
  expect((await screen.findByTestId('two-factor-state')).textContent).toBe('Off')
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))

  expect(await screen.findByRole('img', { name: 'QR code of your two-factor key. The key is also written below.' })).toBeTruthy()
  expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
  const field = screen.getByLabelText('Code from the app')
  expect(field.getAttribute('autocomplete')).toBe('one-time-code')
  fireEvent.change(field, { target: { value: '654321' } })
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  expect(await screen.findByText(SERVER_MESSAGES.twoFactorCodeError)).toBeTruthy()

  fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123 456' } })
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  const list = await screen.findByRole('list', { name: 'Recovery codes' })
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES)
  expect(screen.getByText(/Keep these somewhere safe; each works once/)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Done' }))
  await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toBe('On'))
  expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
  expect(screen.getByText('10')).toBeTruthy()
})

it('an expired setup goes back to "Turn on" with the server\'s message', async () => {
  await renderScreen(() => <TwoFactorPanel />)
  await screen.findByTestId('two-factor-state')
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '999999' } })
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  await waitFor(() => expect(screen.queryByLabelText('Code from the app')).toBeNull())
  expect(screen.getByTestId('two-factor-state').textContent).toBe('Off')
  expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual([SERVER_MESSAGES.twoFactorSetupExpired])
})

it('refuses to start offline, with a clear message, and sends nothing', async () => {
  await renderScreen(() => <TwoFactorPanel />)
  await screen.findByTestId('two-factor-state')
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }))
  expect(store.get(toastsAtom).map((toast) => toast.kind)).toEqual(['error'])
  expect(sent).not.toContain(SECURITY_PATHS.totpStart)
  vi.restoreAllMocks()
})

it('lists passkeys and removes one after a confirmation; without WebAuthn, explains instead of offering to add', async () => {
  vi.stubGlobal('PublicKeyCredential', undefined)
  await renderScreen(() => <PasskeyPanel />)
  const list = await screen.findByRole('list', { name: 'Your passkeys' })
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  expect(within(list).getByText('Never used')).toBeTruthy()
  expect(screen.getByText(/This browser cannot use passkeys/)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()

  const pixel = within(list).getByText('Pixel 9').closest('li') as HTMLElement
  fireEvent.click(within(pixel).getByRole('button', { name: 'Remove' }))
  const sheet = await screen.findByRole('dialog', { name: 'Remove this passkey?' })
  expect(sent).not.toContain(SECURITY_PATHS.passkeyRemove)
  fireEvent.click(within(sheet).getAllByRole('button', { name: 'Remove' })[0] as HTMLElement)
  await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' }).querySelectorAll('li')).toHaveLength(1))
  expect(sent.filter((path) => path === SECURITY_PATHS.passkeyRemove)).toHaveLength(1)
})
