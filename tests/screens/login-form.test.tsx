import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { translationOf } from '../support/catalog'
import { LoginForm } from '../../src/features/auth/components/login-form'
import { loadCatalog } from '../../src/lib/i18n'
import { renderScreen } from './render'

// The sign-in screens' texts are a catalog of their own, loaded by their routes (lib/catalog-names).
beforeAll(() => loadCatalog('auth'))
afterEach(cleanup)

it('shows the spec messages under the fields and sends nothing while the form is wrong', async () => {
  const onSignedIn = vi.fn()
  await renderScreen(() => <LoginForm onSignedIn={onSignedIn} />)
  fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))
  await screen.findByText('Please enter your email', { selector: '.field__error' })
  expect(screen.getByText('Please enter the login password', { selector: '.field__error' })).toBeTruthy()
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
  expect(onSignedIn).not.toHaveBeenCalled()

  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'trader@example.com' } })
  fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'secret1' } })
  fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
  expect(screen.getByLabelText('Login password').getAttribute('type')).toBe('text')
})

it('speaks the chosen language', async () => {
  await renderScreen(() => <LoginForm onSignedIn={() => undefined} />, 'ja')
  await screen.findByRole('button', { name: translationOf('ja', 'Log in') })
  expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull()
  expect(screen.getByLabelText(translationOf('ja', 'Login password'))).toBeTruthy()
  expect(document.documentElement.lang).toBe('ja')
})
