import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { PositionOverview } from '../features/position/components/position-overview'
import { loadCatalog } from '../lib/i18n'

// Issue 21 item 8: the Position tab is the trader's positions in one place (it was the market
// list, which traders read as a bug). Public: a visitor is invited to log in. Its sections reuse
// the contract, spot, seconds and launchpad components, so their catalogs load with it.
export const Route = createFileRoute('/position')({
  loader: () => loadCatalog('position', 'contract', 'spot', 'seconds', 'launch'),
  staticData: { tab: 'position' },
  component: PositionScreen,
})

function PositionScreen() {
  return (
    <Screen title={<Trans>Position</Trans>}>
      <PositionOverview />
    </Screen>
  )
}
