// Builds the uPlot instance of the chart screen: time on x, prices on the right, volume in a
// lower band of its own scale; the series draw nothing themselves (draw-candles paints them) but
// give uPlot the ranges, the cursor and the crosshair.
import uPlot from 'uplot'
import { COLUMN, priceAxisLabels, timeAxisLabels, type ChartData } from '../../chart-data'
import { boundsOf, clampWindow, followWindow, initialWindow, MIN_CANDLES, priceFloor, priceRange, volumeRange } from '../../chart-window'
import { drawCandles } from './draw-candles'
import { gesturePlugin, windowOf } from './gesture-plugin'

export const CHART_HEIGHT = 300
/** performance.getEntriesByName(FIRST_DRAW) gives the first draw's ms (scripts/bench-chart.mjs). */
export const FIRST_DRAW = 'kline-chart:first-draw'
const CREATE_MARK = 'kline-chart:create'

const AXIS = { stroke: '#8b93a5', font: '11px system-ui, sans-serif', grid: { stroke: '#1e2430', width: 1 }, ticks: { show: false } }
const hidden = { paths: () => null, points: { show: false } }

export function createChart(
  target: HTMLElement, data: ChartData, step: number, onCursor: (index: number | null) => void, height = CHART_HEIGHT,
): uPlot {
  const view = initialWindow(data[COLUMN.time], step)
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
      { ...AXIS, space: 60, size: 30, values: (_u, ticks, _axis, _space, increment) => timeAxisLabels(ticks, increment) },
      {
        ...AXIS,
        scale: 'y',
        side: 1,
        size: 64,
        values: (u, ticks, _axis, _space, increment) =>
          priceAxisLabels(ticks, increment, priceFloor(u.scales.y?.min ?? 0, u.scales.y?.max ?? 0)),
      },
    ],
    hooks: {
      draw: [(u) => drawCandles(u, step)],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
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
