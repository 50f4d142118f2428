import './kline.css'
import '../../../../lib/ui/pair-header.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { marketTopics, type DetailsAnswer } from '../../../../contract/market.ts'
import { formatPercent, formatPrice, formatVolume, PLACEHOLDER } from '../../../../lib/format'
import { useAtomValue, useSetAtom } from '../../../../lib/store'
import { ChangeText } from '../../../../lib/ui/change-text'
import { applyDetailsAtom, detailsFamily } from '../../atoms'
import { changePercent, trendOf } from '../../logic'
import { useMarketTopic } from '../../use-market-topic'
import { usePairPrecision } from './use-pair-precision'

/**
 * The pair's latest price and rolling 24 h (the details topic), refreshed on every tick. Prices are
 * read with their unit and the change with a word; nothing here is a live region (a price moving
 * every 5 s is read when the trader comes to it, not announced). Laid out as the trading screens'
 * pair header (lib/ui/pair-header.css), without its card.
 */
export function KlineHeader({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useLingui()
  const tick = useAtomValue(detailsFamily(symbol))
  const applyDetails = useSetAtom(applyDetailsAtom)
  useMarketTopic(marketTopics.details(symbol), (answer) => applyDetails(symbol, (answer as DetailsAnswer).tick))
  const precision = usePairPrecision(symbol)
  const trend = tick ? trendOf(tick.open, tick.close) : 'flat'
  const unit = tick && <span className="sr-only"> {quote}</span>
  return (
    <section className="kline-header" aria-label={t`24h market`}>
      <div className="pair-header__main">
        <p className={`pair-header__price kline-header__price kline-trend--${trend}`}>{formatPrice(tick?.close, precision)}{unit}</p>
        <p className={`pair-header__change kline-trend--${trend}`}>
          {tick ? <ChangeText text={formatPercent(changePercent(tick.open, tick.close))} /> : PLACEHOLDER}
        </p>
      </div>
      <dl className="pair-header__stats">
        <div><dt><Trans>24h high</Trans></dt><dd>{formatPrice(tick?.high, precision)}{unit}</dd></div>
        <div><dt><Trans>24h low</Trans></dt><dd>{formatPrice(tick?.low, precision)}{unit}</dd></div>
        <div>
          <dt><Trans>24h vol ({base})</Trans></dt>
          <dd>{tick ? formatVolume(tick.amount) : PLACEHOLDER}</dd>
        </div>
      </dl>
    </section>
  )
}
