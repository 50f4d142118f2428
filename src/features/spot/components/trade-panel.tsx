import '../spot.css'
import { useState } from 'react'
import type { SpotPair, SpotSide } from '../pair-search'
import { availableOf, pairRules, spentCurrency, trendOf } from '../logic'
import { OrderForm } from './order-form'
import { SpotBook } from './spot-book'
import { usePairTick } from '../../../lib/ui/use-pair-tick'
import { usePlaceOrder } from './use-place-order'
import { useSpotAccount } from './use-spot-account'
import { useSpotForm } from './use-spot-form'
import { useSpotTerms } from './use-spot-terms'

/**
 * The order form beside the compact book (a tap on a level takes its price); the full book spans
 * the width under the form. The last price fills the form's price and bounds its checks.
 */
export function TradePanel({ pair, onSideChange }: { pair: SpotPair; onSideChange: (side: SpotSide) => void }) {
  const [fullBook, setFullBook] = useState(false)
  const rules = pairRules(pair)
  const tick = usePairTick(pair.symbol)
  const lastPrice = tick?.close ?? null
  const { terms, failed, retry } = useSpotTerms(lastPrice)
  const account = useSpotAccount()
  const state = useSpotForm(pair, lastPrice)
  const placing = usePlaceOrder(account.loggedIn, () => {
    state.clearAmounts()
    void account.reload()
  })
  const spent = spentCurrency(state.form.side, pair)
  return (
    <div className={fullBook ? 'spot-trade spot-trade--full-book' : 'spot-trade'}>
      <OrderForm rules={rules} terms={terms} termsFailed={failed} onRetryTerms={retry} spent={spent} state={state} placing={placing}
        balance={{ available: availableOf(account.rows, spent), failed: account.error !== null, retry: () => void account.reload() }}
        onSideChange={onSideChange} />
      <SpotBook rules={rules} lastPrice={lastPrice} trend={tick ? trendOf(tick.open, tick.close) : 'flat'} full={fullBook}
        onFullChange={setFullBook} onPick={state.pick} />
    </div>
  )
}
