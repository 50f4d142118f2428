import { isLoggedInAtom } from '../../../lib/session'
import { useAtomValue } from '../../../lib/store'
import { useRequest } from '../../../lib/ui/use-request'
import { fetchUnread } from '../api'

/** The inbox's unread count for /me's Messages entry; null while unknown or logged out. */
export function useUnread(): number | null {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const request = useRequest(loggedIn ? 'unread' : null, fetchUnread)
  return request.state.status === 'ready' ? request.state.data.unread : null
}
