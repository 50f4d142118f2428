import { Trans } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { ResetPasswordForm } from '../features/auth/components/reset-password-form'
import { loadCatalog } from '../lib/i18n'

export const Route = createFileRoute('/password')({
  loader: () => loadCatalog('auth'),
  component: function PasswordScreen() {
    const navigate = useNavigate()
    return (
      <Screen title={<Trans>Forgot password</Trans>} back>
        <ResetPasswordForm onReset={(email) => navigate({ to: '/login', search: { email } })} />
      </Screen>
    )
  },
})
