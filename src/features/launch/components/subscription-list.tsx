import '../launch.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { PagedList } from '../../../lib/ui/paged-list'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { useEndReached } from '../../../lib/ui/use-end-reached'
import { useOnline } from '../../../lib/ui/use-online'
import { usePages } from '../../../lib/ui/use-pages'
import { usePullToRefresh } from '../../../lib/ui/use-pull-to-refresh'
import { fetchSubscriptions, sell } from '../api'
import { noteClockAtom, subscriptionsChangedAtom, subscriptionsVersionAtom } from '../atoms'
import { saleQuote } from '../../../contract/launch.ts'
import type { Subscription } from '../model'
import { OFFLINE_SELL } from './labels'
import type { SaleRequest } from './sale-summary'
import { SellSheet } from './sell-sheet'
import { SubscriptionRow } from './subscription-row'
import { useServerNow } from './use-server-now'
import { PullNote } from '../../../lib/ui/pull-note'

/**
 * My subscriptions (spec §2, §4), newest first: pull down (or Refresh) reloads page 1, the end
 * pages on. Sell opens a sheet with the sale's figures; offline nothing is sent.
 */
export function SubscriptionList() {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const noteClock = useSetAtom(noteClockAtom)
  const version = useAtomValue(subscriptionsVersionAtom)
  const changed = useSetAtom(subscriptionsChangedAtom)
  const now = useServerNow()
  const load = async (pageNo: number) => {
    const answer = await fetchSubscriptions(pageNo)
    noteClock(answer.offset)
    return answer.data
  }
  const subs = usePages<Subscription>('subscriptions', load, { version })
  const pull = usePullToRefresh(subs.refresh)
  const { pages, pending } = subs
  const endRef = useEndReached<HTMLDivElement>(!!pages && !pages.noMore && pages.error === null, pages?.list.length ?? 0, subs.loadMore)
  const call = useConfirmedCall(
    (request: SaleRequest, key: string) => sell({ id: request.id, quantity: request.quantity, tradePassword: request.tradePassword }, key),
    (request) => `${request.id}:${request.quantity}`,
    () => {
      toast.success(t`Sold. The USDT is in your spot account.`)
      changed()
    },
  )
  const review = (sub: Subscription) => {
    if (!navigator.onLine) return void toast.error(OFFLINE_SELL)
    call.review({ id: sub.id, symbol: sub.symbol, quantity: sub.sellable, quote: saleQuote(sub.sellable, sub.price, sub.terms.feeRate), tradePassword: '' })
  }
  // The connection may go while the sheet is open: refused, nothing sent, the sheet stays. A
  // refusal (a wrong fund password) leaves the sheet open to be corrected; the same sale keeps its key.
  const confirm = (request: SaleRequest) => (navigator.onLine ? void call.confirmWith(request) : void toast.error(OFFLINE_SELL))
  return (
    <section className="launch-list" aria-label={t`My subscriptions`}>
      <PullNote distance={pull.distance} ready={pull.ready} />
      <div className="launch-list__bar">
        {!online && <p className="launch-offline" role="note">{i18n._(OFFLINE_SELL)}</p>}
        <button type="button" className="button button--text button--small" onClick={subs.refresh} disabled={pending !== null || !pages}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <PagedList label={t`Subscriptions`} pages={pages} pending={pending} empty={<Trans>You have not joined any project yet.</Trans>}
        renderItem={(sub) => <SubscriptionRow key={sub.id} subscription={sub} now={now} onSell={review} />} onRetry={subs.retry} onMore={subs.loadMore} endRef={endRef} />
      {call.request && (
        <SellSheet request={call.request} busy={call.busy} onConfirm={confirm} onCancel={call.cancel} />
      )}
    </section>
  )
}
