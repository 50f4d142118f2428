import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { MessageList } from '../../features/me/components/message-list'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/message.
export const Route = createFileRoute('/me/message')({
  loader: () => loadCatalog('me'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Messages</Trans>} back>
      <MessageList />
    </Screen>
  ),
})
