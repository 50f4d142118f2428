import { Trans } from '@lingui/react/macro'
import type { Candle } from '../../../../contract/market.ts'
import { candleLegend } from '../../chart-legend'

/** The crosshair's candle (or the newest): time, OHLC, volume and turnover. */
export function CandleLegend({ candle, precision }: { candle: Candle; precision: number }) {
  const legend = candleLegend(candle, precision)
  const price = `kline-trend--${legend.trend}`
  return (
    <dl className="kline-legend" aria-live="off">
      <div className="kline-legend__time">
        <dt className="sr-only"><Trans>Time</Trans></dt>
        <dd>{legend.time}</dd>
      </div>
      <div><dt><Trans context="a candle's opening price">Open</Trans></dt><dd className={price}>{legend.open}</dd></div>
      <div><dt><Trans>High</Trans></dt><dd className={price}>{legend.high}</dd></div>
      <div><dt><Trans>Low</Trans></dt><dd className={price}>{legend.low}</dd></div>
      <div><dt><Trans>Close</Trans></dt><dd className={price}>{legend.close}</dd></div>
      <div><dt><Trans>Volume</Trans></dt><dd>{legend.volume}</dd></div>
      <div><dt><Trans>Turnover</Trans></dt><dd>{legend.turnover}</dd></div>
    </dl>
  )
}
