import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { isLoggedInAtom, tokenAtom, userIdAtom, userInfoAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { SESSION_CHECK_MS } from '../session-check'
import { fetchCustomerService, fetchUserInfo } from '../session-api'
import { customerServiceAtom } from '../atoms'

/**
 * Keeps the profile in step with the session: the customer-service config once at start, and the
 * user info whenever someone logs in (and on every start, as the stored copy may be stale), then
 * every SESSION_CHECK_MS while the app is visible and online, and when it shows again or the
 * network returns. Hidden or offline, nothing is sent. A failure keeps what is shown; an expired
 * session is handled by the api client (code -2). When the session ends, the screen's guard runs
 * again, so a screen that needs a session goes to the login instead of showing the old account.
 */
export function SessionSync() {
  const loggedIn = useAtomValue(isLoggedInAtom)
  const token = useAtomValue(tokenAtom)
  const userId = useAtomValue(userIdAtom)
  const setInfo = useSetAtom(userInfoAtom)
  const setCustomerService = useSetAtom(customerServiceAtom)
  const router = useRouter()
  const wasLoggedIn = useRef(loggedIn)

  useEffect(() => {
    fetchCustomerService().then(setCustomerService, () => undefined)
  }, [setCustomerService])

  useEffect(() => {
    if (!loggedIn) return
    let current = true
    let last = ''
    const load = () =>
      fetchUserInfo(token, userId).then((info) => {
        // The same answer again changes nothing on screen: no new object, no re-render.
        const text = JSON.stringify(info)
        if (current && text !== last) {
          last = text
          setInfo(info)
        }
      }, () => undefined)
    const check = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void load()
    }
    void load()
    const timer = setInterval(check, SESSION_CHECK_MS)
    document.addEventListener('visibilitychange', check)
    window.addEventListener('online', check)
    return () => {
      current = false
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('online', check)
    }
  }, [loggedIn, token, userId, setInfo])

  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) void router.invalidate()
    wasLoggedIn.current = loggedIn
  }, [loggedIn, router])

  return null
}
