import { Trans } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Screen } from '../../app/screen'
import { DEFAULT_QUOTE, parseQuote, type QuoteCoin } from '../../contract/market.ts'
import { MarketList } from '../../features/market/components/market-list'
import { PairDrawerButton } from '../../features/market/components/pair-drawer-button'
import { loadCatalog } from '../../lib/i18n'

export const Route = createFileRoute('/market/')({
  loader: () => loadCatalog('market'),
  staticData: { tab: 'market' },
  // The quote tab lives in the URL (?quote=BTC) so a reload or a shared link keeps it; absent means
  // USDT (spec §9), so a plain /market link needs no search. Inline rather than from the feature's
  // logic: validateSearch ships in the app's first chunk, which the home page's budget pays for.
  validateSearch: (search: Record<string, unknown>): { quote?: QuoteCoin } => ({ quote: parseQuote(search.quote) }),
  component: MarketScreen,
})

function MarketScreen() {
  const { quote = DEFAULT_QUOTE } = Route.useSearch()
  const navigate = useNavigate({ from: '/market/' })
  return (
    <Screen title={<Trans>Market</Trans>} left={<PairDrawerButton type={1} />}>
      {/* replace: switching a tab is no new page for the back button. */}
      <MarketList quote={quote} onQuoteChange={(next) => navigate({ search: { quote: next }, replace: true })} />
    </Screen>
  )
}
