import './paged-list.css'
import { Trans } from '@lingui/react/macro'
import type { ReactNode, RefObject } from 'react'
import { translate } from '../i18n'
import type { Pages } from './use-pages'

interface PagedListProps<T> {
  /** The list's accessible name (also the loading spinner's). */
  label: string
  pages: Pages<T> | null
  pending: 'refresh' | 'more' | null
  empty: ReactNode
  renderItem: (item: T) => ReactNode
  onRetry: () => void
  onMore: () => void
  /** Put at the list's end: reaching it loads the next page (lib/ui/use-end-reached). */
  endRef?: RefObject<HTMLDivElement | null>
}

const reason = (error: unknown) => (error instanceof Error ? translate(error.message) : '')

/**
 * A paged list's states (spec §4 paging): loading, the list ("Load more" until the total is
 * reached, "No more" once the user has paged to the end), empty, and a failure — beside the last
 * known list when there is one (spec: lists keep their last state), with Retry.
 */
export function PagedList<T>({ label, pages, pending, empty, renderItem, onRetry, onMore, endRef }: PagedListProps<T>) {
  if (!pages) return <p className="paged-list__empty" role="status" aria-label={label}><span className="spinner" /></p>
  const failed = pages.error !== null
  return (
    <div className="paged-list" aria-busy={pending !== null}>
      {failed && (
        <div className="paged-list__stale" role="alert">
          <p>{pages.list.length > 0 ? <Trans>Could not refresh; showing the last known list.</Trans> : <Trans>Could not load the list.</Trans>} {reason(pages.error)}</p>
          <button type="button" className="button button--ghost button--small" onClick={onRetry} disabled={pending !== null}><Trans>Retry</Trans></button>
        </div>
      )}
      {pages.list.length === 0 && !failed && <p className="paged-list__empty" role="status">{empty}</p>}
      {pages.list.length > 0 && <ul className="paged-list__items" aria-label={label}>{pages.list.map(renderItem)}</ul>}
      {pages.list.length > 0 && !pages.noMore && !failed && (
        <div ref={endRef} className="paged-list__more">
          <button type="button" className="button button--ghost button--small" onClick={onMore} disabled={pending !== null}>
            {pending === 'more' ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        </div>
      )}
      {pages.pageNo > 1 && pages.noMore && <p className="paged-list__end muted"><Trans>No more</Trans></p>}
    </div>
  )
}
