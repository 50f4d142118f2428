import './pull-note.css'
import { Trans } from '@lingui/react/macro'

/** The hint over a list while it is pulled down to refresh (use-pull-to-refresh's distance and ready). */
export function PullNote({ distance, ready }: { distance: number; ready: boolean }) {
  if (distance <= 0) return null
  return (
    <p className="pull-note" style={{ height: distance }} aria-hidden="true">
      {ready ? <Trans>Release to refresh</Trans> : <Trans>Pull to refresh</Trans>}
    </p>
  )
}
