import { useLingui } from '@lingui/react/macro'
import { toast } from '../toast'

/**
 * Submissions of the profile area, account security and the address book are never queued
 * (architecture §4): offline they are refused with a clear message and nothing is sent. Returns
 * true when it refused.
 */
export function useRefuseOffline() {
  const { t } = useLingui()
  return (): boolean => {
    if (navigator.onLine) return false
    toast.error(t`You are offline. This is only sent with a connection; please try again when you are back online.`)
    return true
  }
}
