import { MARKET_POLL_MS } from '../../../contract/market.ts'
import type { SecondsOrder } from '../../../contract/seconds.ts'
import { ENTRY_STATUS } from '../../../contract/seconds.ts'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { fetchOrders, type OrderQuery } from '../api'
import { ordersVersionAtom, syncClockAtom } from '../atoms'
import { usePages } from '../../../lib/ui/use-pages'

/**
 * Seconds orders of one status, page by page. Every answer also sets the server clock's offset
 * (its serverTime against this device's clock on arrival), which the countdowns run on. Open
 * orders refresh on the spec's 5 s tick; both lists reload when an order is created or settles.
 */
export function useOrderPages(query: OrderQuery) {
  const version = useAtomValue(ordersVersionAtom)
  const syncClock = useSetAtom(syncClockAtom)
  const load = async (pageNo: number) => {
    const page = await fetchOrders(query, pageNo)
    syncClock(page.serverTime, Date.now())
    return { list: page.list, total: page.totalRow }
  }
  const tickMs = query.entryStatus === ENTRY_STATUS.open ? MARKET_POLL_MS : undefined
  return usePages<SecondsOrder>(JSON.stringify(query), load, { version, tickMs })
}
