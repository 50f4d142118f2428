// The two-factor dialog (app/code-prompt) as the api client uses it: a call answered code -4 opens
// it; a code of the wrong shape is refused in place without a request, a wrong code shows the
// server's message, "Use a recovery code" switches the field, and an accepted code closes it and
// sends the very same request again. Cancel and Escape fail the call with the server's message.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { CodePrompt, askCode } from '../../src/app/code-prompt'
import { IDEMPOTENCY_HEADER, SECOND_FACTOR_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../src/contract/security.ts'
import { ApiError, configureApiClient, postBb } from '../../src/lib/api-client'
import { signInAtom, tokenAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { renderScreen } from './render'

const WITHDRAW = '/bb/withdraw/apply'
const RECOVERY = 'abcd-2345'

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
  store.set(signInAtom, { token: 'token-1', userId: 'code-user' })
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app.test').pathname
    const body = String(init.body)
    sent.push({ path, key: new Headers(init.headers).get(IDEMPOTENCY_HEADER), body })
    if (path === SECURITY_PATHS.confirmFactor) {
      confirmed = new URLSearchParams(body).get('code') === RECOVERY
      return json(confirmed ? { code: 1, msg: 'success', data: null } : { code: 0, msg: SERVER_MESSAGES.twoFactorCodeError, data: null })
    }
    return json(confirmed ? { code: 1, msg: 'success', data: { id: '9' } } : { code: SECOND_FACTOR_REQUIRED, msg: SERVER_MESSAGES.secondFactorRequired, data: null })
  }))
  configureApiClient({ getToken: () => store.get(tokenAtom) || null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: 'http://app.test', askCode })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const withdraw = () => postBb<{ id: string }>(WITHDRAW, { amount: '5' }, { headers: { [IDEMPOTENCY_HEADER]: 'code-key-0001' } })
const withdrawals = () => sent.filter((request) => request.path === WITHDRAW)
const confirmations = () => sent.filter((request) => request.path === SECURITY_PATHS.confirmFactor)

it('asks for a code; refuses a short one in place, shows a wrong one, and sends the same withdrawal again after a recovery code', async () => {
  await renderScreen(() => <CodePrompt />)
  const result = withdraw()
  const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' })
  const field = within(dialog).getByLabelText('Authentication code')
  expect(document.activeElement).toBe(field)
  expect(field.getAttribute('autocomplete')).toBe('one-time-code')
  expect(field.getAttribute('inputmode')).toBe('numeric')

  // Letters are dropped as typed; five digits are not a code, and nothing is sent.
  fireEvent.change(field, { target: { value: '12a345' } })
  expect((field as HTMLInputElement).value).toBe('12345')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  expect(await within(dialog).findByText('Please enter the 6-digit code from your authenticator app')).toBeTruthy()
  expect(confirmations()).toHaveLength(0)

  fireEvent.change(field, { target: { value: '123456' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  expect(await within(dialog).findByText(SERVER_MESSAGES.twoFactorCodeError)).toBeTruthy()

  fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }))
  const recovery = within(dialog).getByLabelText('Recovery code')
  fireEvent.change(recovery, { target: { value: 'ABCD 2345' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  await expect(result).resolves.toEqual({ id: '9' })
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(confirmations().map((request) => request.body)).toEqual(['code=123456', `code=${RECOVERY}`])
  expect(withdrawals().map((request) => request.key)).toEqual(['code-key-0001', 'code-key-0001'])
})

it('Escape cancels: the call fails with the server\'s message and nothing more is sent', async () => {
  await renderScreen(() => <CodePrompt />)
  const result = withdraw().then(() => undefined, (error: unknown) => error)
  const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' })
  fireEvent.keyDown(dialog, { key: 'Escape' })
  const failure = await result
  expect(failure).toBeInstanceOf(ApiError)
  expect(failure).toMatchObject({ kind: 'factor', message: SERVER_MESSAGES.secondFactorRequired })
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(withdrawals()).toHaveLength(1)
})

it('Cancel does the same', async () => {
  await renderScreen(() => <CodePrompt />)
  const result = withdraw().then(() => undefined, (error: unknown) => error)
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(await result).toMatchObject({ kind: 'factor' })
  expect(confirmations()).toHaveLength(0)
})
