import '../spot.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { MARKET_POLL_MS } from '../../../contract/market.ts'
import type { SpotOrder } from '../../../contract/spot.ts'
import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { usePages } from '../../../lib/ui/use-pages'
import { fetchOpenOrders } from '../api'
import { ordersVersionAtom } from '../atoms'
import { OrderList } from './order-list'
import { useFillWatch } from './use-fill-watch'
import { VisitorNote } from '../../../lib/ui/visitor-note'

/** The caller's untriggered and open orders under the form: this pair's, or every pair's. */
export function CurrentOrders({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const [allPairs, setAllPairs] = useState(false)
  return (
    <section className="spot-orders" aria-label={t`Current orders`}>
      <div className="spot-orders__head">
        <h2 className="spot-heading"><Trans>Current orders</Trans></h2>
        {loggedIn && (
          <label className="checkbox spot-orders__all">
            <input type="checkbox" checked={allPairs} onChange={(event) => setAllPairs(event.target.checked)} />
            <Trans>All pairs</Trans>
          </label>
        )}
        <Link to="/trade/record" className="spot-orders__link"><Trans context="spot orders filled or cancelled">Order history</Trans></Link>
      </div>
      {loggedIn ? <OpenOrders symbol={allPairs ? undefined : symbol} /> : <VisitorNote />}
    </section>
  )
}

function OpenOrders({ symbol }: { symbol: string | undefined }) {
  const { t } = useLingui()
  const version = useAtomValue(ordersVersionAtom)
  const load = async (pageNo: number) => {
    const page = await fetchOpenOrders(symbol, pageNo)
    return { list: page.list, total: page.sum }
  }
  // Refreshed on the spec's 5 s tick: resting orders fill while the screen shows.
  const open = usePages<SpotOrder>(`open:${symbol ?? '*'}`, load, { version, tickMs: MARKET_POLL_MS })
  useFillWatch(open.pages?.list)
  return (
    <OrderList label={t`Current orders`} pages={open.pages} pending={open.pending} empty={<Trans context="spot orders in the book">No open orders.</Trans>}
      onRetry={open.retry} onMore={open.loadMore} />
  )
}
