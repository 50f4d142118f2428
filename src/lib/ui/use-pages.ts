import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { mergeOrderPage } from '../paging'

export interface Pages<T> {
  key: string
  list: T[]
  pageNo: number
  noMore: boolean
  /** The last load's failure; the list loaded before it stays shown (spec: last known state). */
  error: unknown
  failedPage: number
}

export interface PageAnswer<T> {
  list: T[]
  total: number
}

interface Options {
  /** Anything that should reload page 1 when it changes (an order created or settled). */
  version?: string | number
  /** Refresh page 1 this often (the spec's 5 s tick) while mounted and visible. */
  tickMs?: number
}

/**
 * A list page by page (spec §4): page 1 replaces, later pages append, no more once the total is
 * reached. A new key shows as loading at once (never another query's list); a reload or tick
 * keeps the list on screen until its answer replaces it, and a failed one leaves it there.
 */
export function usePages<T extends { id: string }>(key: string, load: (pageNo: number) => Promise<PageAnswer<T>>, options: Options = {}) {
  const [pages, setPages] = useState<Pages<T> | null>(null)
  const [pending, setPending] = useState<'refresh' | 'more' | null>(null)
  const round = useRef(0)
  const busy = useRef(false)

  // Every load goes through here; an answer overtaken by a newer load (or another key) is dropped.
  const settle = (mine: number, pageNo: number, answer: Promise<PageAnswer<T>>) => {
    busy.current = true
    answer.then(
      (page) => mine === round.current && setPages((prev) => {
        const merged = mergeOrderPage(prev?.key === key ? prev.list : [], { list: page.list, totalRow: page.total }, pageNo)
        return { key, ...merged, pageNo, error: null, failedPage: 0 }
      }),
      (error: unknown) => mine === round.current && setPages((prev) =>
        prev?.key === key ? { ...prev, error, failedPage: pageNo } : { key, list: [], pageNo: 0, noMore: false, error, failedPage: pageNo }),
    ).finally(() => {
      if (mine !== round.current) return
      busy.current = false
      setPending(null)
    })
  }
  const fetchPage = (pageNo: number) => settle(++round.current, pageNo, load(pageNo))
  const loadFirst = useEffectEvent(() => fetchPage(1))

  const version = options.version
  // Page 1 again for a new key and whenever the version moves (the list stays until it is replaced).
  useEffect(() => {
    loadFirst()
  }, [key, version]) // oxlint-disable-line react/exhaustive-effect-dependencies -- key and version are the triggers

  const tickMs = options.tickMs
  const current = pages?.key === key ? pages : null
  const onTick = useEffectEvent(() => {
    // A tick never collapses pages the user loaded, nor cuts across a load in flight.
    if (!busy.current && (current?.pageNo ?? 0) <= 1) fetchPage(1)
  })
  useEffect(() => {
    if (!tickMs) return
    const timer = setInterval(onTick, tickMs)
    return () => clearInterval(timer)
  }, [tickMs])

  const refresh = () => {
    setPending('refresh')
    fetchPage(1)
  }
  const loadMore = () => {
    if (!current || current.noMore || pending) return
    setPending('more')
    fetchPage(current.pageNo + 1)
  }
  return { pages: current, pending, refresh, loadMore, retry: () => (current?.failedPage && current.failedPage > 1 ? loadMore() : refresh()) }
}
