import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { formatPercent, formatPrice } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { ChangeText } from '../../../lib/ui/change-text'
import { pairFamily, quoteListFamily } from '../atoms'
import { changePercent, LEADING_PAIRS, pairSearch, trendOf } from '../logic'
import { ListError } from './list-status'
import { useQuoteDetails } from './use-quote-details'

/**
 * Home's leading USDT pairs with live prices (issue 3). Loaded lazily by the home route: the data
 * layer it brings would not fit the home page's budget (architecture §8) if it came with the first paint.
 */
export function LeadingPairs() {
  const { t } = useLingui()
  useQuoteDetails('USDT')
  const { state } = useAtomValue(quoteListFamily('USDT'))
  if (state === 'error') return <ListError quote="USDT" />
  return (
    <ul className="leading-pairs" aria-label={t`Leading pairs`}>
      {LEADING_PAIRS.map((symbol) => <LeadingPair key={symbol} symbol={symbol} />)}
    </ul>
  )
}

const LeadingPair = memo(function LeadingPair({ symbol }: { symbol: string }) {
  const pair = useAtomValue(pairFamily(symbol))
  if (!pair) {
    return (
      <li className="leading-pair leading-pair--loading" aria-hidden="true">
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--value" />
      </li>
    )
  }
  const { open, close } = pair.tick
  const trend = trendOf(open, close)
  return (
    <li className="leading-pair">
      <Link to="/market/kline" search={pairSearch(pair)} className="leading-pair__link">
        <span className="leading-pair__name">{pair.baseCoin}/{pair.quoteCoin}</span>
        {/* The link's name starts with the pair shown; the price is read with its unit, the change with a word. */}
        <strong className={`leading-pair__price trend trend--${trend}`}>
          {formatPrice(close, pair.precision)}<span className="sr-only"> {pair.quoteCoin}</span>
        </strong>
        <span className={`trend trend--${trend}`}><ChangeText text={formatPercent(changePercent(open, close))} /></span>
      </Link>
    </li>
  )
})
