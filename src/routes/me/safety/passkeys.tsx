import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { PasskeyPanel } from '../../../features/security/components/passkey-panel'
import { loadCatalog } from '../../../lib/i18n'

// Account security (issue 22): the account's passkeys; add one, remove one.
export const Route = createFileRoute('/me/safety/passkeys')({
  loader: () => loadCatalog('security'),
  beforeLoad: requireLogin,
  component: () => (
    <Screen title={<Trans>Passkeys</Trans>} back>
      <PasskeyPanel />
    </Screen>
  ),
})
