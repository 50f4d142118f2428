import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { AllowListCard } from '../../../features/security/components/allow-list-card'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): withdrawals only to confirmed, aged addresses of the address book.
export const Route = createFileRoute('/me/safety/allow-list')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Withdrawal allow-list</Trans>} back>
      <AllowListCard />
    </Screen>
  ),
})
