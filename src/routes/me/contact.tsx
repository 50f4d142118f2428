import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { ContactCard } from '../../features/me/components/contact-card'

// Spec §2 /me/contact: open to visitors too.
export const Route = createFileRoute('/me/contact')({
  component: () => (
    <Screen title={<Trans>Contact us</Trans>} back>
      <ContactCard />
    </Screen>
  ),
})
