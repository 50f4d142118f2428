import { useEffect, useEffectEvent, useState } from 'react'

/** How far (px) a pull must go before letting go refreshes. */
export const PULL_THRESHOLD = 64

/**
 * Pull-down refresh of a list screen (spec §2): a one-finger touch that starts while the page is
 * scrolled to the top and moves down by PULL_THRESHOLD px calls `onRefresh` when released. The
 * listeners are passive, so scrolling is never held up; `distance` lets the screen show the pull.
 * Touch only: a mouse or keyboard user gets the screen's visible Refresh button instead.
 */
export function usePullToRefresh(onRefresh: () => void) {
  const [distance, setDistance] = useState(0)
  const refresh = useEffectEvent(onRefresh)
  useEffect(() => {
    let startY: number | null = null
    let pulled = 0
    const start = (event: TouchEvent) => {
      const touch = event.touches[0]
      startY = window.scrollY <= 0 && event.touches.length === 1 && touch ? touch.clientY : null
      pulled = 0
    }
    const move = (event: TouchEvent) => {
      const touch = event.touches[0]
      if (startY === null || !touch) return
      pulled = Math.max(0, touch.clientY - startY)
      setDistance(Math.min(pulled, PULL_THRESHOLD * 1.5))
    }
    const end = () => {
      if (startY !== null && pulled >= PULL_THRESHOLD) refresh()
      startY = null
      pulled = 0
      setDistance(0)
    }
    const options = { passive: true }
    window.addEventListener('touchstart', start, options)
    window.addEventListener('touchmove', move, options)
    window.addEventListener('touchend', end, options)
    window.addEventListener('touchcancel', end, options)
    return () => {
      window.removeEventListener('touchstart', start)
      window.removeEventListener('touchmove', move)
      window.removeEventListener('touchend', end)
      window.removeEventListener('touchcancel', end)
    }
  }, [])
  return { distance, ready: distance >= PULL_THRESHOLD }
}
