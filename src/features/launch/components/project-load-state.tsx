import { Trans, useLingui } from '@lingui/react/macro'
import { translate } from '../../../lib/i18n'
import type { RequestState } from '../../../lib/ui/use-request'

type Unready = Exclude<RequestState<unknown>, { status: 'ready' }>

/** What a project's screen shows until the project is known: a spinner, or the failure and Retry. */
export function ProjectLoadState({ state, onRetry }: { state: Unready; onRetry: () => void }) {
  const { t } = useLingui()
  if (state.status === 'loading') return <p className="launch-state" role="status" aria-label={t`Project`}><span className="spinner" /></p>
  return (
    <div className="launch-state" role="alert">
      <p><Trans>Could not load the project.</Trans> {state.error instanceof Error ? translate(state.error.message) : ''}</p>
      <button type="button" className="button button--ghost button--small" onClick={onRetry}><Trans>Retry</Trans></button>
    </div>
  )
}
