import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { translate } from '../../../lib/i18n'
import type { RequestState } from '../../../lib/ui/use-request'

interface HistoryRequestStatusProps {
  state: RequestState<unknown>
  loading: ReactNode
  failed: ReactNode
  onRetry: () => void
}

/** The not-ready states of the sessions and history lists: a quiet line while loading, the reason and a retry when it failed. */
export function HistoryRequestStatus({ state, loading, failed, onRetry }: HistoryRequestStatusProps) {
  if (state.status === 'ready') return null
  if (state.status === 'loading') return <p className="card muted" role="status" aria-busy="true">{loading}</p>
  const reason = state.error instanceof Error ? translate(state.error.message) : ''
  return (
    <section className="card safety-failed" role="alert">
      <p>{failed} {reason}</p>
      <button type="button" className="button button--small" onClick={onRetry}><Trans>Retry</Trans></button>
    </section>
  )
}
