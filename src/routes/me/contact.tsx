import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { ContactCard } from '../../features/me/components/contact-card'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/contact: open to visitors too.
export const Route = createFileRoute('/me/contact')({
  loader: () => loadCatalog('me'),
  component: () => (
    <Screen title={<Trans>Contact us</Trans>} back>
      <ContactCard />
    </Screen>
  ),
})
