import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { SessionsList } from '../../../features/security/components/sessions-list'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): the devices signed in to the account; sign one or all others out.
export const Route = createFileRoute('/me/safety/sessions')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Active sessions</Trans>} back>
      <SessionsList />
    </Screen>
  ),
})
