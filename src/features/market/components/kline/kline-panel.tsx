import { Trans } from '@lingui/react/macro'
import type { KlinePeriod } from '../../../../contract/market.ts'
import { KlineChart } from './kline-chart'
import { PeriodTabs } from './period-tabs'
import { useKline } from './use-kline'
import { usePairPrecision } from './use-pair-precision'

interface KlinePanelProps {
  symbol: string
  /** The pair's quote coin, the unit of its prices. */
  quote: string
  period: KlinePeriod
  onPeriodChange: (period: KlinePeriod) => void
  /** The plot's height in px (the chart screen's when absent). */
  height?: number
}

/** Period tabs over the chart, with its loading, empty and error states. */
export function KlinePanel({ symbol, quote, period, onPeriodChange, height }: KlinePanelProps) {
  const { candles, status, retry } = useKline(symbol, period)
  const precision = usePairPrecision(symbol)
  return (
    <div className="kline-panel">
      <PeriodTabs period={period} onChange={onPeriodChange} />
      {candles && candles.length > 0 ? (
        // Keyed: a new pair or period is a new chart; ticks only feed it data.
        <KlineChart key={`${symbol}:${period}`} candles={candles} period={period} precision={precision} quote={quote} height={height} />
      ) : status === 'error' ? (
        <div className="kline-panel__state" style={{ height }} role="alert">
          <p><Trans>Could not load the chart.</Trans></p>
          <button type="button" className="button button--small" onClick={retry}><Trans>Retry</Trans></button>
        </div>
      ) : status === 'loading' ? (
        <div className="kline-panel__state" style={{ height }} role="status">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading chart…</Trans>
        </div>
      ) : (
        <div className="kline-panel__state" style={{ height }}><Trans>No candles for this period yet.</Trans></div>
      )}
    </div>
  )
}
