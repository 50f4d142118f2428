import { useOnline } from '../../../lib/ui/use-online'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { placeOrder } from '../api'
import { ordersChangedAtom } from '../atoms'
import { OFFLINE_PLACE, PLEASE_LOGIN } from './labels'
import type { OrderRequest } from './order-request'

/**
 * Placing an order behind its confirmation. A visitor is asked to log in and an offline phone is
 * refused (architecture §4: orders are never queued) — both before the sheet opens and again at the
 * confirm, as the connection may go while the sheet is open; nothing is sent in either case. The
 * idempotency key is made at the first confirm and kept for a retry of the same order.
 */
export function usePlaceOrder(loggedIn: boolean, onPlaced: () => void) {
  const online = useOnline()
  const ordersChanged = useSetAtom(ordersChangedAtom)
  const call = useConfirmedCall(
    (request: OrderRequest, key: string) => placeOrder(request.input, key),
    (request) => JSON.stringify(request.input),
    () => {
      toast.success('Order has been placed')
      ordersChanged()
      onPlaced()
    },
  )
  /** Whether the order may go to its confirmation; says why not when it may not. */
  const allowed = (): boolean => {
    if (!loggedIn) toast.warning(PLEASE_LOGIN)
    else if (!navigator.onLine) toast.error(OFFLINE_PLACE)
    return loggedIn && navigator.onLine
  }
  const confirm = () => (allowed() ? void call.confirm() : undefined)
  return { online, request: call.request, busy: call.busy, allowed, review: call.review, confirm, cancel: call.cancel }
}
