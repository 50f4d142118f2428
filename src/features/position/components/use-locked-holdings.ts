import { useAtomValue, useSetAtom } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchSubscriptions } from '../../launch/api'
import { noteClockAtom, subscriptionsVersionAtom } from '../../launch/atoms'
import { useServerNow } from '../../launch/components/use-server-now'
import type { Subscription } from '../../launch/model'
import { lockedHoldings } from '../logic'

/** Pages of "my subscriptions" read at most: a LOCKED one is recent (locks last days), so it is on the first pages. */
const MAX_PAGES = 5

/** Every subscription on the first pages, newest first, noting the server clock's offset the countdowns run on. */
async function loadRecent(noteClock: (offset: number | null) => void): Promise<Subscription[]> {
  const list: Subscription[] = []
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const answer = await fetchSubscriptions(pageNo)
    if (pageNo === 1) noteClock(answer.offset)
    list.push(...answer.data.list)
    if (answer.data.list.length === 0 || list.length >= answer.data.total) break
  }
  return list
}

/**
 * The launchpad coins the trader holds still locked, on the server's clock (moving every second,
 * so one leaves the list the moment it unlocks), reloaded when a subscription changed.
 */
export function useLockedHoldings() {
  const noteClock = useSetAtom(noteClockAtom)
  const version = useAtomValue(subscriptionsVersionAtom)
  const request = useRequest(`position:launch:${version}`, () => loadRecent(noteClock))
  const now = useServerNow()
  const { state } = request
  return {
    now,
    holdings: state.status === 'ready' ? lockedHoldings(state.data, now) : null,
    error: state.status === 'error' ? state.error : null,
    retry: request.reload,
  }
}
