import '../seconds.css'
import { useLingui } from '@lingui/react/macro'
import { PAIR_PRECISION } from '../../../contract/market.ts'
import { DEFAULT_PRECISION, percentChangeText } from '../../../lib/decimal-text'
import { formatPercent, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { trendOf } from '../logic'
import { sparkPath } from '../spark'
import { usePairTick } from '../../../lib/ui/use-pair-tick'
import { useSparkCandles } from './use-pair-market'

const SPARK = { width: 120, height: 44 }

/** The pair, its live price and 24 h change, and a sparkline of the last hour's 1-minute closes. */
export function PairHeader({ pair }: { pair: { symbol: string; base: string; quote: string } }) {
  const { t } = useLingui()
  const tick = usePairTick(pair.symbol)
  const spark = sparkPath(useSparkCandles(pair.symbol), SPARK.width, SPARK.height)
  const precision = PAIR_PRECISION[pair.symbol] ?? DEFAULT_PRECISION
  const change = tick ? percentChangeText(tick.open, tick.close) : null
  const trend = trendOf(change)
  return (
    <section className="seconds-pair" aria-label={t`Price of ${pair.base}/${pair.quote}`}>
      <div className="seconds-pair__text">
        <p className="seconds-pair__name">{pair.base}<span className="muted">/{pair.quote}</span></p>
        {/* Browser tests read the figure alone by its test id; a screen reader hears the unit after it. */}
        <p className={`seconds-pair__price seconds-trend--${trend}`}>
          <span data-testid="seconds-price">{formatPrice(tick?.close, precision)}</span>{tick && <span className="sr-only"> {pair.quote}</span>}
        </p>
        <p className={`seconds-pair__change seconds-trend--${trend}`}>{change === null ? PLACEHOLDER : formatPercent(change)}</p>
      </div>
      <svg className={`seconds-spark seconds-trend--${spark?.trend ?? 'flat'}`} viewBox={`0 0 ${SPARK.width} ${SPARK.height}`}
        preserveAspectRatio="none" role="img" aria-label={t`Price over the last hour`}>
        {spark && <path d={spark.path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />}
      </svg>
    </section>
  )
}
