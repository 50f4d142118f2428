import './pair-header.css'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PAIR_PRECISION } from '../../contract/market.ts'
import { DEFAULT_PRECISION, percentChangeText } from '../decimal-text'
import { formatPercent, formatPrice, PLACEHOLDER } from '../format'
import { trendOf } from '../trend'
import { ChangeText } from './change-text'
import { usePairTick } from './use-pair-tick'

interface PairHeaderProps {
  pair: { symbol: string; base: string; quote: string }
  /** A caption over the price where it is not simply the last trade ("Mark price" on contracts). */
  priceLabel?: ReactNode
  /** Browser tests read the live price by this id (the figure alone, without the unit read after it). */
  priceTestId: string
}

/** The pair, its last price and 24 h change, high and low, live on the 5 s tick (spot and contract trading). */
export function PairHeader({ pair, priceLabel, priceTestId }: PairHeaderProps) {
  const { t } = useLingui()
  const tick = usePairTick(pair.symbol)
  const precision = PAIR_PRECISION[pair.symbol] ?? DEFAULT_PRECISION
  const trend = tick ? trendOf(tick.open, tick.close) : 'flat'
  const change = tick ? percentChangeText(tick.open, tick.close) : null
  return (
    <section className="pair-header" aria-label={t`Price of ${pair.base}/${pair.quote}`}>
      <div className="pair-header__main">
        <p className="pair-header__name">{pair.base}<span className="muted">/{pair.quote}</span></p>
        {priceLabel && <p className="pair-header__caption muted">{priceLabel}</p>}
        {/* Read with its unit and the change with a word ("85,141.12 USDT", "up 2.35%"); not a live
            region: a price that moves every 5 s is read when the trader comes to it, not announced. */}
        <p className={`pair-header__price trend--${trend}`}>
          <span data-testid={priceTestId}>{formatPrice(tick?.close, precision)}</span>{tick && <span className="sr-only"> {pair.quote}</span>}
        </p>
        <p className={`pair-header__change trend--${trend}`}>{change === null ? PLACEHOLDER : <ChangeText text={formatPercent(change)} />}</p>
      </div>
      <dl className="pair-header__stats">
        <div><dt><Trans>24h high</Trans></dt><dd>{formatPrice(tick?.high, precision)}{tick && <span className="sr-only"> {pair.quote}</span>}</dd></div>
        <div><dt><Trans>24h low</Trans></dt><dd>{formatPrice(tick?.low, precision)}{tick && <span className="sr-only"> {pair.quote}</span>}</dd></div>
      </dl>
    </section>
  )
}
