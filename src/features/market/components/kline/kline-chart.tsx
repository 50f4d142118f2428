import { useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef, useState } from 'react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { PERIOD_SECONDS, type Candle, type KlinePeriod } from '../../../../contract/market.ts'
import { useTheme } from '../../../../lib/theme'
import { toChartData } from '../../chart-data'
import { chartSummary } from '../../chart-legend'
import type { XWindow } from '../../chart-window'
import { CandleLegend } from './candle-legend'
import { CHART_HEIGHT, createChart, themeColours, updateChart } from './create-chart'

interface KlineChartProps {
  candles: Candle[]
  period: KlinePeriod
  precision: number
  /** The pair's quote coin: the unit of its prices, read in the chart's text alternative. */
  quote: string
  /** Plot height in px: the chart screen's by default, less where the chart shares a screen. */
  height?: number
}

/**
 * The uPlot chart. It is created once per pair and period (the parent keys it) and then only fed
 * new data, so a tick never rebuilds the canvas; it follows its container's width. A screen reader
 * reads it as an image whose name says the newest candle and the range of the candles in view
 * (kept up to date as the chart moves, but not a live region: it is read when reached).
 */
export function KlineChart({ candles, period, precision, quote, height = CHART_HEIGHT }: KlineChartProps) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const [hovered, setHovered] = useState<number | null>(null)
  // The visible span in whole candles: a pan within one candle changes nothing worth a render.
  const [shownSpan, setShownSpan] = useState<string | null>(null)
  const data = useMemo(() => toChartData(candles), [candles])
  const step = PERIOD_SECONDS[period]
  // The canvas draws in the theme's colours: a new theme makes the chart again, with the data it has.
  const theme = useTheme()
  const colours = useMemo(() => themeColours(theme), [theme])
  const latestData = useRef(data)
  useEffect(() => {
    latestData.current = data
  }, [data])

  useEffect(() => {
    const target = box.current
    if (!target) return
    const onWindow = (view: XWindow) => setShownSpan(`${Math.ceil(view.min / step) * step}:${Math.floor(view.max / step) * step}`)
    const u = createChart(target, latestData.current, step, setHovered, colours, height, onWindow)
    chart.current = u
    const resize = new ResizeObserver(() => {
      if (target.clientWidth > 0 && target.clientWidth !== u.width) u.setSize({ width: target.clientWidth, height })
    })
    resize.observe(target)
    return () => {
      resize.disconnect()
      u.destroy()
      chart.current = null
    }
  }, [step, height, colours])

  useEffect(() => {
    const u = chart.current
    if (u && u.data[0] !== data[0]) updateChart(u, data, step)
  }, [data, step])

  const candle = candles[hovered ?? candles.length - 1] ?? candles.at(-1)
  // Not on every crosshair move: only when the candles or the span in view change.
  const summary = useMemo(() => {
    const [min, max] = shownSpan?.split(':').map(Number) ?? []
    return chartSummary(candles, min === undefined || max === undefined ? null : { min, max }, precision)
  }, [candles, shownSpan, precision])
  let description: string | undefined
  if (summary) {
    // Named, so a translator sees what each placeholder is.
    const { time, open, high, low, close } = summary.latest
    const { shown, low: lowest, high: highest } = summary
    description = t({
      message: `Candlestick chart. Latest candle, ${time}: open ${open}, high ${high}, low ${low}, close ${close} ${quote}. The ${shown} candles shown range from ${lowest} to ${highest} ${quote}.`,
      context: 'the price chart read aloud by a screen reader',
    })
  }
  return (
    <section className="kline-chart" aria-label={t`Chart`}>
      {candle && <CandleLegend candle={candle} precision={precision} />}
      <div ref={box} className="kline-chart__plot" style={{ height }} role="img" aria-label={description} />
    </section>
  )
}
