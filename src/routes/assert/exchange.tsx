import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { ExchangeForm } from '../../features/assets/components/exchange-form'
import { parseCurrency } from '../../features/assets/logic'

// Spec §2 /assert/exchange: ?from=&to= keep the pair across reloads (default USDT → BTC).
export const Route = createFileRoute('/assert/exchange')({
  validateSearch: (search: Record<string, unknown>): { from?: string; to?: string } => ({
    from: typeof search.from === 'string' ? search.from : undefined,
    to: typeof search.to === 'string' ? search.to : undefined,
  }),
  beforeLoad: requireLogin,
  component: ExchangeScreen,
})

function ExchangeScreen() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const from = parseCurrency(search.from)
  const to = search.to === undefined ? (from === 'BTC' ? 'USDT' : 'BTC') : parseCurrency(search.to)
  return (
    <Screen title={<Trans>Exchange</Trans>} back>
      <ExchangeForm from={from} to={to} onPairChange={(pair) => navigate({ search: pair, replace: true })} />
    </Screen>
  )
}
