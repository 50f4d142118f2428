import { Trans } from '@lingui/react/macro'
import { createFileRoute, useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { keptAlive, useKeptSearch } from '../../app/keep-alive'
import { Screen } from '../../app/screen'
import { TradeSwitch } from '../../app/trade-switch'
import { PairDrawerButton } from '../../features/market/components/pair-drawer-button'
import { CurrentOrders } from '../../features/spot/components/current-orders'
import { RecordLink } from '../../features/spot/components/record-link'
import { TradePanel } from '../../features/spot/components/trade-panel'
import { parseSpotSearch, validSpotSearch, type SpotSearch, type SpotSide } from '../../features/spot/pair-search'
import { loadCatalog } from '../../lib/i18n'
import { PairHeader } from '../../lib/ui/pair-header'

// The chart brings uPlot: a chunk of its own, loaded after the form and the book have painted.
const CompactChart = lazy(() =>
  import('../../features/market/components/kline/compact-chart').then((module) => ({ default: module.CompactChart })),
)

// Spec §2: spot trading under the Trade tab, kept alive (app/keep-alive) like the other Trade
// screens. Public: visitors see prices, the book and the chart; placing asks them to log in. The
// pair comes in the search (?symbol=&base=&quote=, as the drawer's type 2 writes it) with the side
// the chart's Buy/Sell chose (&side=sell).
export const Route = createFileRoute('/action/trade')({
  validateSearch: (search: Record<string, unknown>): SpotSearch => validSpotSearch(search),
  // The spot screens' texts are a catalog of their own (lib/catalog-names), as are the pair drawer's
  // (market), loaded before they render.
  loader: () => loadCatalog('spot', 'market'),
  staticData: { tab: 'trade', keepAlive: true },
  component: keptAlive(SpotScreen),
})

function SpotScreen() {
  const search = useKeptSearch(useSearch({ from: Route.id, shouldThrow: false }), {})
  const pair = parseSpotSearch({ ...search })
  const navigate = Route.useNavigate()
  const chooseSide = (side: SpotSide) => void navigate({ search: (prev) => ({ ...prev, side }), replace: true })
  return (
    <Screen title={<Trans>Spot trading</Trans>} left={<PairDrawerButton type={2} />} right={<RecordLink />}>
      <TradeSwitch current="/action/trade" search={search} pair={pair} />
      <PairHeader pair={pair} priceTestId="spot-last-price" />
      <TradePanel pair={pair} onSideChange={chooseSide} />
      <Suspense fallback={<p className="spot-chart-placeholder" role="status"><Trans>Loading chart…</Trans></p>}>
        <CompactChart symbol={pair.symbol} quote={pair.quote} />
      </Suspense>
      <CurrentOrders symbol={pair.symbol} />
    </Screen>
  )
}
