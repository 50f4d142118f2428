import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { marketTopics, type TradesAnswer } from '../../../../contract/market.ts'
import { formatAmount, formatPrice } from '../../../../lib/format'
import { useAtomValue, useSetAtom } from '../../../../lib/store'
import { tradesFamily } from '../../atoms'
import { AMOUNT_DECIMALS, tradeTime } from '../../chart-legend'
import { useLiveTopic } from './use-live-topic'
import { usePairPrecision } from './use-pair-precision'

const SHOWN = 20

/** The latest market trades, newest first: time, price coloured by the taker's side, amount. */
export function MarketTrades({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const deals = useAtomValue(tradesFamily(symbol))
  const setDeals = useSetAtom(tradesFamily(symbol))
  const failed = useLiveTopic(marketTopics.trades(symbol), (answer) => setDeals((answer as TradesAnswer).data))
  const precision = usePairPrecision(symbol)
  const titleId = useId()
  return (
    <section className="kline-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="kline-card__title"><Trans>Latest trades</Trans></h2>
      {deals?.length === 0 ? (
        <p className="kline-card__state"><Trans>No trades yet.</Trans></p>
      ) : deals ? (
        // Scrolls sideways inside the card when its columns are wider (200 % zoom), as the order book.
        <div className="book-scroll" role="group" aria-labelledby={titleId} tabIndex={0}>
          <table className="book">
            <thead>
              <tr>
                <th scope="col"><Trans>Time</Trans></th>
                <th scope="col"><Trans>Price ({quote})</Trans></th>
                <th scope="col"><Trans>Amount ({base})</Trans></th>
              </tr>
            </thead>
            <tbody>
              {deals.toSorted((a, b) => b.ts - a.ts).slice(0, SHOWN).map((deal) => (
                <tr key={deal['trade-id']}>
                  <td>{tradeTime(deal.ts)}</td>
                  <td className={deal.direction === 'buy' ? 'kline-trend--up' : 'kline-trend--down'}>{formatPrice(deal.price, precision)}</td>
                  <td>{formatAmount(deal.amount, AMOUNT_DECIMALS)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : failed ? (
        <p className="kline-card__state" role="alert"><Trans>Trades could not be loaded; retrying…</Trans></p>
      ) : (
        <p className="kline-card__state" role="status"><Trans>Loading trades…</Trans></p>
      )}
    </section>
  )
}
