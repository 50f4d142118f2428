import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { PAIR_CATALOGUE, QUOTE_COINS, type QuoteCoin } from '../../../contract/market.ts'
import { useAtomValue } from '../../../lib/store'
import { quoteListFamily, sortedSymbolsAtom } from '../atoms'
import { DEFAULT_SORT, nextSort, type SortState } from '../logic'
import { ListEmpty, ListError, SkeletonRows } from './list-status'
import { PairRow } from './pair-row'
import { QuoteTabs } from './quote-tabs'
import { SortHeader } from './sort-header'
import { useQuoteDetails } from './use-quote-details'

interface MarketListProps {
  quote: QuoteCoin
  onQuoteChange: (quote: QuoteCoin) => void
}

/** The market screen's body (spec §2, /market and /position): quote tabs over the live pair table. */
export function MarketList({ quote, onQuoteChange }: MarketListProps) {
  const { t } = useLingui()
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT)
  useQuoteDetails(quote)
  return (
    <div className="market-list">
      <QuoteTabs quotes={QUOTE_COINS} value={quote} onChange={onQuoteChange} label={t`Quote currency`} />
      <div role="table" aria-label={t`${quote} markets`} className="pair-table">
        <div role="rowgroup">
          <div role="row" className="pair-table__head">
            <SortHeader column="volume" sort={sort} onSort={(key) => setSort(nextSort(sort, key))}
              prefix={<span><Trans>Pair</Trans> / </span>}>
              <Trans>Vol</Trans>
            </SortHeader>
            <SortHeader column="price" sort={sort} onSort={(key) => setSort(nextSort(sort, key))} className="pair-table__header--end">
              <Trans>Price</Trans>
            </SortHeader>
            <SortHeader column="change" sort={sort} onSort={(key) => setSort(nextSort(sort, key))} className="pair-table__header--end">
              <Trans>Change</Trans>
            </SortHeader>
          </div>
        </div>
        <PairRows quote={quote} sort={sort} />
      </div>
    </div>
  )
}

/** The rows in the chosen order; it re-renders only when the order or the list itself changes. */
function PairRows({ quote, sort }: { quote: QuoteCoin; sort: SortState }) {
  const { t } = useLingui()
  const { state } = useAtomValue(quoteListFamily(quote))
  const symbols = useAtomValue(sortedSymbolsAtom(quote, sort))
  let status
  if (state === 'loading') status = <SkeletonRows count={PAIR_CATALOGUE[quote].length} label={t`Loading pairs`} />
  else if (state === 'error') status = <ListError quote={quote} />
  else if (symbols.length === 0) status = <ListEmpty />
  return (
    <div role="rowgroup" className="pair-table__body">
      {status ? (
        // A table holds rows only: the loading, error and empty states sit in a row of their own.
        <div role="row"><div role="cell">{status}</div></div>
      ) : (
        symbols.map((symbol) => <PairRow key={symbol} symbol={symbol} />)
      )}
    </div>
  )
}
