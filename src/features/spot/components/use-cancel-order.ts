import type { SpotOrder } from '../../../contract/spot.ts'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { cancelOrder } from '../api'
import { loadSpotAccountAtom, ordersChangedAtom } from '../atoms'
import { OFFLINE_CANCEL } from './labels'

/** Offline the cancel is refused with a message (architecture §4: never queued); true when it was. */
function refusedOffline(): boolean {
  if (!navigator.onLine) toast.error(OFFLINE_CANCEL)
  return !navigator.onLine
}

/**
 * Cancelling an order behind its confirmation, with an idempotency key kept for a retry of the
 * same cancel. Offline it is refused before the sheet opens and at the confirm; nothing is sent.
 * A cancel unfreezes money, so the balances reload with the order lists.
 */
export function useCancelOrder() {
  const ordersChanged = useSetAtom(ordersChangedAtom)
  const loadAccount = useSetAtom(loadSpotAccountAtom)
  const call = useConfirmedCall(
    (order: SpotOrder, key: string) => cancelOrder(order.id, key),
    (order) => order.id,
    () => {
      toast.success('Cancelled')
      ordersChanged()
      loadAccount().catch(() => undefined)
    },
  )
  return {
    request: call.request,
    busy: call.busy,
    review: (order: SpotOrder) => refusedOffline() || call.review(order),
    confirm: () => refusedOffline() || void call.confirm(),
    cancel: call.cancel,
  }
}
