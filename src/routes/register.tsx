import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { RegisterForm } from '../features/auth/components/register-form'
import { loadCatalog } from '../lib/i18n'
import { isLoggedInAtom } from '../lib/session'
import { store } from '../lib/store'

export const Route = createFileRoute('/register')({
  loader: () => loadCatalog('auth'),
  // An invite link carries the inviter's code: /mobile/register?code=AB12CD34
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({
    code: typeof search.code === 'string' ? search.code : undefined,
  }),
  // A new account is for visitors: someone signed in goes to their own page instead.
  beforeLoad: () => {
    if (store.get(isLoggedInAtom)) throw redirect({ to: '/me', replace: true })
  },
  component: RegisterScreen,
})

function RegisterScreen() {
  const { code } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <Screen title={<Trans>Register</Trans>} back>
      <RegisterForm inviteCode={code} onRegistered={(email) => navigate({ to: '/login', search: { email } })} />
    </Screen>
  )
}
