import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { LanguageList } from '../../features/me/components/language-list'
import { loadCatalog } from '../../lib/i18n'

export const Route = createFileRoute('/me/lang')({
  loader: () => loadCatalog('me'),
  component: () => (
    <Screen title={<Trans>Language</Trans>} back>
      <LanguageList />
    </Screen>
  ),
})
