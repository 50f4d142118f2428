import { Trans } from '@lingui/react/macro'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { loadCatalog } from '../../lib/i18n'
import { keptAlive, useKeptSearch } from '../../app/keep-alive'
import { Screen } from '../../app/screen'
import { TradeSwitch } from '../../app/trade-switch'
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
  loader: () => loadCatalog('seconds', 'market'),
  staticData: { tab: 'trade', keepAlive: true },
  component: keptAlive(SecondsScreen),
})

function SecondsScreen() {
  const search = useKeptSearch(useSearch({ from: Route.id, shouldThrow: false }), {})
  const pair = parseSecondsSearch({ ...search })
  return (
    <Screen title={<Trans>Seconds contract</Trans>} left={<PairDrawerButton type={4} />} right={<RecordLink />}>
      <TradeSwitch current="/action/secondContract" search={search} pair={pair} />
      <PairHeader pair={pair} />
      <OrderPanel pair={pair} />
      <OrderSection pair={pair} />
      <AccountSection currency={pair.quote} />
    </Screen>
  )
}
