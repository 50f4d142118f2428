import '../contract.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { POSITION_FILTERS, type ContractPosition } from '../../../contract/contracts.ts'
import { useAtomValue } from '../../../lib/store'
import { PagedList } from '../../../lib/ui/paged-list'
import { Tabs } from '../../../lib/ui/tabs'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchHistory } from '../api'
import { positionsVersionAtom } from '../atoms'
import { FILTER_LABELS } from './labels'
import { PositionCard } from './position-card'
import { PullNote } from '../../../lib/ui/pull-note'

export type HistoryFilterName = keyof typeof POSITION_FILTERS
export const HISTORY_FILTER_NAMES = Object.keys(POSITION_FILTERS) as HistoryFilterName[]

interface PositionHistoryProps {
  filter: HistoryFilterName
  onFilterChange: (filter: HistoryFilterName) => void
}

/**
 * Spec §4's contract positions of every pair by status: holding (with pending entries), finished
 * (with cancelled entries), liquidated; each with its result and full detail. Pull down (or
 * Refresh) reloads page 1; reaching the end loads the next page, by itself when the end scrolls
 * into view or with "Load more"; "No more" once the loaded count reaches the total.
 */
export function PositionHistory({ filter, onFilterChange }: PositionHistoryProps) {
  const { t, i18n } = useLingui()
  const version = useAtomValue(positionsVersionAtom)
  const status = POSITION_FILTERS[filter]
  const load = async (pageNo: number) => {
    const page = await fetchHistory(status, pageNo)
    return { list: page.list, total: page.sum }
  }
  const history = usePages<ContractPosition>(`contract-history:${status}`, load, { version })
  const pull = usePullToRefresh(history.refresh)
  const { pages, pending } = history
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, history.loadMore)
  const tabs = HISTORY_FILTER_NAMES.map((name) => ({ key: name, label: i18n._(FILTER_LABELS[POSITION_FILTERS[name]]) }))
  return (
    <section className="contract-history" aria-label={t`Contract positions`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <Tabs label={t`Position status`} tabs={tabs} value={filter} onChange={onFilterChange} trailing={(
        <button type="button" className="button button--text button--small" onClick={history.refresh} disabled={pending !== null || !pages}>
          <Trans>Refresh</Trans>
        </button>
      )}>
        <PagedList label={t`Positions`} pages={pages} pending={pending} empty={<Trans>No positions here yet.</Trans>} endRef={endRef}
          onRetry={history.retry} onMore={history.loadMore}
          renderItem={(position) => <PositionCard key={position.id} position={position} mode="record" terms={null} />} />
      </Tabs>
    </section>
  )
}
