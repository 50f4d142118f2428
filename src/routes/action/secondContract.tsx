import { Trans } from '@lingui/react/macro'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { requireLogin } from '../../app/guards'
import { loadCatalog } from '../../lib/i18n'
import { keptAlive } from '../../app/keep-alive'
import { Screen } from '../../app/screen'
import { PairDrawerButton } from '../../features/market/components/pair-drawer-button'
import { AccountSection } from '../../features/seconds/components/account-section'
import { OrderPanel } from '../../features/seconds/components/order-panel'
import { OrderSection } from '../../features/seconds/components/order-section'
import { PairHeader } from '../../features/seconds/components/pair-header'
import { RecordLink } from '../../features/seconds/components/record-link'
import { parseSecondsSearch, type SecondsSearch } from '../../features/seconds/pair-search'

// Spec §2: the seconds contract under the Trade tab, which the spec keeps alive (app/keep-alive):
// leaving for another tab and coming back finds the countdowns and lists as they were. The pair
// comes in the search (?symbol=&base=&quote=), which the drawer (type 4, USDT pairs) writes.
export const Route = createFileRoute('/action/secondContract')({
  validateSearch: (search: Record<string, unknown>): SecondsSearch => {
    const named = typeof search.base === 'string' || typeof search.symbol === 'string'
    return named ? parseSecondsSearch(search) : {}
  },
  beforeLoad: requireLogin,
  // The seconds screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('seconds'),
  staticData: { tab: 'trade', keepAlive: true },
  component: keptAlive(SecondsScreen),
})

/**
 * The search of this route, and while it is hidden (another tab showing) the search of its last
 * visit: the router's strict hooks would throw there, as this route no longer matches.
 */
function useKeptSearch(): SecondsSearch {
  const live = useSearch({ from: Route.id, shouldThrow: false })
  const [last, setLast] = useState<SecondsSearch>(live ?? {})
  if (live && JSON.stringify(live) !== JSON.stringify(last)) setLast(live)
  return live ?? last
}

function SecondsScreen() {
  const pair = parseSecondsSearch({ ...useKeptSearch() })
  return (
    <Screen title={<Trans>Seconds contract</Trans>} left={<PairDrawerButton type={4} />} right={<RecordLink />}>
      <PairHeader pair={pair} />
      <OrderPanel pair={pair} />
      <OrderSection pair={pair} />
      <AccountSection currency={pair.quote} />
    </Screen>
  )
}
