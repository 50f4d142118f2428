// Builds the uPlot instance of the chart screen: time on x, prices on the right, volume in a
// lower band of its own scale; the series draw nothing themselves (draw-candles paints them) but
// give uPlot the ranges, the cursor and the crosshair.
import uPlot from 'uplot'
import { COLUMN, priceAxisLabels, timeAxisLabels, type ChartData } from '../../chart-data'
import { boundsOf, clampWindow, followWindow, initialWindow, MIN_CANDLES, priceFloor, priceRange, volumeRange, type XWindow } from '../../chart-window'
import { cssColour, type Theme } from '../../../../lib/theme'
import { drawCandles, type CandleColours } from './draw-candles'
import { gesturePlugin, windowOf } from './gesture-plugin'

export const CHART_HEIGHT = 300
/** performance.getEntriesByName(FIRST_DRAW) gives the first draw's ms (scripts/bench-chart.mjs). */
export const FIRST_DRAW = 'kline-chart:first-draw'
const CREATE_MARK = 'kline-chart:create'

/** The theme's colours for the canvas (lib/theme): read when the theme changes, and the chart made again with them. */
export interface ChartColours {
  axis: string
  grid: string
  candles: CandleColours
}

// What the stylesheet gives each theme, should a variable read back empty.
const FALLBACK: Record<Theme, ChartColours> = {
  dark: { axis: '#8b93a5', grid: '#1e2430', candles: { up: '#16c784', down: '#f2525a' } },
  light: { axis: '#555d6e', grid: '#eceef2', candles: { up: '#08794e', down: '#c92a3b' } },
}

/** The colours of `theme`, the one the page shows now (data-theme on <html>, set before React hears of it). */
export function themeColours(theme: Theme): ChartColours {
  const fallback = FALLBACK[theme]
  return {
    axis: cssColour('--muted', fallback.axis),
    grid: cssColour('--surface-2', fallback.grid),
    candles: { up: cssColour('--up', fallback.candles.up), down: cssColour('--down', fallback.candles.down) },
  }
}

const hidden = { paths: () => null, points: { show: false } }

/**
 * The axes' text size in CSS px: 0.75rem, so it follows the user's default font size like every
 * other text (12 px at the default 16, 24 px at 32); never under 12 px. Read when the chart is
 * made: a new font setting comes with a reload.
 */
export function axisFontPx(): number {
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize)
  return Math.max(12, (Number.isFinite(root) ? root : 16) * 0.75)
}

/** The price axis as wide as its longest label (a larger text, a price with more digits), so no label is cut. */
const fitLabels = (u: uPlot, values: string[] | null, axisIndex: number): number => {
  const axis = u.axes[axisIndex]!
  const longest = (values ?? []).reduce((widest, value) => (value.length > widest.length ? value : widest), '')
  // uPlot keeps an axis's font as [the font at the device's pixel ratio, its size]: measured in device px.
  u.ctx.font = (axis.font as unknown as [string])[0]
  return Math.ceil(u.ctx.measureText(longest).width / devicePixelRatio + (axis.gap ?? 5) * 2)
}

export function createChart(
  target: HTMLElement, data: ChartData, step: number, onCursor: (index: number | null) => void, colours: ChartColours, height = CHART_HEIGHT,
  onWindow: (view: XWindow) => void = () => undefined,
): uPlot {
  const view = initialWindow(data[COLUMN.time], step)
  const font = axisFontPx()
  const AXIS = { stroke: colours.axis, font: `${font}px system-ui, sans-serif`, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } }
  const options: uPlot.Options = {
    width: target.clientWidth,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: true, min: view.min, max: view.max },
      y: { range: (_u, low, high) => priceRange(low, high) },
      vol: { range: (_u, _low, high) => volumeRange(high) },
    },
    series: [
      {},
      { label: 'open', scale: 'y', ...hidden },
      { label: 'high', scale: 'y', ...hidden },
      { label: 'low', scale: 'y', ...hidden },
      { label: 'close', scale: 'y', ...hidden },
      { label: 'volume', scale: 'vol', ...hidden },
    ],
    axes: [
      // Time labels ('14:00', '11-27') are about four characters wide: room for five between ticks.
      { ...AXIS, space: font * 5, size: Math.ceil(font * 2.5), values: (_u, ticks, _axis, _space, increment) => timeAxisLabels(ticks, increment) },
      {
        ...AXIS,
        scale: 'y',
        side: 1,
        space: font * 2.5,
        size: fitLabels,
        values: (u, ticks, _axis, _space, increment) =>
          priceAxisLabels(ticks, increment, priceFloor(u.scales.y?.min ?? 0, u.scales.y?.max ?? 0)),
      },
    ],
    hooks: {
      draw: [(u) => drawCandles(u, step, colours.candles)],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
      setScale: [(u, key) => key === 'x' && onWindow(windowOf(u))],
      ready: [() => performance.measure(FIRST_DRAW, { start: CREATE_MARK, detail: { candles: data[COLUMN.time].length } })],
    },
    plugins: [gesturePlugin(step)],
  }
  // One entry per screen: the newest chart's first draw is the one worth reading.
  performance.clearMarks(CREATE_MARK)
  performance.clearMeasures(FIRST_DRAW)
  performance.mark(CREATE_MARK)
  return new uPlot(options, data as unknown as uPlot.AlignedData, target)
}

/**
 * New candles into the live chart without recreating it (no flicker): the window follows the
 * newest candle when it showed it, and uPlot re-ranges the prices to what is visible.
 */
export function updateChart(u: uPlot, data: ChartData, step: number): void {
  const times = data[COLUMN.time]
  const previous = u.data[0]
  const view = followWindow(
    windowOf(u),
    previous[previous.length - 1] ?? 0,
    times[times.length - 1] ?? 0,
  )
  u.batch(() => {
    u.setData(data as unknown as uPlot.AlignedData, false)
    u.setScale('x', clampWindow(view, boundsOf(times, step), MIN_CANDLES * step))
  })
}
