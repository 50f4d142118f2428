import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { SignInList } from '../../../features/security/components/sign-in-list'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): the last 50 sign-in attempts.
export const Route = createFileRoute('/me/safety/sign-ins')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Sign-in history</Trans>} back>
      <SignInList />
    </Screen>
  ),
})
