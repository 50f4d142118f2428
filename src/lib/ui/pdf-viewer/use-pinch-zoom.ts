import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { pinchZoom } from './zoom'

const distance = (touches: TouchList): number => {
  const [a, b] = [touches[0], touches[1]]
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0
}

/**
 * Two-finger pinch on the pages zooms them (the page's own pinch zoom is off in the app's viewport).
 * The zoom is applied when the fingers lift, so pdf.js renders once per pinch, not on every move;
 * meanwhile the pages are scaled by CSS for feedback.
 */
export function usePinchZoom(target: RefObject<HTMLElement | null>) {
  const [zoom, setZoom] = useState(1)
  const zoomRef = useRef(zoom)
  useLayoutEffect(() => {
    zoomRef.current = zoom
  }, [zoom])
  useEffect(() => {
    const element = target.current
    if (!element) return
    let start: { distance: number; zoom: number } | null = null
    let next = zoomRef.current
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return
      start = { distance: distance(event.touches), zoom: zoomRef.current }
      next = start.zoom
    }
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2) return
      event.preventDefault()
      next = pinchZoom(start.zoom, start.distance, distance(event.touches))
      element.style.transformOrigin = 'top left'
      element.style.transform = `scale(${next / start.zoom})`
    }
    const onEnd = () => {
      if (!start) return
      start = null
      element.style.transform = ''
      setZoom(next)
    }
    element.addEventListener('touchstart', onStart, { passive: true })
    element.addEventListener('touchmove', onMove, { passive: false })
    element.addEventListener('touchend', onEnd)
    element.addEventListener('touchcancel', onEnd)
    return () => {
      element.removeEventListener('touchstart', onStart)
      element.removeEventListener('touchmove', onMove)
      element.removeEventListener('touchend', onEnd)
      element.removeEventListener('touchcancel', onEnd)
    }
  }, [target])
  return { zoom, setZoom }
}
