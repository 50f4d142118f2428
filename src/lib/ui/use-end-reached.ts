import { useEffect, useEffectEvent, useRef } from 'react'

/**
 * Pull-up loading of a paged list (spec §2): `onReached` runs when the returned element (put at
 * the list's end) scrolls into view. Observed again after every page (`loaded` changes): a short
 * page leaves the end in view, which fires no new entry. Lists keep a visible "Load more" button
 * beside it for keyboards and for browsers without IntersectionObserver.
 */
export function useEndReached<E extends HTMLElement>(enabled: boolean, loaded: number, onReached: () => void) {
  const sentinel = useRef<E>(null)
  const reached = useEffectEvent(onReached)
  useEffect(() => {
    const target = sentinel.current
    if (!target || !enabled || loaded === 0 || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reached())
    observer.observe(target)
    return () => observer.disconnect()
  }, [enabled, loaded])
  return sentinel
}
