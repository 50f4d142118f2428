import '../../seconds/seconds.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ENTRY_STATUS } from '../../../contract/seconds.ts'
import { PagedList } from '../../../lib/ui/paged-list'
import { OrderRow } from '../../seconds/components/order-row'
import { useOrderPages } from '../../seconds/components/use-order-pages'
import { PositionSection } from './position-section'

const RUNNING = { entryStatus: ENTRY_STATUS.open }

/** Seconds orders not settled yet, every pair's, each counting down to its settlement on the server's clock. */
export function SecondsRunning() {
  const { t } = useLingui()
  // Refreshed on the 5 s tick, so an order that settled leaves the list (its result is in the seconds screen).
  const running = useOrderPages(RUNNING)
  return (
    <PositionSection title={<Trans>Seconds orders running</Trans>} to="/action/secondContract" linkLabel={<Trans>Seconds contract</Trans>}>
      <PagedList label={t`Seconds orders running`} pages={running.pages} pending={running.pending}
        empty={<Trans>No seconds orders running.</Trans>} renderItem={(order) => <OrderRow key={order.id} order={order} />}
        onRetry={running.retry} onMore={running.loadMore} />
    </PositionSection>
  )
}
