import '../assets.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { translate } from '../../../lib/i18n'
import { useAtomValue } from '../../../lib/store'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import type { RecordQuery } from '../api'
import { amountsMaskedAtom } from '../atoms'
import { RecordItem } from './record-item'
import { useRecordPages } from './use-record-pages'
import { PullNote } from '../../../lib/ui/pull-note'

/**
 * Asset records (spec §2, §4): pull down (or Refresh) reloads page 1, reaching the end loads the
 * next page — by itself when the end scrolls into view, or with the "Load more" button.
 */
export function RecordList({ query, heading }: { query: Omit<RecordQuery, 'pageNo'>; heading?: ReactNode }) {
  const { t } = useLingui()
  const hidden = useAtomValue(amountsMaskedAtom)
  const { pages, pending, refresh, loadMore } = useRecordPages(query)
  const pull = usePullToRefresh(refresh)
  const canLoadMore = !!pages && !pages.noMore && !pages.error
  const sentinel = useEndReached<HTMLDivElement>(canLoadMore, pages?.list.length ?? 0, loadMore)

  return (
    <section className="record-list" aria-label={t`Records`} aria-busy={pending !== null || !pages}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <div className="asset-toolbar asset-toolbar--end">
        {heading && <h2 className="asset-toolbar__title">{heading}</h2>}
        <button type="button" className="button button--text button--small" onClick={refresh} disabled={pending !== null || !pages}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {pages ? <RecordPages pages={pages} pending={pending} hidden={hidden} onRetry={pages.failedPage === 1 ? refresh : loadMore} /> : (
        <p className="empty-state" role="status" aria-label={t`Loading records`}><span className="spinner" /></p>
      )}
      {canLoadMore && (
        <div ref={sentinel} className="record-list__more">
          <button type="button" className="button button--ghost button--small" onClick={loadMore} disabled={pending !== null}>
            {pending === 'more' ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        </div>
      )}
    </section>
  )
}

interface RecordPagesProps {
  pages: NonNullable<ReturnType<typeof useRecordPages>['pages']>
  pending: string | null
  hidden: boolean
  onRetry: () => void
}

function RecordPages({ pages, pending, hidden, onRetry }: RecordPagesProps) {
  const failure = pages.error instanceof Error ? translate(pages.error.message) : null
  return (
    <>
      {pages.list.length === 0 && !failure && <p className="empty-state" role="status"><Trans>No records yet.</Trans></p>}
      {pages.list.length > 0 && (
        <ul className="record-list__items">
          {pages.list.map((record) => <li key={record.id}><RecordItem record={record} hidden={hidden} /></li>)}
        </ul>
      )}
      {failure && (
        <div className="empty-state" role="alert">
          <p><Trans>The records could not be loaded.</Trans> {failure}</p>
          <button type="button" className="button button--primary button--small" onClick={onRetry} disabled={pending !== null}>
            <Trans>Retry</Trans>
          </button>
        </div>
      )}
      {pages.list.length > 0 && pages.noMore && <p className="record-list__end muted"><Trans>No more records</Trans></p>}
    </>
  )
}
