import '../../features/me/me.css'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { HelpCentre } from '../../features/me/components/help-centre'
import { loadCatalog } from '../../lib/i18n'

// Spec §2 /me/help: open to visitors too.
export const Route = createFileRoute('/me/help')({
  loader: () => loadCatalog('me'),
  component: () => (
    <Screen title={<Trans>Help centre</Trans>} back>
      <HelpCentre />
    </Screen>
  ),
})
