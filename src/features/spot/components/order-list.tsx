import { Trans } from '@lingui/react/macro'
import type { ReactNode, RefObject } from 'react'
import type { SpotOrder } from '../../../contract/spot.ts'
import { translate } from '../../../lib/i18n'
import type { Pages } from '../../../lib/ui/use-pages'
import { OrderRow } from './order-row'

interface OrderListProps {
  label: string
  pages: Pages<SpotOrder> | null
  pending: 'refresh' | 'more' | null
  empty: ReactNode
  onRetry: () => void
  onMore: () => void
  /** Put at the list's end: reaching it loads the next page (lib/ui/use-end-reached). */
  endRef?: RefObject<HTMLDivElement | null>
}

const reason = (error: unknown) => (error instanceof Error ? translate(error.message) : '')

/**
 * A paged list of orders in its states: loading, empty, the list with "Load more" until the
 * total is reached and "No more" after, and a failure — beside the last known list when there is
 * one (spec: lists keep their last state), with Retry.
 */
export function OrderList({ label, pages, pending, empty, onRetry, onMore, endRef }: OrderListProps) {
  if (!pages) return <p className="spot-empty" role="status" aria-label={label}><span className="spinner" /></p>
  const failed = pages.error !== null
  const more = pages.list.length > 0 && !pages.noMore && !failed
  return (
    <div className="spot-paged" aria-busy={pending !== null}>
      {failed && (
        <div className="spot-note spot-note--warn spot-stale" role="alert">
          <p>{pages.list.length > 0 ? <Trans>Could not refresh; showing the last known orders.</Trans> : <Trans>Could not load the orders.</Trans>} {reason(pages.error)}</p>
          <button type="button" className="button button--ghost button--small" onClick={onRetry} disabled={pending !== null}><Trans>Retry</Trans></button>
        </div>
      )}
      {pages.list.length === 0 && !failed && <p className="spot-empty" role="status">{empty}</p>}
      {pages.list.length > 0 && <ul className="spot-list" aria-label={label}>{pages.list.map((order) => <OrderRow key={order.id} order={order} />)}</ul>}
      {more && (
        <div ref={endRef} className="spot-more">
          <button type="button" className="button button--ghost button--small" onClick={onMore} disabled={pending !== null}>
            {pending === 'more' ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
          </button>
        </div>
      )}
      {pages.pageNo > 1 && pages.noMore && <p className="spot-end muted"><Trans>No more orders</Trans></p>}
    </div>
  )
}
