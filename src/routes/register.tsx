import { Trans } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { RegisterForm } from '../features/auth/components/register-form'
import { loadCatalog } from '../lib/i18n'

export const Route = createFileRoute('/register')({
  loader: () => loadCatalog('auth'),
  // An invite link carries the inviter's code: /mobile/register?code=AB12CD34
  validateSearch: (search: Record<string, unknown>): { code?: string } => ({
    code: typeof search.code === 'string' ? search.code : undefined,
  }),
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
