import { useEffect, useRef } from 'react'
import type { SpotOrder } from '../../../contract/spot.ts'
import { ORDER_STATUS } from '../../../contract/spot.ts'
import { i18n } from '../../../lib/i18n'
import { useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { fetchOrderDetail } from '../api'
import { loadSpotAccountAtom } from '../atoms'
import { fillNews, fillToast } from '../fill-news'
import { SIDE_LABELS } from './labels'

/** A fill of the trader's own order, said once: a toast in the app's polite live region. */
function announce(order: SpotOrder) {
  const text = fillToast(order, i18n._(SIDE_LABELS[order.side]))
  if (text) toast.success(text)
}

/**
 * Resting orders fill (or trigger) while the screen shows, which moves the balances: when the open
 * orders change between two loads — a fill, an order gone — the spot account reloads, so
 * "Available" follows without a reload of the page, and each fill is announced (fill-news.ts). An
 * order that left the list is looked up: filled in full is announced, cancelled is not (the cancel
 * has its own toast).
 */
export function useFillWatch(orders: readonly SpotOrder[] | undefined) {
  const loadAccount = useSetAtom(loadSpotAccountAtom)
  const last = useRef<readonly SpotOrder[] | null>(null)
  const print = orders?.map((order) => `${order.id}:${order.filled}:${order.status}`).join() ?? null
  useEffect(() => {
    if (print === null || !orders) return
    const before = last.current
    last.current = orders
    if (before === null) return
    const news = fillNews(before, orders)
    if (news.grown.length === 0 && news.gone.length === 0) return
    loadAccount().catch(() => undefined)
    news.grown.forEach(announce)
    for (const id of news.gone) {
      fetchOrderDetail(id).then((order) => { if (order.status === ORDER_STATUS.filled) announce(order) }, () => undefined)
    }
    // `orders` changes identity on every load; `print` says when its content changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [print, loadAccount])
}
