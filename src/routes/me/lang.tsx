import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { LanguageList } from '../../features/me/components/language-list'

export const Route = createFileRoute('/me/lang')({
  component: () => (
    <Screen title={<Trans>Language</Trans>} back>
      <LanguageList />
    </Screen>
  ),
})
