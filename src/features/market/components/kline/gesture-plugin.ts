// Zoom and pan on the time axis: one finger (or a mouse button) drags the chart, two fingers
// pinch it, the wheel zooms under the pointer. uPlot's own drag-to-select zoom is off: on a phone
// a drag means pan. A tap still moves uPlot's crosshair (the browser's compatibility mouse events).
import type uPlot from 'uplot'
import { boundsOf, MIN_CANDLES, panWindow, zoomWindow, type XWindow } from '../../chart-window'

const WHEEL_SENSITIVITY = 0.0015

/** The visible time window (uPlot's x scale). */
export function windowOf(u: uPlot): XWindow {
  const scale = u.scales.x
  return { min: scale?.min ?? 0, max: scale?.max ?? 0 }
}

export function gesturePlugin(step: number): uPlot.Plugin {
  return { hooks: { ready: (u) => attach(u, step) } }
}

function attach(u: uPlot, step: number): void {
  const over = u.over
  const pointers = new Map<number, number>()
  const bounds = () => boundsOf(u.data[0], step)
  const secondsPerPixel = () => (windowOf(u).max - windowOf(u).min) / Math.max(1, over.clientWidth)
  const valueAt = (clientX: number) => u.posToVal(clientX - over.getBoundingClientRect().left, 'x')
  const apply = (next: XWindow) => u.setScale('x', next)
  const spread = () => {
    const [a = 0, b = 0] = pointers.values()
    return { distance: Math.abs(a - b), centre: (a + b) / 2 }
  }

  over.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    pointers.set(event.pointerId, event.clientX)
  })
  over.addEventListener('pointermove', (event) => {
    const previous = pointers.get(event.pointerId)
    if (previous === undefined) return
    if (pointers.size === 1) {
      pointers.set(event.pointerId, event.clientX)
      apply(panWindow(windowOf(u), (previous - event.clientX) * secondsPerPixel(), bounds()))
      return
    }
    const before = spread()
    pointers.set(event.pointerId, event.clientX)
    const after = spread()
    if (before.distance < 1 || after.distance < 1) return
    const anchor = valueAt(after.centre)
    apply(zoomWindow(windowOf(u), before.distance / after.distance, anchor, bounds(), MIN_CANDLES * step))
  })
  const release = (event: PointerEvent) => pointers.delete(event.pointerId)
  over.addEventListener('pointerup', release)
  over.addEventListener('pointercancel', release)
  over.addEventListener('pointerleave', release)
  over.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault()
      const factor = Math.exp(event.deltaY * WHEEL_SENSITIVITY)
      apply(zoomWindow(windowOf(u), factor, valueAt(event.clientX), bounds(), MIN_CANDLES * step))
    },
    { passive: false },
  )
}
