import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { MessageDetail } from '../../features/me/components/message-detail'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/msgdetail?id=…: one message, read by opening it.
export const Route = createFileRoute('/me/msgdetail')({
  loader: () => loadCatalog('me'),
  validateSearch: (search: Record<string, unknown>): { id: string } => ({ id: typeof search.id === 'string' ? search.id : String(search.id ?? '') }),
  beforeLoad: requireLogin,
  component: function MessageDetailScreen() {
    const { id } = Route.useSearch()
    return (
      <Screen title={<Trans>Message</Trans>} back>
        <MessageDetail id={id} />
      </Screen>
    )
  },
})
