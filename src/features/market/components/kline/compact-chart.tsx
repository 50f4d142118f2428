import './kline.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { DEFAULT_PERIOD, type KlinePeriod } from '../../../../contract/market.ts'
import { KlinePanel } from './kline-panel'

/** Lower than the chart screen's 300 px: on a trading screen the chart shares the height with the form and the book. */
const COMPACT_HEIGHT = 200

/**
 * The chart screen's chart in a card, for screens that trade (spot): the spec's periods, live on
 * the tick. Its own module, so those screens load it (and uPlot) lazily, after their first paint.
 */
export function CompactChart({ symbol, quote }: { symbol: string; quote: string }) {
  const { t } = useLingui()
  const [period, setPeriod] = useState<KlinePeriod>(DEFAULT_PERIOD)
  return (
    <section className="kline-card kline-card--chart" aria-label={t`Price chart`}>
      <h2 className="kline-card__title"><Trans>Chart</Trans></h2>
      <KlinePanel symbol={symbol} quote={quote} period={period} onPeriodChange={setPeriod} height={COMPACT_HEIGHT} />
    </section>
  )
}
