import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { translate } from '../../../lib/i18n'
import type { Pages } from '../../../lib/ui/use-pages'

interface PagedListProps<T> {
  label: string
  pages: Pages<T> | null
  pending: 'refresh' | 'more' | null
  empty: ReactNode
  renderItem: (item: T) => ReactNode
  onRetry: () => void
  onMore: () => void
}

const reason = (error: unknown) => (error instanceof Error ? translate(error.message) : '')

/**
 * A paged list's states: loading, the list ("Load more" until the total is reached, "No more" once
 * the user has paged to the end), empty, and a failure — beside the last known list when there is
 * one (spec: lists keep their last state).
 */
export function PagedList<T>({ label, pages, pending, empty, renderItem, onRetry, onMore }: PagedListProps<T>) {
  if (!pages) return <p className="seconds-empty" role="status" aria-label={label}><span className="spinner" /></p>
  const failed = pages.error !== null
  return (
    <div className="seconds-paged" aria-busy={pending !== null}>
      {failed && (
        <div className="seconds-stale" role="alert">
          <p>{pages.list.length > 0 ? <Trans>Could not refresh; showing the last known list.</Trans> : <Trans>Could not load the list.</Trans>} {reason(pages.error)}</p>
          <button type="button" className="button button--ghost button--small" onClick={onRetry} disabled={pending !== null}><Trans>Retry</Trans></button>
        </div>
      )}
      {pages.list.length === 0 && !failed && <p className="seconds-empty" role="status">{empty}</p>}
      {pages.list.length > 0 && <ul className="seconds-list" aria-label={label}>{pages.list.map(renderItem)}</ul>}
      {pages.list.length > 0 && !pages.noMore && !failed && (
        <button type="button" className="button button--ghost button--small seconds-more" onClick={onMore} disabled={pending !== null}>
          {pending === 'more' ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
        </button>
      )}
      {pages.pageNo > 1 && pages.noMore && <p className="seconds-end muted"><Trans>No more</Trans></p>}
    </div>
  )
}
