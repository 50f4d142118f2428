import { useEffect } from 'react'
import { isLoggedInAtom, tokenAtom, userIdAtom, userInfoAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { fetchCustomerService, fetchUserInfo } from '../session-api'
import { customerServiceAtom } from '../atoms'

/**
 * Keeps the profile in step with the session: the customer-service config once at start, and the
 * user info whenever someone logs in (and on every start, as the stored copy may be stale).
 * A failure keeps what is shown; an expired session is handled by the api client (code -2).
 */
export function SessionSync() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const token = useAtomValue(tokenAtom)
  const userId = useAtomValue(userIdAtom)
  const setInfo = useSetAtom(userInfoAtom)
  const setCustomerService = useSetAtom(customerServiceAtom)

  useEffect(() => {
    fetchCustomerService().then(setCustomerService, () => undefined)
  }, [setCustomerService])

  useEffect(() => {
    if (!loggedIn) return
    let current = true
    fetchUserInfo(token, userId).then((info) => current && setInfo(info), () => undefined)
    return () => {
      current = false
    }
  }, [loggedIn, token, userId, setInfo])

  return null
}
