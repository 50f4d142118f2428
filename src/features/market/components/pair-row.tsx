import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { memo } from 'react'
import { formatPercent, formatPrice, formatVolume } from '../../../lib/format'
import { useAtomValue } from '../../../lib/store'
import { ChangeText } from '../../../lib/ui/change-text'
import { pairFamily } from '../atoms'
import { changePercent, pairSearch, trendOf } from '../logic'

/**
 * One pair of the market list. It reads only its own pair's atom, so a tick re-renders the rows
 * whose values changed and no other (memo keeps a re-rendered list from re-rendering its rows).
 * The link covers the whole row (CSS), so a tap anywhere on it opens the chart. The price is read
 * with its unit and the change with a word ("61,234.56 USDT", "up 2.05%"), and neither is a live
 * region: a list that moves every 5 s is read when the trader comes to it.
 */
export const PairRow = memo(function PairRow({ symbol }: { symbol: string }) {
  const pair = useAtomValue(pairFamily(symbol))
  if (!pair) return null
  const { open, close, vol } = pair.tick
  const trend = trendOf(open, close)
  // The feed's vol is the quote coin's turnover (USDT), unlike the chart's base-coin amount: say so.
  const volume = formatVolume(vol, pair.quoteCoin)
  return (
    <div role="row" className="pair-row">
      <div role="rowheader" className="pair-row__pair">
        <img className="pair-row__logo" src={pair.logo} alt="" width={28} height={28} loading="lazy" decoding="async" />
        <div className="pair-row__names">
          <Link to="/market/kline" search={pairSearch(pair)} className="pair-row__link">
            <strong>{pair.baseCoin}</strong>
            <span className="muted">/{pair.quoteCoin}</span>
          </Link>
          <span className="pair-row__volume muted">
            <Trans>Vol {volume}</Trans>
          </span>
        </div>
      </div>
      <div role="cell" className={`pair-row__price trend trend--${trend}`}>
        {formatPrice(close, pair.precision)}<span className="sr-only"> {pair.quoteCoin}</span>
      </div>
      <div role="cell" className="pair-row__change">
        <span className={`change-badge change-badge--${trend}`}><ChangeText text={formatPercent(changePercent(open, close))} /></span>
      </div>
    </div>
  )
})
