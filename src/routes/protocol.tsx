import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { TermsOfService } from '../features/auth/components/terms-of-service'

export const Route = createFileRoute('/protocol')({
  component: () => (
    <Screen title={<Trans>Terms of service</Trans>} back>
      <TermsOfService />
    </Screen>
  ),
})
