import '../../spot/spot.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { MARKET_POLL_MS } from '../../../contract/market.ts'
import type { SpotOrder } from '../../../contract/spot.ts'
import { useAtomValue } from '../../../lib/store'
import { usePages } from '../../../lib/ui/use-pages'
import { fetchOpenOrders } from '../../spot/api'
import { ordersVersionAtom } from '../../spot/atoms'
import { OrderList } from '../../spot/components/order-list'
import { PositionSection } from './position-section'

/** Every pair's open orders, page by page. */
async function loadOpenOrders(pageNo: number) {
  const page = await fetchOpenOrders(undefined, pageNo)
  return { list: page.list, total: page.sum }
}

/** Spot orders resting in the book or waiting for their trigger, every pair's, each with its Cancel. */
export function SpotOpenOrders() {
  const { t } = useLingui()
  const version = useAtomValue(ordersVersionAtom)
  // The spot screen's 5 s tick: resting orders fill while this shows.
  const open = usePages<SpotOrder>('position:spot-open', loadOpenOrders, { version, tickMs: MARKET_POLL_MS })
  return (
    <PositionSection title={<Trans>Spot open orders</Trans>} to="/action/trade" linkLabel={<Trans>Spot trading</Trans>}>
      <OrderList label={t`Spot open orders`} pages={open.pages} pending={open.pending} empty={<Trans>No open spot orders.</Trans>}
        onRetry={open.retry} onMore={open.loadMore} />
    </PositionSection>
  )
}
