import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { HistoryList } from '../../../features/security/components/history-list'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): every security change of the account.
export const Route = createFileRoute('/me/safety/history')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Security history</Trans>} back>
      <HistoryList />
    </Screen>
  ),
})
