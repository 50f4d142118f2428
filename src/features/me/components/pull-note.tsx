import { Trans } from '@lingui/react/macro'

/** The pull-down hint over a list while it is being pulled. */
export function PullNote({ distance, ready }: { distance: number; ready: boolean }) {
  if (distance <= 0) return null
  return (
    <p className="me-pull muted" style={{ height: distance }} aria-hidden="true">
      {ready ? <Trans>Release to refresh</Trans> : <Trans>Pull to refresh</Trans>}
    </p>
  )
}
