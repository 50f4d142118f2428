// Issue 21 item 9: a field's error goes as soon as the field is edited (it stayed until the next
// submit), and /login and /register send someone already signed in on instead of showing the form.
import { createRouter } from '@tanstack/react-router'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { register, verifyRegisterCode } from '../../src/features/auth/api'
import { LoginForm } from '../../src/features/auth/components/login-form'
import { RegisterForm } from '../../src/features/auth/components/register-form'
import { activateLocale, loadCatalog } from '../../src/lib/i18n'
import { signInAtom, signOutAtom } from '../../src/lib/session'
import { store } from '../../src/lib/store'
import { routeTree } from '../../src/routeTree.gen'
import { memoryAt, renderRouter, renderScreen } from './render'

vi.mock('../../src/features/auth/api', () => ({ sendRegisterCode: vi.fn(), verifyRegisterCode: vi.fn(), register: vi.fn(), login: vi.fn() }))

beforeAll(() => loadCatalog('auth'))
beforeEach(() => {
  store.set(signOutAtom)
  vi.mocked(verifyRegisterCode).mockResolvedValue(null)
  vi.mocked(register).mockReset().mockResolvedValue(null)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const errorOf = (label: string) => {
  const described = screen.getByLabelText(label).getAttribute('aria-describedby')
  return described ? document.getElementById(described)?.textContent : undefined
}

it("clears a registration field's error as soon as that field is edited, keeping the others", async () => {
  await renderScreen(() => <RegisterForm onRegistered={() => undefined} />)
  type('Email', 'not an email')
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  expect(errorOf('Email')).toBe('Please enter your email')
  expect(errorOf('Email verification code')).toBe('Please enter the 6-digit verification code')

  type('Email', 'heron@example.com')
  expect(errorOf('Email')).toBeUndefined()
  expect(errorOf('Email verification code')).toBe('Please enter the 6-digit verification code')
  type('Email verification code', '123456')
  expect(errorOf('Email verification code')).toBeUndefined()

  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByLabelText('Login password')
  type('Login password', 'my granny keeps seven blue herons on the roof!!')
  type('Repeat the password', 'something else entirely')
  type('Invitation code (optional)', '!!')
  fireEvent.click(screen.getByRole('button', { name: 'Register' }))
  expect(errorOf('Repeat the password')).toBe('Passwords are inconsistent')
  expect(errorOf('Invitation code (optional)')).toBeTruthy()
  type('Repeat the password', 'my granny keeps seven blue herons on the roof!!')
  expect(errorOf('Repeat the password')).toBeUndefined()
  expect(errorOf('Invitation code (optional)')).toBeTruthy()
  type('Invitation code (optional)', '')
  expect(errorOf('Invitation code (optional)')).toBeUndefined()
  expect(register).not.toHaveBeenCalled()
})

it("clears a sign-in field's error as soon as that field is edited", async () => {
  await renderScreen(() => <LoginForm onSignedIn={() => undefined} />)
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
  expect(errorOf('Email')).toBe('Please enter your email')
  expect(errorOf('Login password')).toBe('Please enter the login password')
  type('Login password', 'x')
  expect(errorOf('Login password')).toBeUndefined()
  expect(errorOf('Email')).toBe('Please enter your email')
})

async function openApp(path: string) {
  await activateLocale('en-US')
  // The whole app renders (its shell polls the session): no server here, answered as offline.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
  const router = createRouter({ routeTree, history: memoryAt(path) })
  await renderRouter(router)
  return router
}

it('sends a visitor to the form but someone signed in on to where they were going, else to /me', async () => {
  await openApp('/login')
  expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
  cleanup()

  store.set(signInAtom, { token: 'token', userId: 'auth-errors-1' })
  const back = await openApp('/login?redirect=%2Fme%2Fabout')
  await waitFor(() => expect(back.state.location.pathname).toBe('/me/about'))
  cleanup()
  const home = await openApp('/login')
  await waitFor(() => expect(home.state.location.pathname).toBe('/me'))
  cleanup()
  const signUp = await openApp('/register')
  await waitFor(() => expect(signUp.state.location.pathname).toBe('/me'))
})
