import { Trans } from '@lingui/react/macro'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { formatClock } from '../../../lib/format'
import { translate } from '../../../lib/i18n'

/**
 * Why the positions shown are not fresh: the last refresh failed (the list is as of then) or the
 * first load did (nothing to show), with the server's reason and a Retry. Shared by the contract
 * screen and the Position tab, each with its own frame (className).
 */
export function PositionsStaleNote({ positions, error, loadedAt, retry, className }: {
  positions: readonly ContractPosition[] | null
  error: unknown
  loadedAt: number | null
  retry: () => void
  className: string
}) {
  const reason = error instanceof Error ? translate(error.message) : ''
  return (
    <div className={className} role="alert">
      <p>
        {positions ? <Trans>Could not refresh; showing the positions as of {formatClock(loadedAt)}.</Trans> : <Trans>The positions could not be loaded.</Trans>} {reason}
      </p>
      <button type="button" className="button button--ghost button--small" onClick={retry}><Trans>Retry</Trans></button>
    </div>
  )
}
