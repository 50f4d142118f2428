import { Trans } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { formatClock } from '../lib/format-time'
import { readFreshness, subscribeFreshness } from '../lib/freshness'
import { useOnline } from '../lib/ui/use-online'

/**
 * "Offline · data as of 14:03" (architecture §1): shown while the answers on screen came from the
 * worker's storage or the device says it is offline, gone with the first live answer.
 */
export function OfflineMark() {
  const { offline, asOf } = useSyncExternalStore(subscribeFreshness, readFreshness)
  const online = useOnline()
  if (!offline && online) return null
  const time = formatClock(asOf)
  return (
    <div className="offline-mark" role="status">
      <span className="offline-mark__dot" aria-hidden="true" />
      {asOf === null ? <Trans>Offline</Trans> : <Trans>Offline · data as of {time}</Trans>}
    </div>
  )
}
