import '../seconds.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ENTRY_STATUS } from '../../../contract/seconds.ts'
import type { OrderQuery } from '../api'
import { OrderRow } from './order-row'
import { PagedList } from '../../../lib/ui/paged-list'
import { SettlementResults } from './settlement-results'
import { Tabs } from '../../../lib/ui/tabs'
import { useOrderPages } from './use-order-pages'
import { useSettlementWatch } from './use-settlement-watch'

export type OrderTab = 'open' | 'settled'

interface OrderSectionProps {
  /** The pair whose orders to list; absent lists every pair (the record screen). */
  pair?: { base: string; quote: string }
  initialTab?: OrderTab
}

/**
 * Open and settled orders (entryStatus 1 and 2). The open ones are loaded and watched whichever
 * tab shows, so an order that comes due while Settled is open still settles visibly.
 */
export function OrderSection({ pair, initialTab = 'open' }: OrderSectionProps) {
  const { t } = useLingui()
  const [tab, setTab] = useState<OrderTab>(initialTab)
  const scope = pair ? { baseCoin: pair.base, quoteCoin: pair.quote } : {}
  const open = useOrderPages({ entryStatus: ENTRY_STATUS.open, ...scope })
  useSettlementWatch(open.pages?.list)
  const count = open.pages?.list.length
  const tabs = [
    { key: 'open', label: count ? <Trans context="seconds orders still running">Open ({count})</Trans> : <Trans context="seconds orders still running">Open</Trans> },
    { key: 'settled', label: <Trans>Settled</Trans> },
  ] as const
  return (
    <section className="seconds-orders" aria-label={t`Orders`}>
      <SettlementResults />
      <Tabs label={t`Order status`} tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'open' ? (
          <PagedList label={t`Open orders`} pages={open.pages} pending={open.pending} empty={<Trans context="seconds orders still running">No open orders.</Trans>}
            renderItem={(order) => <OrderRow key={order.id} order={order} />} onRetry={open.retry} onMore={open.loadMore} />
        ) : (
          <SettledOrders scope={scope} />
        )}
      </Tabs>
    </section>
  )
}

function SettledOrders({ scope }: { scope: Omit<OrderQuery, 'entryStatus'> }) {
  const { t } = useLingui()
  const settled = useOrderPages({ entryStatus: ENTRY_STATUS.settled, ...scope })
  return (
    <PagedList label={t`Settled orders`} pages={settled.pages} pending={settled.pending} empty={<Trans>No settled orders yet.</Trans>}
      renderItem={(order) => <OrderRow key={order.id} order={order} />} onRetry={settled.retry} onMore={settled.loadMore} />
  )
}
