import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { HISTORY_FILTERS, type HistoryFilter } from '../../contract/spot.ts'
import { OrderHistory } from '../../features/spot/components/order-history'
import { loadCatalog } from '../../lib/i18n'

interface RecordSearch {
  filter?: HistoryFilter
}

const FILTERS: readonly HistoryFilter[] = Object.values(HISTORY_FILTERS)

// Spec §2, §4: the spot order history, every pair, by filter (unfinished by default). No tab (a
// record screen, tab index -1). The filter lives in the URL, so Back and a reload keep it.
export const Route = createFileRoute('/trade/record')({
  validateSearch: (search: Record<string, unknown>): RecordSearch => ({ filter: FILTERS.find((filter) => filter === Number(search.filter)) }),
  beforeLoad: requireLogin,
  // The spot screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('spot'),
  component: RecordScreen,
})

function RecordScreen() {
  const { filter = HISTORY_FILTERS.unfinished } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Screen title={<Trans>Spot orders</Trans>} back>
      <OrderHistory filter={filter} onFilterChange={(next) => void navigate({ search: { filter: next }, replace: true })} />
    </Screen>
  )
}
