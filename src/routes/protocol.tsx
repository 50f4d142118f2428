import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { TermsOfService } from '../features/auth/components/terms-of-service'
import { loadCatalog } from '../lib/i18n'

export const Route = createFileRoute('/protocol')({
  loader: () => loadCatalog('auth'),
  component: () => (
    <Screen title={<Trans>Terms of service</Trans>} back>
      <TermsOfService />
    </Screen>
  ),
})
