import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { AboutCard } from '../../features/me/components/about-card'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/about: open to visitors too.
export const Route = createFileRoute('/me/about')({
  loader: () => loadCatalog('me'),
  component: () => (
    <Screen title={<Trans>About us</Trans>} back>
      <AboutCard />
    </Screen>
  ),
})
