import { describe, expect, it } from 'vitest'
import {
  boundsOf, clampWindow, followWindow, initialWindow, INITIAL_CANDLES, panWindow, priceFloor, priceRange, volumeRange,
  VOLUME_BAND, zoomWindow,
} from '../../src/features/market/chart-window'

const step = 60
const times = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i * step)
const last = times.at(-1)!
const bounds = boundsOf(times, step)

describe('the visible window', () => {
  it('bounds the data with half a period either side', () => {
    expect(bounds).toEqual({ min: 1_000_000 - 30, max: last + 30 })
  })
  it('opens on the newest candles', () => {
    const window = initialWindow(times, step)
    expect(window.max).toBe(last + 30)
    expect((window.max - window.min) / step).toBe(INITIAL_CANDLES)
    expect(initialWindow(times.slice(0, 10), step)).toEqual(boundsOf(times.slice(0, 10), step))
  })
  it('zooms around the anchor, which stays at the same place', () => {
    const window = { min: 1_060_000, max: 1_066_000 }
    const zoomed = zoomWindow(window, 0.5, 1_063_000, bounds, 12 * step)
    expect(zoomed).toEqual({ min: 1_061_500, max: 1_064_500 })
  })
  it('never zooms closer than the minimum span nor wider than the data', () => {
    const window = { min: 1_060_000, max: 1_066_000 }
    expect(zoomWindow(window, 0.001, 1_063_000, bounds, 720).max - zoomWindow(window, 0.001, 1_063_000, bounds, 720).min).toBe(720)
    expect(zoomWindow(window, 1000, 1_063_000, bounds, 720)).toEqual(bounds)
  })
  it('pans and stops at either end', () => {
    const window = { min: 1_060_000, max: 1_066_000 }
    expect(panWindow(window, 600, bounds)).toEqual({ min: 1_060_600, max: 1_066_600 })
    expect(panWindow(window, 1e9, bounds)).toEqual({ min: bounds.max - 6000, max: bounds.max })
    expect(panWindow(window, -1e9, bounds)).toEqual({ min: bounds.min, max: bounds.min + 6000 })
  })
  it('clamps a window to the data', () => {
    expect(clampWindow({ min: 0, max: 10 }, { min: 100, max: 200 }, 20)).toEqual({ min: 100, max: 120 })
  })
  it('follows a new candle when the newest was in view, stays when the user looks at history', () => {
    const live = { min: last - 5400, max: last + 30 }
    expect(followWindow(live, last, last + step)).toEqual({ min: live.min + step, max: live.max + step })
    const history = { min: 1_010_000, max: 1_016_000 }
    expect(followWindow(history, last, last + step)).toBe(history)
    expect(followWindow(live, last, last)).toBe(live)
  })
})

describe('price and volume bands', () => {
  it('keeps prices above the volume band', () => {
    const [min, max] = priceRange(100, 110)
    expect(max).toBeGreaterThan(110)
    const lowestPriceShare = (100 - min) / (max - min)
    expect(lowestPriceShare).toBeGreaterThan(VOLUME_BAND)
    expect(priceFloor(min, max)).toBeCloseTo(100)
  })
  it('gives a flat price a range', () => {
    const [min, max] = priceRange(5, 5)
    expect(min).toBeLessThan(5)
    expect(max).toBeGreaterThan(5)
  })
  it('lets the largest volume reach the top of its band', () => {
    expect(volumeRange(44)).toEqual([0, 44 / VOLUME_BAND])
    expect(volumeRange(0)[1]).toBeGreaterThan(0)
  })
})
