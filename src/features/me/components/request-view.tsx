import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { translate } from '../../../lib/i18n'
import type { RequestState } from '../../../lib/ui/use-request'

interface RequestViewProps<T> {
  state: RequestState<T>
  onRetry: () => void
  children: (data: T) => ReactNode
}

/**
 * A read's three states: loading, its data, or why it failed with Retry. Offline, the worker answers
 * the last stored copy and the shell's offline mark says its age (architecture §5).
 */
export function RequestView<T>({ state, onRetry, children }: RequestViewProps<T>) {
  if (state.status === 'loading') return <p className="paged-list__empty" role="status"><span className="spinner" /></p>
  if (state.status === 'error') {
    const reason = state.error instanceof Error ? translate(state.error.message) : ''
    return (
      <div className="paged-list__stale" role="alert">
        <p><Trans>Could not load this page.</Trans> {reason}</p>
        <button type="button" className="button button--ghost button--small" onClick={onRetry}><Trans>Retry</Trans></button>
      </div>
    )
  }
  return <>{children(state.data)}</>
}
