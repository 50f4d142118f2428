import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { WithdrawPanel } from '../../features/assets/components/withdraw-panel'
import { parseChain, parseCoinSearch, parseCurrency } from '../../features/assets/coin-search'

// The path keeps the spec's spelling (spec §2: /assert/withdrawel).
export const Route = createFileRoute('/assert/withdrawel')({
  validateSearch: parseCoinSearch,
  beforeLoad: requireLogin,
  component: WithdrawScreen,
})

function WithdrawScreen() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const currency = parseCurrency(search.currency)
  const chain = parseChain(currency, search.chain)
  return (
    <Screen title={<Trans>Withdraw</Trans>} back>
      <WithdrawPanel currency={currency} chain={chain}
        onCurrencyChange={(next) => navigate({ search: { currency: next }, replace: true })}
        onChainChange={(next) => navigate({ search: { currency, chain: next }, replace: true })} />
    </Screen>
  )
}
