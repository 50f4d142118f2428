import { Trans } from '@lingui/react/macro'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Screen } from '../app/screen'
import { DEFAULT_QUOTE, parseQuote, type QuoteCoin } from '../contract/market.ts'
import { MarketList } from '../features/market/components/market-list'
import { loadCatalog } from '../lib/i18n'

// Spec §2: the Position tab "uses the market screen": the same live list under its own title.
export const Route = createFileRoute('/position')({
  loader: () => loadCatalog('market'),
  staticData: { tab: 'position' },
  validateSearch: (search: Record<string, unknown>): { quote?: QuoteCoin } => ({ quote: parseQuote(search.quote) }),
  component: PositionScreen,
})

function PositionScreen() {
  const { quote = DEFAULT_QUOTE } = Route.useSearch()
  const navigate = useNavigate({ from: '/position' })
  return (
    <Screen title={<Trans>Position</Trans>}>
      <MarketList quote={quote} onQuoteChange={(next) => navigate({ search: { quote: next }, replace: true })} />
    </Screen>
  )
}
