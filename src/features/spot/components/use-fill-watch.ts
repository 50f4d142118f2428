import { useEffect, useRef } from 'react'
import type { SpotOrder } from '../../../contract/spot.ts'
import { useSetAtom } from '../../../lib/store'
import { loadSpotAccountAtom } from '../atoms'

/**
 * Resting orders fill (or trigger) while the screen shows, which moves the balances: when the open
 * orders change between two loads — a fill, an order gone — the spot account reloads, so
 * "Available" follows without a reload of the page.
 */
export function useFillWatch(orders: readonly SpotOrder[] | undefined) {
  const loadAccount = useSetAtom(loadSpotAccountAtom)
  const last = useRef<string | null>(null)
  const print = orders?.map((order) => `${order.id}:${order.filled}:${order.status}`).join() ?? null
  useEffect(() => {
    if (print === null) return
    if (last.current !== null && last.current !== print) loadAccount().catch(() => undefined)
    last.current = print
  }, [print, loadAccount])
}
