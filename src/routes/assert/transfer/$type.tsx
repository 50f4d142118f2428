import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { requireLogin } from '../../../app/guards'
import { Screen } from '../../../app/screen'
import { TransferForm } from '../../../features/assets/components/transfer-form'
import { parseCurrency, parseTransferType, reverseTransfer } from '../../../features/assets/logic'

// Spec §2 /assert/transfer/{type}: 1 spot → contract, 2 contract → spot; ?currency= preselects the coin.
export const Route = createFileRoute('/assert/transfer/$type')({
  validateSearch: (search: Record<string, unknown>): { currency?: string } => ({
    currency: typeof search.currency === 'string' ? search.currency : undefined,
  }),
  beforeLoad: (context) => {
    requireLogin(context)
    if (context.params.type !== '1' && context.params.type !== '2') throw notFound()
  },
  component: TransferScreen,
})

function TransferScreen() {
  const params = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const type = parseTransferType(params.type) ?? 1
  const currency = parseCurrency(search.currency)
  return (
    <Screen title={<Trans>Transfer</Trans>} back>
      <TransferForm type={type} currency={currency}
        onCurrencyChange={(next) => navigate({ search: { currency: next }, replace: true })}
        // The direction lives in the path, so swapping is a replace of the route, as a tab switch is.
        onReverse={() => navigate({ params: { type: String(reverseTransfer(type)) }, search, replace: true })} />
    </Screen>
  )
}
