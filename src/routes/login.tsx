import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { LoginForm } from '../features/auth/components/login-form'
import { loadCatalog } from '../lib/i18n'
import { isLoggedInAtom } from '../lib/session'
import { store } from '../lib/store'

interface LoginSearch {
  /** Where to go after signing in (a screen that asked for a session). */
  redirect?: string
  email?: string
}

export const Route = createFileRoute('/login')({
  loader: () => loadCatalog('auth'),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' && search.redirect.startsWith('/') ? search.redirect : undefined,
    email: typeof search.email === 'string' ? search.email : undefined,
  }),
  // Someone already signed in has nothing to do here: on to where they were going, else their page.
  beforeLoad: ({ search }) => {
    if (store.get(isLoggedInAtom)) throw redirect({ to: search.redirect ?? '/me', replace: true })
  },
  component: LoginScreen,
})

function LoginScreen() {
  const { redirect: next, email } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <Screen title={<Trans>Log in</Trans>} back>
      <LoginForm initialEmail={email} onSignedIn={() => navigate({ to: next ?? '/home', replace: true })} />
    </Screen>
  )
}
