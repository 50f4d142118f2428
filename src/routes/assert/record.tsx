import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../app/guards'
import { Screen } from '../../app/screen'
import type { RecordType } from '../../contract/assets.ts'
import { RecordFilters } from '../../features/assets/components/record-filters'
import { RecordList } from '../../features/assets/components/record-list'

interface RecordSearch {
  account?: 1 | 2
  type?: RecordType
}

// The filters live in the URL, so Back and a reload keep them. Parsed inline: validateSearch ships
// in the app's first chunk, which the home page's budget pays for.
const numberIn = <T extends number>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((candidate) => candidate === Number(value))

export const Route = createFileRoute('/assert/record')({
  validateSearch: (search: Record<string, unknown>): RecordSearch => ({
    account: numberIn(search.account, [1, 2] as const),
    type: numberIn(search.type, [1, 2, 3, 4, 5, 6, 7] as const),
  }),
  beforeLoad: requireLogin,
  component: RecordScreen,
})

function RecordScreen() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Screen title={<Trans>Asset records</Trans>} back>
      <RecordFilters value={search} onChange={(next) => navigate({ search: next, replace: true })} />
      <RecordList query={{ accountType: search.account, tradeType: search.type }} />
    </Screen>
  )
}
