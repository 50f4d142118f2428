import { useEffect, useRef, useState } from 'react'
import type { AssetRecord } from '../../../contract/assets.ts'
import { fetchRecords, type RecordQuery } from '../api'
import { mergePage } from '../logic'

interface Pages {
  key: string
  list: AssetRecord[]
  pageNo: number
  noMore: boolean
  error: unknown
  /** The page whose load failed, for Retry. */
  failedPage: number
}

/**
 * The records of a query, page by page (spec §4): page 1 replaces, later pages append, no more
 * once the total is reached. A new query shows as loading at once (never the old query's list);
 * an answer for a query or a round that has been overtaken is dropped.
 */
export function useRecordPages(query: Omit<RecordQuery, 'pageNo'>) {
  const key = JSON.stringify(query)
  const [pages, setPages] = useState<Pages | null>(null)
  const [pending, setPending] = useState<'refresh' | 'more' | null>(null)
  const round = useRef(0)

  const fetchPage = async (pageNo: number) => {
    const mine = ++round.current
    try {
      const page = await fetchRecords({ ...query, pageNo })
      if (mine !== round.current) return
      setPages((prev) => ({ key, ...mergePage(prev?.key === key ? prev.list : [], page, pageNo), pageNo, error: null, failedPage: 0 }))
    } catch (error) {
      if (mine !== round.current) return
      setPages((prev) => (prev?.key === key ? { ...prev, error, failedPage: pageNo } : { key, list: [], pageNo: 0, noMore: false, error, failedPage: pageNo }))
    } finally {
      if (mine === round.current) setPending(null)
    }
  }
  // The first page of each query; the key carries the query, so it is the effect's one input.
  useEffect(() => {
    const mine = ++round.current
    const first = { ...(JSON.parse(key) as Omit<RecordQuery, 'pageNo'>), pageNo: 1 }
    fetchRecords(first).then(
      (page) => mine === round.current && setPages({ key, ...mergePage([], page, 1), pageNo: 1, error: null, failedPage: 0 }),
      (error: unknown) => mine === round.current && setPages({ key, list: [], pageNo: 0, noMore: false, error, failedPage: 1 }),
    )
  }, [key])

  const current = pages?.key === key ? pages : null
  const refresh = () => {
    setPending('refresh')
    void fetchPage(1)
  }
  const loadMore = () => {
    if (!current || current.noMore || pending) return
    setPending('more')
    void fetchPage(current.pageNo + 1)
  }
  return { pages: current, pending, refresh, loadMore }
}
