import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { translate } from '../../../lib/i18n'
import type { RequestState } from '../../../lib/ui/use-request'

interface RequestStatusProps {
  state: RequestState<unknown>
  loading: ReactNode
  failed: ReactNode
  onRetry: () => void
}

/** The not-ready states of a loaded block: a quiet line while it loads, the reason and a retry when it failed. */
export function RequestStatus({ state, loading, failed, onRetry }: RequestStatusProps) {
  if (state.status === 'ready') return null
  if (state.status === 'loading') {
    return <p className="card muted" role="status" aria-busy="true">{loading}</p>
  }
  const reason = state.error instanceof Error ? translate(state.error.message) : ''
  return (
    <section className="card request-failed" role="alert">
      <p>{failed} {reason}</p>
      <button type="button" className="button button--small" onClick={onRetry}><Trans>Retry</Trans></button>
    </section>
  )
}
