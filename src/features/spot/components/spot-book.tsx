import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type CSSProperties } from 'react'
import { DEFAULT_DEPTH_TYPE, DEPTH_COMPACT, DEPTH_SIZE, DEPTH_TYPES, type DepthType } from '../../../contract/market.ts'
import { depthBook, type DepthRow } from '../../../lib/depth-book'
import { coinText, formatPrice } from '../../../lib/format'
import { stepPrecision, stepSize, type PairRules } from '../logic'
import { useSpotBook } from './use-spot-book'

interface SpotBookProps {
  rules: PairRules
  lastPrice: string | null
  trend: 'up' | 'down' | 'flat'
  /** 20 levels a side instead of 5. */
  full: boolean
  onFullChange: (full: boolean) => void
  /** A tap on a level hands its price to the order form. */
  onPick: (price: string) => void
}

/**
 * The pair's book (the feed's depth merged with the users' orders): asks above with the best
 * nearest the middle, the last price, bids below; depth bars of the running total; levels grouped
 * on a chosen price grid. Live on the 5 s tick.
 */
export function SpotBook({ rules, lastPrice, trend, full, onFullChange, onPick }: SpotBookProps) {
  const { t } = useLingui()
  const [type, setType] = useState<DepthType>(DEFAULT_DEPTH_TYPE)
  const size = full ? DEPTH_SIZE : DEPTH_COMPACT
  const { book, failed } = useSpotBook(rules.symbol, type, size)
  const rows = book && depthBook(book, size, stepPrecision(rules.pricePrecision, type), rules.amountPrecision)
  const empty = rows && rows.asks.length === 0 && rows.bids.length === 0
  const levels = t({ message: 'levels a side', context: 'order book: read after the number of price levels shown on each side (5 or 20)' })
  const level = (side: 'ask' | 'bid') => (row: DepthRow, index: number) => (
    // A level's index is its identity: prices move between ticks, the row stays.
    <li key={index}>
      <button type="button" className={`spot-level spot-level--${side}`} style={{ '--depth': row.share } as CSSProperties}
        onClick={() => onPick(row.rawPrice)}>
        {/* Named by its content, not an aria-label, so the name holds what is seen (a label that
            differs from the visible text fails speech input and Lighthouse's accessibility). */}
        <span className="sr-only">{t`Price ${row.price}, amount ${row.amount}`}</span>
        <span className="spot-level__price" aria-hidden="true">{row.price}</span>
        <span aria-hidden="true">{row.amount}</span>
        {full && <span aria-hidden="true">{row.total}</span>}
      </button>
    </li>
  )
  return (
    <section className={full ? 'spot-book spot-book--full' : 'spot-book'} aria-label={t`Order book`}>
      <div className="spot-book__tools">
        <select className="spot-book__step" value={type} onChange={(event) => setType(event.target.value as DepthType)} aria-label={t`Price step`}>
          {DEPTH_TYPES.map((step) => <option key={step} value={step}>{coinText(stepSize(rules.pricePrecision, step))}</option>)}
        </select>
        <div className="spot-toggle" role="group" aria-label={t`Levels shown`}>
          {/* Named by the number shown, then what it counts (WCAG 2.5.3: a voice user says "20"). */}
          <button type="button" aria-pressed={!full} onClick={() => onFullChange(false)}>{DEPTH_COMPACT}<span className="sr-only">, {levels}</span></button>
          <button type="button" aria-pressed={full} onClick={() => onFullChange(true)}>{DEPTH_SIZE}<span className="sr-only">, {levels}</span></button>
        </div>
      </div>
      <p className="spot-book__head" aria-hidden="true">
        <span><Trans>Price ({rules.quote})</Trans></span>
        <span><Trans>Amount ({rules.base})</Trans></span>
        {full && <span><Trans>Total ({rules.base})</Trans></span>}
      </p>
      {rows && !empty ? (
        <>
          <ol className="spot-book__levels" aria-label={t`Asks`}>{rows.asks.toReversed().map(level('ask'))}</ol>
          <p className={`spot-book__last trend--${trend}`}>
            <span className="sr-only"><Trans>Last price</Trans> </span>{formatPrice(lastPrice, rules.pricePrecision)}
            {lastPrice !== null && <span className="sr-only"> {rules.quote}</span>}
          </p>
          <ol className="spot-book__levels" aria-label={t`Bids`}>{rows.bids.map(level('bid'))}</ol>
        </>
      ) : empty ? (
        <p className="spot-book__state" role="status"><Trans>No orders in the book yet.</Trans></p>
      ) : failed ? (
        <p className="spot-book__state" role="alert"><Trans>The order book could not be loaded; retrying…</Trans></p>
      ) : (
        <p className="spot-book__state" role="status"><Trans>Loading order book…</Trans></p>
      )}
      {failed && rows && <p className="spot-book__stale muted" role="status"><Trans>Not refreshed: showing the last book.</Trans></p>}
    </section>
  )
}
