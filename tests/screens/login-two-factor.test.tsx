// Sign-in with two-factor codes on (features/auth/components/login-*): the password step answers a
// challenge, and the same screen asks for the code; a wrong code shows the server's words under the
// field; an expired challenge goes back to the first step with the server's message; the code (or
// a recovery code) signs in as the password used to. And "Sign in with a passkey": hidden without
// WebAuthn, quiet when the user closes the browser's prompt, signs in with the passkey's answer.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { LoginForm } from '../../src/features/auth/components/login-form'
import { configureApiClient } from '../../src/lib/api-client'
import { loadCatalog } from '../../src/lib/i18n'
import { signOutAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { toastsAtom } from '../../src/lib/toast'
import { renderScreen } from './render'

const startAuthentication = vi.fn()
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: (...args: unknown[]) => startAuthentication(...args) }))

const CHALLENGE = 'challenge-1'
let sent: Array<{ path: string; body: URLSearchParams }>
/** What the code step's server says to the next code. */
let codeAnswer: 'ok' | 'wrong' | 'expired'

const json = (data: unknown, code = 1, msg = 'success') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } })

beforeAll(() => loadCatalog('auth'))
beforeEach(() => {
  sent = []
  codeAnswer = 'ok'
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname
    const body = new URLSearchParams(String(init.body))
    sent.push({ path, body })
    if (path === USER_PATHS.login) return json({ userId: '', token: '', challenge: CHALLENGE })
    if (path === SECURITY_PATHS.loginCode) {
      if (codeAnswer === 'wrong') return json(null, 0, SERVER_MESSAGES.twoFactorCodeError)
      if (codeAnswer === 'expired') return json(null, 0, SERVER_MESSAGES.signInExpired)
      return json({ userId: '7', token: 'token-after-code' })
    }
    if (path === SECURITY_PATHS.passkeyLoginOptions) return json({ challengeId: 'pk-1', options: JSON.stringify({ challenge: 'abc', rpId: 'localhost' }) })
    if (path === SECURITY_PATHS.passkeyLogin) return json({ userId: '7', token: 'token-after-passkey' })
    return json(null, 0, 'unexpected')
  }))
  configureApiClient({ getToken: () => null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: 'http://app.test' })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  startAuthentication.mockReset()
  store.set(signOutAtom)
  store.set(toastsAtom, [])
})

async function passwordStep() {
  const onSignedIn = vi.fn()
  await renderScreen(() => <LoginForm onSignedIn={onSignedIn} />)
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'Trader@Example.com' } })
  fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'Right2026pass' } })
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  await screen.findByRole('heading', { name: 'Two-factor authentication' })
  return onSignedIn
}
const calls = (path: string) => sent.filter((request) => request.path === path)

it('asks for the code after the password, shows a wrong one, and signs in with the right one', async () => {
  const onSignedIn = await passwordStep()
  const login = calls(USER_PATHS.login)[0]?.body
  expect(login?.get('account')).toBe('trader@example.com')
  expect(login?.get('device')).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
  expect(store.get(tokenAtom)).toBe('')

  const field = screen.getByLabelText('Authentication code')
  expect(document.activeElement).toBe(field)
  expect(field.getAttribute('autocomplete')).toBe('one-time-code')
  expect(field.getAttribute('inputmode')).toBe('numeric')
  codeAnswer = 'wrong'
  fireEvent.change(field, { target: { value: '111111' } })
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
  expect(await screen.findByText(SERVER_MESSAGES.twoFactorCodeError)).toBeTruthy()
  expect(onSignedIn).not.toHaveBeenCalled()

  codeAnswer = 'ok'
  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '222222' } })
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
  expect(store.get(tokenAtom)).toBe('token-after-code')
  expect(calls(SECURITY_PATHS.loginCode).map((request) => [request.body.get('challenge'), request.body.get('code')]))
    .toEqual([[CHALLENGE, '111111'], [CHALLENGE, '222222']])
})

it('takes a recovery code as the server shows them', async () => {
  const onSignedIn = await passwordStep()
  fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }))
  fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCD2345' } })
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
  expect(calls(SECURITY_PATHS.loginCode)[0]?.body.get('code')).toBe('abcd-2345')
})

it('an expired challenge goes back to the first step with the server\'s message; Back does too', async () => {
  await passwordStep()
  codeAnswer = 'expired'
  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '333333' } })
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
  await screen.findByRole('button', { name: 'Log in' })
  expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual([SERVER_MESSAGES.signInExpired])
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Trader@Example.com')
  expect((screen.getByLabelText('Login password') as HTMLInputElement).value).toBe('')

  fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'Right2026pass' } })
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Back' }))
  expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
})

it('hides "Sign in with a passkey" where the browser has no WebAuthn', async () => {
  vi.stubGlobal('PublicKeyCredential', undefined)
  await renderScreen(() => <LoginForm onSignedIn={() => undefined} />)
  await screen.findByRole('button', { name: 'Log in' })
  expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
})

it('hides "Sign in with a passkey" on a page opened at an IP address, which browsers refuse as a passkey\'s site', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  vi.stubGlobal('isSecureContext', true)
  vi.stubGlobal('location', new URL('http://127.0.0.1:8080/mobile/login'))
  await renderScreen(() => <LoginForm onSignedIn={() => undefined} />)
  await screen.findByRole('button', { name: 'Log in' })
  expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
})

it('signs in with a passkey without an email; a closed prompt says nothing', async () => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  vi.stubGlobal('isSecureContext', true)
  vi.stubGlobal('location', new URL('http://localhost:8080/mobile/login'))
  const onSignedIn = vi.fn()
  await renderScreen(() => <LoginForm onSignedIn={onSignedIn} />)
  const button = await screen.findByRole('button', { name: 'Sign in with a passkey' })

  startAuthentication.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }))
  fireEvent.click(button)
  await waitFor(() => expect(startAuthentication).toHaveBeenCalledOnce())
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  expect(store.get(toastsAtom)).toEqual([])
  expect(calls(SECURITY_PATHS.passkeyLogin)).toHaveLength(0)

  startAuthentication.mockResolvedValueOnce({ id: 'cred-1', type: 'public-key' })
  fireEvent.click(button)
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
  expect(startAuthentication.mock.calls[1]?.[0]).toEqual({ optionsJSON: { challenge: 'abc', rpId: 'localhost' } })
  const sentLogin = calls(SECURITY_PATHS.passkeyLogin)[0]?.body
  expect(sentLogin?.get('challengeId')).toBe('pk-1')
  expect(JSON.parse(sentLogin?.get('response') ?? '')).toEqual({ id: 'cred-1', type: 'public-key' })
  expect(sentLogin?.get('device')).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
  expect(store.get(tokenAtom)).toBe('token-after-passkey')
})
