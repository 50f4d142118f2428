import '../spot.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { percentChangeText } from '../../../lib/decimal-text'
import { formatPercent, formatPrice, PLACEHOLDER } from '../../../lib/format'
import { pricePrecisionOf, trendOf } from '../logic'
import { usePairTick } from './use-pair-tick'

/** The pair, its last price and 24 h change, high and low, live on the 5 s tick. */
export function PairHeader({ pair }: { pair: { symbol: string; base: string; quote: string } }) {
  const { t } = useLingui()
  const tick = usePairTick(pair.symbol)
  const precision = pricePrecisionOf(pair.symbol)
  const trend = tick ? trendOf(tick.open, tick.close) : 'flat'
  const change = tick ? percentChangeText(tick.open, tick.close) : null
  return (
    <section className="spot-pair" aria-label={t`Price of ${pair.base}/${pair.quote}`}>
      <div className="spot-pair__main">
        <p className="spot-pair__name">{pair.base}<span className="muted">/{pair.quote}</span></p>
        <p className={`spot-pair__price trend--${trend}`} data-testid="spot-last-price">{formatPrice(tick?.close, precision)}</p>
        <p className={`spot-pair__change trend--${trend}`}>{change === null ? PLACEHOLDER : formatPercent(change)}</p>
      </div>
      <dl className="spot-pair__stats">
        <div><dt><Trans>24h high</Trans></dt><dd>{formatPrice(tick?.high, precision)}</dd></div>
        <div><dt><Trans>24h low</Trans></dt><dd>{formatPrice(tick?.low, precision)}</dd></div>
      </dl>
    </section>
  )
}
