// The PDF viewer's zoom (lib/ui/pdf-viewer/zoom.ts): limits, button steps, pinch and the canvas cap.
import { describe, expect, it } from 'vitest'
import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, renderScale, zoomIn, zoomOut } from '../../src/lib/ui/pdf-viewer/zoom'

describe('pdf viewer zoom', () => {
  it('keeps the zoom within its limits and treats nonsense as 1', () => {
    expect(clampZoom(10)).toBe(MAX_ZOOM)
    expect(clampZoom(0.01)).toBe(MIN_ZOOM)
    expect(clampZoom(Number.NaN)).toBe(1)
    expect(clampZoom(1.234)).toBe(1.23)
  })

  it('steps in and out by the same factor, stopping at the limits', () => {
    expect(zoomIn(1)).toBe(1.25)
    expect(zoomOut(1.25)).toBe(1)
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM)
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM)
  })

  it('pinches by the ratio of the fingers distance', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2)
    expect(pinchZoom(2, 100, 50)).toBe(1)
    expect(pinchZoom(1, 0, 50)).toBe(1)
    expect(pinchZoom(1, 10, 1000)).toBe(MAX_ZOOM)
  })

  it('renders sharp on dense screens but never beyond a 16 M pixel canvas', () => {
    expect(renderScale(0.5, 1, 2, 600, 800)).toBe(1)
    expect(renderScale(0.5, 1, 0, 600, 800)).toBe(0.5)
    const capped = renderScale(2, 4, 3, 600, 800)
    expect(600 * capped * 800 * capped).toBeLessThanOrEqual(16_000_001)
  })
})
