import { useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef, useState } from 'react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { PERIOD_SECONDS, type Candle, type KlinePeriod } from '../../../../contract/market.ts'
import { useTheme } from '../../../../lib/theme'
import { toChartData } from '../../chart-data'
import { CandleLegend } from './candle-legend'
import { CHART_HEIGHT, createChart, themeColours, updateChart } from './create-chart'

interface KlineChartProps {
  candles: Candle[]
  period: KlinePeriod
  precision: number
  /** Plot height in px: the chart screen's by default, less where the chart shares a screen. */
  height?: number
}

/**
 * The uPlot chart. It is created once per pair and period (the parent keys it) and then only fed
 * new data, so a tick never rebuilds the canvas; it follows its container's width.
 */
export function KlineChart({ candles, period, precision, height = CHART_HEIGHT }: KlineChartProps) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const [hovered, setHovered] = useState<number | null>(null)
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
    const u = createChart(target, latestData.current, step, setHovered, colours, height)
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
  return (
    <section className="kline-chart" aria-label={t`Chart`}>
      {candle && <CandleLegend candle={candle} precision={precision} />}
      <div ref={box} className="kline-chart__plot" style={{ height }} />
    </section>
  )
}
