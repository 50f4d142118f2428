import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import '../../features/me/me.css'
import { CollectionAccountCard } from '../../features/me/components/collection-account'
import { LoginPasswordForm } from '../../features/me/components/login-password-form'
import { TradePasswordForm } from '../../features/me/components/trade-password-form'
import { loadCatalog } from '../../lib/i18n'

export const Route = createFileRoute('/me/safety')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Security centre</Trans>} back>
      <LoginPasswordForm />
      <TradePasswordForm />
      <CollectionAccountCard />
    </Screen>
  ),
})
