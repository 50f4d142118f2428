import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import '../../../features/me/me.css'
import { CollectionAccountCard } from '../../../features/me/components/collection-account'
import { LoginPasswordForm } from '../../../features/me/components/login-password-form'
import { TradePasswordForm } from '../../../features/me/components/trade-password-form'
import { SecurityOverview } from '../../../features/security/components/security-overview'
import { loadCatalog } from '../../../lib/i18n'

// The security centre: account security's hub (issue 22: two-factor codes, passkeys, sessions,
// the histories, the anti-phishing code, the allow-list), then the password forms and the
// collection account as they were.
export const Route = createFileRoute('/me/safety/')({
  loader: () => loadCatalog('me', 'security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Security centre</Trans>} back>
      <SecurityOverview />
      <LoginPasswordForm />
      <TradePasswordForm />
      <CollectionAccountCard />
    </Screen>
  ),
})
