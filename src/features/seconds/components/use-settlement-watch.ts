import { useEffect, useEffectEvent, useRef } from 'react'
import type { SecondsOrder } from '../../../contract/seconds.ts'
import { ENTRY_STATUS } from '../../../contract/seconds.ts'
import { i18n } from '../../../lib/i18n'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { fetchOrder } from '../api'
import { addSettlementAtom, clockOffsetAtom, loadContractAccountAtom, ordersChangedAtom } from '../atoms'
import { remainingMs } from '../logic'
import { settlementToast } from '../settle-text'

/** Follow-up fetches of one due order, a second apart; after that the 5 s tick of the list takes over. */
const MAX_TRIES = 15

/** Orders whose settlement was announced in this page, so two lists watching one order say it once. */
const announced = new Set<string>()

/**
 * Watches the open orders on screen: once one is due on the server's clock it is fetched by id
 * every second until the server has settled it (within a second of its time). The settled order
 * is shown as a result and announced by a toast, both lists reload and so does the balance, which
 * the settlement moved.
 */
export function useSettlementWatch(orders: readonly SecondsOrder[] | undefined) {
  const offset = useAtomValue(clockOffsetAtom)
  const addSettlement = useSetAtom(addSettlementAtom)
  const ordersChanged = useSetAtom(ordersChangedAtom)
  const loadAccount = useSetAtom(loadContractAccountAtom)
  const tries = useRef(new Map<string, number>())
  const inFlight = useRef(new Set<string>())
  const settled = useRef(new Set<string>())

  const check = useEffectEvent(() => {
    const now = Date.now()
    for (const order of orders ?? []) {
      const { id } = order
      if (order.status !== ENTRY_STATUS.open || settled.current.has(id) || inFlight.current.has(id)) continue
      if (remainingMs(order.settleTime, offset, now) > 0 || (tries.current.get(id) ?? 0) >= MAX_TRIES) continue
      tries.current.set(id, (tries.current.get(id) ?? 0) + 1)
      inFlight.current.add(id)
      fetchOrder(id)
        .then((fresh) => {
          if (fresh.status !== ENTRY_STATUS.settled || settled.current.has(id)) return
          settled.current.add(id)
          addSettlement(fresh)
          // The one announcement of the settlement: a toast, in the app's polite live region.
          if (!announced.has(id)) {
            announced.add(id)
            toast.success(settlementToast(fresh, (label) => i18n._(label)))
          }
          ordersChanged()
          loadAccount().catch(() => undefined)
        }, () => undefined)
        .finally(() => inFlight.current.delete(id))
    }
  })
  useEffect(() => {
    const timer = setInterval(check, 1000)
    return () => clearInterval(timer)
  }, [])
}
