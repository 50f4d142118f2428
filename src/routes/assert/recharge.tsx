import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { RechargePanel } from '../../features/assets/components/recharge-panel'
import { parseChain, parseCoinSearch, parseCurrency } from '../../features/assets/coin-search'

// Code-split like every route, which keeps the QR encoder out of the home page's chunks.
export const Route = createFileRoute('/assert/recharge')({
  validateSearch: parseCoinSearch,
  beforeLoad: requireLogin,
  component: RechargeScreen,
})

function RechargeScreen() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const currency = parseCurrency(search.currency)
  const chain = parseChain(currency, search.chain)
  return (
    <Screen title={<Trans>Deposit</Trans>} back>
      <RechargePanel currency={currency} chain={chain}
        onCurrencyChange={(next) => navigate({ search: { currency: next }, replace: true })}
        onChainChange={(next) => navigate({ search: { currency, chain: next }, replace: true })} />
    </Screen>
  )
}
