// The candlestick + volume painter, run on uPlot's draw hook. Every shape is an integer-aligned
// rectangle added to one Path2D per colour and kind, so a frame is six fills however many candles
// are visible: this is what keeps the first draw of 2000 candles inside its budget.
import type uPlot from 'uplot'
import { COLUMN, candleColourAt, type ChartData } from '../../chart-data'
import { windowOf } from './gesture-plugin'

/** The theme's --up and --down (app/styles.css), read once per chart: a canvas cannot use CSS variables. */
export interface CandleColours {
  up: string
  down: string
}
const VOLUME_ALPHA = 0.45
const BODY_SHARE = 0.7

interface Paths {
  wick: Path2D
  body: Path2D
  volume: Path2D
}
const newPaths = (): Paths => ({ wick: new Path2D(), body: new Path2D(), volume: new Path2D() })

/** The visible index range; uPlot keeps it on the x series after each scale change. */
function visible(u: uPlot, count: number): [number, number] {
  const [first, last] = u.series[0]?.idxs ?? []
  return [Math.max(0, first ?? 0), Math.min(count - 1, last ?? count - 1)]
}

export function drawCandles(u: uPlot, step: number, colours: CandleColours): void {
  const data = u.data as unknown as ChartData
  const count = data[COLUMN.time].length
  const { min, max } = windowOf(u)
  if (count === 0 || max <= min) return
  const { left, top, width, height } = u.bbox
  const pixelsPerCandle = (step * width) / (max - min)
  const bodyWidth = Math.max(1, Math.floor(pixelsPerCandle * BODY_SHARE))
  const wickWidth = Math.max(1, Math.round(devicePixelRatio))
  const base = Math.round(u.valToPos(0, 'vol', true))
  const y = (column: number, i: number) => Math.round(u.valToPos(data[column]![i]!, 'y', true))
  const paths = { up: newPaths(), down: newPaths() }
  const [first, last] = visible(u, count)
  for (let i = first; i <= last; i++) {
    const target = paths[candleColourAt(data, i)]
    const x = Math.round(u.valToPos(data[COLUMN.time][i]!, 'x', true))
    const [open, close, high, low] = [y(COLUMN.open, i), y(COLUMN.close, i), y(COLUMN.high, i), y(COLUMN.low, i)]
    const bodyLeft = x - Math.floor(bodyWidth / 2)
    target.wick.rect(x - Math.floor(wickWidth / 2), high, wickWidth, Math.max(1, low - high))
    target.body.rect(bodyLeft, Math.min(open, close), bodyWidth, Math.max(1, Math.abs(close - open)))
    const volumeTop = Math.round(u.valToPos(data[COLUMN.volume][i]!, 'vol', true))
    target.volume.rect(bodyLeft, volumeTop, bodyWidth, base - volumeTop)
  }
  const { ctx } = u
  ctx.save()
  ctx.beginPath()
  ctx.rect(left, top, width, height)
  ctx.clip()
  for (const colour of ['up', 'down'] as const) {
    ctx.fillStyle = colours[colour]
    ctx.globalAlpha = VOLUME_ALPHA
    ctx.fill(paths[colour].volume)
    ctx.globalAlpha = 1
    ctx.fill(paths[colour].wick)
    ctx.fill(paths[colour].body)
  }
  ctx.restore()
}
