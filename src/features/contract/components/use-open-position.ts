import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useOnline } from '../../../lib/ui/use-online'
import { openPosition } from '../api'
import { positionsChangedAtom } from '../atoms'
import { OFFLINE, PLEASE_LOGIN } from './labels'
import type { OpenRequest } from './open-request'

/**
 * Opening a position behind its confirmation. A visitor is asked to log in and an offline phone is
 * refused (architecture §4: orders are never queued) — both before the sheet opens and again at the
 * confirm, as the connection may go while the sheet is open; nothing is sent in either case. The
 * idempotency key is made at the first confirm and kept for a retry of the same opening.
 */
export function useOpenPosition(loggedIn: boolean, onOpened: () => void) {
  const online = useOnline()
  const positionsChanged = useSetAtom(positionsChangedAtom)
  const call = useConfirmedCall(
    (request: OpenRequest, key: string) => openPosition(request.input, key),
    (request) => JSON.stringify(request.input),
    () => {
      toast.success('Order has been placed')
      positionsChanged()
      onOpened()
    },
  )
  /** Whether the opening may go to its confirmation; says why not when it may not. */
  const allowed = (): boolean => {
    if (!loggedIn) toast.warning(PLEASE_LOGIN)
    else if (!navigator.onLine) toast.error(OFFLINE.open)
    return loggedIn && navigator.onLine
  }
  const confirm = () => (allowed() ? void call.confirm() : undefined)
  return { online, request: call.request, busy: call.busy, allowed, review: call.review, confirm, cancel: call.cancel }
}

export type OpenPositionCall = ReturnType<typeof useOpenPosition>
