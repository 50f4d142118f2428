import { useEffect, useState } from 'react'
import { MARKET_POLL_MS, type DepthType } from '../../../contract/market.ts'
import type { SpotBook } from '../../../contract/spot.ts'
import { fetchBook } from '../api'

interface Loaded {
  key: string
  book: SpotBook | null
  /** The last load failed; the book loaded before it (if any) stays shown. */
  failed: boolean
}

/**
 * The merged book of a pair on one price grid and depth, loaded at once and again on the spec's
 * 5 s tick while the page is visible (the spot book is a /bb call, so it does not ride the market
 * poll). A new pair, grid or depth shows as loading (never another grid's levels); a failed tick
 * keeps the last book, whose age the offline mark tells. A tick never overlaps a load in flight.
 */
export function useSpotBook(symbol: string, type: DepthType, size: number) {
  const key = `${symbol}:${type}:${size}`
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  useEffect(() => {
    let live = true
    let inFlight = false
    const load = () => {
      if (inFlight || document.visibilityState === 'hidden') return
      inFlight = true
      fetchBook(symbol, type, size).then(
        (book) => live && setLoaded({ key, book, failed: false }),
        () => live && setLoaded((prev) => (prev?.key === key ? { ...prev, failed: true } : { key, book: null, failed: true })),
      ).finally(() => {
        inFlight = false
      })
    }
    load()
    const timer = setInterval(load, MARKET_POLL_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [key, symbol, type, size])
  const current = loaded?.key === key ? loaded : null
  return { book: current?.book ?? null, failed: current?.failed ?? false }
}
