import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Screen } from '../../app/screen'
import { LaunchpadIntro } from '../../features/home/components/launchpad-intro'
import { LeadingPairsPlaceholder, MarketEntries } from '../../features/home/components/market-entries'
import { ProfileButton } from '../../features/home/components/profile-button'
import { firstVisitSettled } from '../../lib/first-visit'
import { loadCatalog } from '../../lib/i18n'

// The live pairs bring the market's data layer (poll, atoms, decimals) and catalog, New coins the
// launchpad's: both sections are one `home-live` chunk (vite.config.ts), asked for once a first
// visit has settled, so the home page paints from its first chunk (docs/architecture.md §8) and the
// prices follow; the pairs' placeholder holds their place meanwhile.
const LeadingPairs = lazy(() =>
  firstVisitSettled()
    .then(() => Promise.all([import('../../features/market/components/leading-pairs'), loadCatalog('market')]))
    .then(([module]) => ({ default: module.LeadingPairs })),
)

// The launchpad's "New coins" (spec §2), from the same chunk; features/home never imports
// features/launch, the route composes them.
const NewCoins = lazy(() =>
  firstVisitSettled()
    .then(() => Promise.all([import('../../features/launch/components/new-coins'), loadCatalog('launch')]))
    .then(([module]) => ({ default: module.NewCoins })),
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
      <Suspense fallback={null}>
        <NewCoins />
      </Suspense>
    </Screen>
  ),
})
