import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import { POSITION_FILTERS } from '../../contract/contracts.ts'
import { PositionHistory, type HistoryFilterName } from '../../features/contract/components/position-history'
import { loadCatalog } from '../../lib/i18n'

interface RecordSearch {
  status?: HistoryFilterName
}

// From the contract, not the feature: validateSearch runs in the app's first chunk, which must not
// pull the contract screens' code and styles in.
const FILTER_NAMES = Object.keys(POSITION_FILTERS) as HistoryFilterName[]

// Spec §2, §4: the contract position history, every pair, by status (holding by default). No tab
// (a record screen, tab index -1). The status lives in the URL, so Back and a reload keep it.
export const Route = createFileRoute('/contract/record')({
  validateSearch: (search: Record<string, unknown>): RecordSearch => ({ status: FILTER_NAMES.find((name) => name === search.status) }),
  beforeLoad: requireLogin,
  // The contract screens' texts are a catalog of their own (lib/catalog-names), loaded before they render.
  loader: () => loadCatalog('contract'),
  component: RecordScreen,
})

function RecordScreen() {
  const { status = 'holding' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Screen title={<Trans>Contract positions</Trans>} back>
      <PositionHistory filter={status} onFilterChange={(next) => void navigate({ search: { status: next }, replace: true })} />
    </Screen>
  )
}
