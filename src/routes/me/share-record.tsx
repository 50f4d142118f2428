import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { InviteeList } from '../../features/me/components/invitee-list'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/share-record.
export const Route = createFileRoute('/me/share-record')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Invitation records</Trans>} back>
      <InviteeList />
    </Screen>
  ),
})
