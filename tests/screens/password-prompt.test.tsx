// The step-up dialog (app/password-prompt) as the api client uses it: a money call answered code -3
// opens it; a wrong password is shown in place; the right one closes it and the very same request
// goes again (same idempotency key), and the caller gets its payload as if nothing happened. Cancel
// and Escape fail the call with the server's message. The network is a stubbed fetch.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { PasswordPrompt, askPassword } from '../../src/app/password-prompt'
import { IDEMPOTENCY_HEADER, REAUTH_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { ApiError, configureApiClient, postContract } from '../../src/lib/api-client'
import { signInAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

const TRANSFER = '/contract/contract/transfer'
const PASSWORD = 'Right2026pass'

interface Sent {
  path: string
  key: string | null
  body: string
}
let sent: Sent[]
let confirmed: boolean

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  sent = []
  confirmed = false
  store.set(signInAtom, { token: 'token-1', userId: 'prompt-user' })
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname
    const body = String(init.body)
    sent.push({ path, key: new Headers(init.headers).get(IDEMPOTENCY_HEADER), body })
    if (path === USER_PATHS.confirmPassword) {
      confirmed = new URLSearchParams(body).get('password') === PASSWORD
      return json(confirmed ? { code: 1, msg: 'success', data: null } : { code: 0, msg: SERVER_MESSAGES.passwordIncorrect, data: null })
    }
    return json(confirmed ? { code: 1, msg: 'success', data: { amount: '100' } } : { code: REAUTH_REQUIRED, msg: SERVER_MESSAGES.reauthRequired, data: null })
  }))
  configureApiClient({ getToken: () => store.get(tokenAtom) || null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: 'http://app.test', askPassword })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const transfer = () => postContract<{ amount: string }>(TRANSFER, { amount: '100', currency: 'USDT', type: 1 }, { headers: { [IDEMPOTENCY_HEADER]: 'prompt-key-0001' } })
const transfers = () => sent.filter((request) => request.path === TRANSFER)

it('asks for the login password, shows a wrong one in place, and sends the same transfer once more with the right one', async () => {
  await renderScreen(() => <PasswordPrompt />)
  const result = transfer()
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  const field = within(dialog).getByLabelText('Login password')
  // The password field has the focus; the browser keeps Tab inside the modal dialog.
  expect(document.activeElement).toBe(field)
  expect(transfers()).toHaveLength(1)

  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  expect(await within(dialog).findByText('Please enter the login password')).toBeTruthy()
  fireEvent.change(field, { target: { value: 'Wrong2026pass' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  expect(await within(dialog).findByText('Password is incorrect')).toBeTruthy()
  expect(screen.getByRole('dialog')).toBe(dialog)

  fireEvent.change(within(dialog).getByLabelText('Login password'), { target: { value: PASSWORD } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  await expect(result).resolves.toEqual({ amount: '100' })
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(transfers().map((request) => request.key)).toEqual(['prompt-key-0001', 'prompt-key-0001'])
  expect(transfers()[1]?.body).toBe(transfers()[0]?.body)
  expect(sent.filter((request) => request.path === USER_PATHS.confirmPassword)).toHaveLength(2)
})

it('Escape cancels: the call fails with the server\'s message and nothing more is sent', async () => {
  await renderScreen(() => <PasswordPrompt />)
  const result = transfer().then(() => undefined, (error: unknown) => error)
  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' })
  fireEvent.keyDown(dialog, { key: 'Escape' })
  const failure = await result
  expect(failure).toBeInstanceOf(ApiError)
  expect(failure).toMatchObject({ kind: 'reauth', message: SERVER_MESSAGES.reauthRequired })
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(transfers()).toHaveLength(1)
})

it('Cancel does the same, in the reader\'s language', async () => {
  await renderScreen(() => <PasswordPrompt />, 'ja')
  const result = transfer().then(() => undefined, (error: unknown) => error)
  const dialog = await screen.findByRole('dialog')
  expect(within(dialog).queryByText('Confirm it is you')).toBeNull()
  const cancel = dialog.querySelector('.button--ghost')
  if (!cancel) throw new Error('no Cancel button')
  fireEvent.click(cancel)
  expect(await result).toMatchObject({ kind: 'reauth' })
})

it('closes when the user is signed out meanwhile', async () => {
  await renderScreen(() => <PasswordPrompt />)
  const result = transfer().then(() => undefined, (error: unknown) => error)
  await screen.findByRole('dialog')
  act(() => store.set(tokenAtom, ''))
  expect(await result).toMatchObject({ kind: 'reauth' })
  expect(screen.queryByRole('dialog')).toBeNull()
})
