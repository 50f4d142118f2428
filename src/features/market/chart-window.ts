// The visible time window of the chart and the vertical split between price and volume: pure
// number maths for the zoom/pan gestures and the live follow, kept apart from uPlot to be tested.

/** A window on the time axis, in seconds. */
export interface XWindow {
  min: number
  max: number
}

/** Candles shown when the chart opens: readable bodies on a phone; pinch out for all 2000. */
export const INITIAL_CANDLES = 90
/** The closest zoom: fewer candles than this say nothing about a trend. */
export const MIN_CANDLES = 12
/** The lower share of the plot kept for volume bars; prices stay above it. */
export const VOLUME_BAND = 0.22
const PRICE_BOTTOM = 0.3
const PRICE_TOP_MARGIN = 0.05

/** All candles with half a period either side, so the first and last bodies are not cut. */
export function boundsOf(times: ArrayLike<number>, step: number): XWindow {
  const first = times[0] ?? 0
  const last = times[times.length - 1] ?? first
  return { min: first - step / 2, max: last + step / 2 }
}

/** The newest `count` candles. */
export function initialWindow(times: ArrayLike<number>, step: number, count = INITIAL_CANDLES): XWindow {
  const bounds = boundsOf(times, step)
  const from = times[Math.max(0, times.length - count)] ?? bounds.min
  return { min: from - step / 2, max: bounds.max }
}

/** Keeps a window inside the data and no narrower than `minSpan` (nor wider than the data). */
export function clampWindow(window: XWindow, bounds: XWindow, minSpan: number): XWindow {
  const full = bounds.max - bounds.min
  const span = Math.min(full, Math.max(minSpan, window.max - window.min))
  let min = Math.max(bounds.min, window.min)
  if (min + span > bounds.max) min = bounds.max - span
  return { min, max: min + span }
}

/** Scales the window by `factor` (< 1 zooms in) around `anchor`, which stays under the finger. */
export function zoomWindow(window: XWindow, factor: number, anchor: number, bounds: XWindow, minSpan: number): XWindow {
  const min = anchor - (anchor - window.min) * factor
  const max = anchor + (window.max - anchor) * factor
  return clampWindow({ min, max }, bounds, minSpan)
}

/** Moves the window by `delta` seconds, stopping at either end of the data. */
export function panWindow(window: XWindow, delta: number, bounds: XWindow): XWindow {
  return clampWindow({ min: window.min + delta, max: window.max + delta }, bounds, window.max - window.min)
}

/**
 * After new data: a window that showed the newest candle moves with it, so a live chart keeps
 * its right edge on the latest price; a window the user panned into history stays put.
 */
export function followWindow(window: XWindow, previousLast: number, nextLast: number): XWindow {
  if (window.max < previousLast || nextLast <= previousLast) return window
  const shift = nextLast - previousLast
  return { min: window.min + shift, max: window.max + shift }
}

/** The price scale: visible lows and highs fill the band above the volume bars. */
export function priceRange(low: number, high: number): [number, number] {
  const span = high - low || Math.abs(high) * 0.01 || 1
  const range = span / (1 - PRICE_BOTTOM - PRICE_TOP_MARGIN)
  return [low - range * PRICE_BOTTOM, high + range * PRICE_TOP_MARGIN]
}

/** The price below which the axis is inside the volume band (no price labels there). */
export const priceFloor = (min: number, max: number): number => min + (max - min) * PRICE_BOTTOM

/** The volume scale: the largest visible bar reaches the top of the volume band. */
export function volumeRange(maxVolume: number): [number, number] {
  return [0, (maxVolume > 0 ? maxVolume : 1) / VOLUME_BAND]
}
