import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { VerifyPanel } from '../../features/me/components/verify-panel'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/verify, §4 KYC states.
export const Route = createFileRoute('/me/verify')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Identity verification</Trans>} back>
      <VerifyPanel />
    </Screen>
  ),
})
