import '../spot.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { HistoryFilter, SpotOrder } from '../../../contract/spot.ts'
import { useAtomValue } from '../../../lib/store'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchHistory } from '../api'
import { ordersVersionAtom } from '../atoms'
import { filterTabId, FilterTabs } from './filter-tabs'
import { OrderList } from './order-list'
import { PullNote } from '../../../lib/ui/pull-note'

interface OrderHistoryProps {
  filter: HistoryFilter
  onFilterChange: (filter: HistoryFilter) => void
}

/**
 * Spec §4's order history of every pair, by filter: unfinished, finished, cancelled. Pull down
 * (or Refresh) reloads page 1; reaching the end loads the next page, by itself when the end
 * scrolls into view or with "Load more"; a cancel here reloads the list.
 */
export function OrderHistory({ filter, onFilterChange }: OrderHistoryProps) {
  const { t } = useLingui()
  const panelId = useId()
  const version = useAtomValue(ordersVersionAtom)
  const load = async (pageNo: number) => {
    const page = await fetchHistory(filter, pageNo)
    return { list: page.list, total: page.sum }
  }
  const history = usePages<SpotOrder>(`history:${filter}`, load, { version })
  const pull = usePullToRefresh(history.refresh)
  const { pages, pending } = history
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, history.loadMore)
  return (
    <section className="spot-history" aria-label={t`Spot orders`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <div className="spot-history__bar">
        <FilterTabs value={filter} onChange={onFilterChange} panelId={panelId} />
        <button type="button" className="button button--text button--small" onClick={history.refresh} disabled={pending !== null || !pages}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={filterTabId(panelId, filter)}>
        <OrderList label={t`Orders`} pages={pages} pending={pending} empty={<Trans>No orders here yet.</Trans>}
          onRetry={history.retry} onMore={history.loadMore} endRef={endRef} />
      </div>
    </section>
  )
}
