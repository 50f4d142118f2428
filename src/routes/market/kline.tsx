import { createFileRoute } from '@tanstack/react-router'
import type { KlinePeriod } from '../../contract/market.ts'
import { Screen } from '../../app/screen'
import { parseKlineSearch, type KlineSearch } from '../../features/market/chart-search'
import { KlineHeader } from '../../features/market/components/kline/kline-header'
import { KlinePanel } from '../../features/market/components/kline/kline-panel'
import { MarketTrades } from '../../features/market/components/kline/market-trades'
import { OrderBook } from '../../features/market/components/kline/order-book'
import { TradeBar } from '../../features/market/components/kline/trade-bar'
import { loadCatalog } from '../../lib/i18n'

// No staticData.tab: the chart is a detail screen, so the tab bar hides (spec §2) and the Buy/Sell
// bar takes its place. The route is code-split, which keeps uPlot out of the entry chunk.
export const Route = createFileRoute('/market/kline')({
  loader: () => loadCatalog('market'),
  validateSearch: (search: Record<string, unknown>): KlineSearch => parseKlineSearch(search),
  component: KlineScreen,
})

function KlineScreen() {
  // Parsed again for the defaults' types: the search is optional so links may name only the pair.
  const { symbol, base, quote, period } = parseKlineSearch(Route.useSearch())
  const navigate = Route.useNavigate()
  const choosePeriod = (next: KlinePeriod) => navigate({ search: (prev) => ({ ...prev, period: next }), replace: true })
  return (
    <>
      <Screen title={`${base}/${quote}`} back>
        <KlineHeader symbol={symbol} base={base} quote={quote} />
        <KlinePanel symbol={symbol} quote={quote} period={period} onPeriodChange={choosePeriod} />
        <OrderBook symbol={symbol} base={base} quote={quote} />
        <MarketTrades symbol={symbol} base={base} quote={quote} />
      </Screen>
      <TradeBar symbol={symbol} base={base} quote={quote} />
    </>
  )
}
