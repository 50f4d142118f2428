import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type CSSProperties } from 'react'
import { DEPTH_COMPACT, DEPTH_SIZE, marketTopics, type DepthAnswer } from '../../../../contract/market.ts'
import { formatPrice } from '../../../../lib/format'
import { useAtomValue, useSetAtom } from '../../../../lib/store'
import { depthFamily, detailsFamily } from '../../atoms'
import { depthBook, type DepthRow } from '../../chart-depth'
import { trendOf } from '../../logic'
import { useLiveTopic } from './use-live-topic'
import { usePairPrecision } from './use-pair-precision'

function Rows({ rows, side }: { rows: DepthRow[]; side: 'ask' | 'bid' }) {
  return rows.map((row, index) => (
    // A level's index is its identity: prices move between ticks, the row stays.
    <tr key={index} className={`book__row book__row--${side}`} style={{ '--depth': row.share } as CSSProperties}>
      <td className="book__price">{row.price}</td>
      <td>{row.amount}</td>
      <td>{row.total}</td>
    </tr>
  ))
}

/** Asks above (best nearest the middle), the latest price, bids below; 5 or 20 levels a side. */
export function OrderBook({ symbol, base, quote }: { symbol: string; base: string; quote: string }) {
  const { t } = useLingui()
  const [full, setFull] = useState(false)
  const depth = useAtomValue(depthFamily(symbol))
  const setDepth = useSetAtom(depthFamily(symbol))
  const failed = useLiveTopic(marketTopics.depth(symbol), (answer) => setDepth((answer as DepthAnswer).tick))
  const tick = useAtomValue(detailsFamily(symbol))
  const precision = usePairPrecision(symbol)
  const book = depth ? depthBook(depth, full ? DEPTH_SIZE : DEPTH_COMPACT, precision) : null
  const titleId = useId()
  return (
    <section className="kline-card" aria-labelledby={titleId}>
      <div className="kline-card__head">
        <h2 id={titleId} className="kline-card__title"><Trans>Order book</Trans></h2>
        <div className="kline-toggle" role="group" aria-label={t`Levels shown`}>
          <button type="button" aria-pressed={!full} onClick={() => setFull(false)}><Trans>Compact</Trans></button>
          <button type="button" aria-pressed={full} onClick={() => setFull(true)}><Trans>Full</Trans></button>
        </div>
      </div>
      {book ? (
        // Scrolls sideways inside the card when its columns are wider (200 % zoom): focusable, so a
        // keyboard can scroll it too.
        <div className="book-scroll" role="group" aria-labelledby={titleId} tabIndex={0}>
          <table className="book">
            <thead>
              <tr>
                <th scope="col"><Trans>Price ({quote})</Trans></th>
                <th scope="col"><Trans>Amount ({base})</Trans></th>
                <th scope="col"><Trans>Total ({base})</Trans></th>
              </tr>
            </thead>
            <tbody aria-label={t`Asks`}>
              <Rows rows={book.asks.toReversed()} side="ask" />
            </tbody>
            <tbody aria-label={t`Latest price`}>
              <tr>
                <td colSpan={3} className={`book__last kline-trend--${tick ? trendOf(tick.open, tick.close) : 'flat'}`}>
                  {formatPrice(tick?.close, precision)}
                </td>
              </tr>
            </tbody>
            <tbody aria-label={t`Bids`}>
              <Rows rows={book.bids} side="bid" />
            </tbody>
          </table>
        </div>
      ) : failed ? (
        <p className="kline-card__state" role="alert"><Trans>The order book could not be loaded; retrying…</Trans></p>
      ) : (
        <p className="kline-card__state" role="status"><Trans>Loading order book…</Trans></p>
      )}
    </section>
  )
}
