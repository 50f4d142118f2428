import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { SubscriptionList } from '../../features/launch/components/subscription-list'
import { loadCatalog } from '../../lib/i18n'

// Spec §2, §4: my subscriptions. A record screen: Back, no tab bar, a session required.
export const Route = createFileRoute('/home/record')({
  beforeLoad: requireLogin,
  loader: () => loadCatalog('launch'),
  component: () => (
    <Screen title={<Trans>My subscriptions</Trans>} back>
      <SubscriptionList />
    </Screen>
  ),
})
