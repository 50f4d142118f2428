import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { AntiPhishingForm } from '../../../features/security/components/anti-phishing-form'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): the code every mail of the exchange starts with.
export const Route = createFileRoute('/me/safety/anti-phishing')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Anti-phishing code</Trans>} back>
      <AntiPhishingForm />
    </Screen>
  ),
})
