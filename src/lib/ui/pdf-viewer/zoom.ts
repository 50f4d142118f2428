// Zoom of the PDF viewer: pure, so the limits and steps are unit tested.

export const MIN_ZOOM = 0.5
export const MAX_ZOOM = 4
/** The +/- buttons move by this factor, so each press feels the same at any zoom. */
export const ZOOM_STEP = 1.25

/** A zoom kept within the limits, rounded to 2 places so pinching does not re-render on noise. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 100) / 100
}

export const zoomIn = (zoom: number): number => clampZoom(zoom * ZOOM_STEP)
export const zoomOut = (zoom: number): number => clampZoom(zoom / ZOOM_STEP)

/** The zoom after a pinch: the zoom when it started times how much the fingers' distance grew. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom)
  return clampZoom(startZoom * (distance / startDistance))
}

/**
 * The canvas's backing scale: the page fits the viewer's width at zoom 1, sharp on dense screens.
 * Capped so a zoomed page never asks for a canvas larger than mobile browsers allow (~16 M pixels).
 */
export function renderScale(fitScale: number, zoom: number, pixelRatio: number, pageWidth: number, pageHeight: number): number {
  const wanted = fitScale * zoom * Math.max(1, pixelRatio)
  const cap = Math.sqrt(16_000_000 / Math.max(1, pageWidth * pageHeight))
  return Math.min(wanted, cap)
}
