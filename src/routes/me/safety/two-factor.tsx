import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { TwoFactorPanel } from '../../../features/security/components/two-factor-panel'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): two-factor codes from an authenticator app, on or off.
export const Route = createFileRoute('/me/safety/two-factor')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Two-factor authentication</Trans>} back>
      <TwoFactorPanel />
    </Screen>
  ),
})
