import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { LaunchpadIntro } from '../../features/home/components/launchpad-intro'
import { ProfileButton } from '../../features/home/components/profile-button'

export const Route = createFileRoute('/home/')({
  staticData: { tab: 'home' },
  component: () => (
    <Screen title={<Trans>NovaEx</Trans>} left={<ProfileButton />}>
      <LaunchpadIntro />
    </Screen>
  ),
})
