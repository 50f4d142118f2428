// The register form's second step: the strength meter under the new login password (zxcvbn-ts,
// loaded on first use) and the common-password check before anything is sent.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { register, verifyRegisterCode } from '../../src/features/auth/api'
import { RegisterForm } from '../../src/features/auth/components/register-form'
import { loadCatalog } from '../../src/lib/i18n'
import type { AppLocale } from '../../src/lib/i18n'
import { translationOf } from '../support/catalog'
import { renderScreen } from './render'

vi.mock('../../src/features/auth/api', () => ({ sendRegisterCode: vi.fn(), verifyRegisterCode: vi.fn(), register: vi.fn() }))

const PASSPHRASE = 'my granny keeps seven blue herons on the roof of the old mill!!!'

beforeAll(() => loadCatalog('auth'))
beforeEach(() => {
  vi.mocked(verifyRegisterCode).mockResolvedValue(null)
  vi.mocked(register).mockReset().mockResolvedValue(null)
})
afterEach(cleanup)

/** Renders the form and passes its first step, as a visitor with a mailed code would. */
async function atPasswordStep(locale: AppLocale = 'en-US') {
  const say = (text: string) => (locale === 'en-US' ? text : translationOf(locale, text))
  await renderScreen(() => <RegisterForm onRegistered={() => undefined} />, locale)
  fireEvent.change(await screen.findByLabelText(say('Email')), { target: { value: 'heron@example.com' } })
  fireEvent.change(screen.getByLabelText(say('Email verification code')), { target: { value: '123456' } })
  fireEvent.click(screen.getByRole('button', { name: say('Next') }))
  return screen.findByLabelText(say('Login password'))
}
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })
// zxcvbn-ts is a chunk of its own: its first load and estimate may take a while on a busy machine.
const LOADING = { timeout: 8000 }
const SLOW = 20_000

it('rates the password as it is typed, with an accessible meter', async () => {
  const field = await atPasswordStep()
  expect(screen.queryByRole('meter')).toBeNull()
  expect(field.getAttribute('placeholder')).toBe('8 to 128 characters')

  fireEvent.focus(field)
  type(field, 'password1')
  const meter = await screen.findByRole('meter', { name: 'Password strength' }, LOADING)
  expect(meter.getAttribute('aria-valuetext')).toBe('Weak')
  expect(meter.getAttribute('aria-valuenow')).toBe('1')
  expect(meter.textContent).toBe('Weak')

  type(field, PASSPHRASE)
  await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('Strong'), LOADING)
  expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('4')

  type(field, '')
  expect(screen.queryByRole('meter')).toBeNull()
}, SLOW)

it('refuses a common password before sending, and sends a long passphrase', async () => {
  const field = await atPasswordStep()
  fireEvent.click(screen.getByRole('checkbox'))
  type(field, 'Sunshine1')
  type(screen.getByLabelText('Repeat the password'), 'Sunshine1')
  fireEvent.click(screen.getByRole('button', { name: 'Register' }))
  await screen.findByText('This password is too common, please choose another one', { selector: '.field__error' }, LOADING)
  expect(register).not.toHaveBeenCalled()

  type(field, PASSPHRASE)
  type(screen.getByLabelText('Repeat the password'), PASSPHRASE)
  fireEvent.click(screen.getByRole('button', { name: 'Register' }))
  await waitFor(() => expect(register).toHaveBeenCalledWith({ email: 'heron@example.com', code: '123456', password: PASSPHRASE, inviteCode: '' }), LOADING)
}, SLOW)

it('speaks the chosen language', async () => {
  const field = await atPasswordStep('ko')
  type(field, 'password1')
  const meter = await screen.findByRole('meter', { name: translationOf('ko', 'Password strength') }, LOADING)
  expect(meter.getAttribute('aria-valuetext')).toBe(translationOf('ko', 'Weak'))
  expect(field.getAttribute('placeholder')).toBe(translationOf('ko', '8 to 128 characters'))
}, SLOW)
