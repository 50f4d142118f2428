import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Screen } from '../../app/screen'
import { LaunchpadIntro } from '../../features/home/components/launchpad-intro'
import { ProfileButton } from '../../features/home/components/profile-button'
import { LeadingPairsPlaceholder, MarketEntries } from '../../features/market/components/market-entries'

// The live pairs bring the market's data layer (poll, atoms, decimals): a chunk of their own, so
// the home page paints within its budget (docs/architecture.md §8) and the prices follow.
const LeadingPairs = lazy(() =>
  import('../../features/market/components/leading-pairs').then((module) => ({ default: module.LeadingPairs })),
)

export const Route = createFileRoute('/home/')({
  staticData: { tab: 'home' },
  component: () => (
    <Screen title={<Trans>NovaEx</Trans>} left={<ProfileButton />}>
      <LaunchpadIntro />
      <Suspense fallback={<LeadingPairsPlaceholder />}>
        <LeadingPairs />
      </Suspense>
      <MarketEntries />
    </Screen>
  ),
})
