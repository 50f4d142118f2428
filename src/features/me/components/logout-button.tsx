import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { isLoggedInAtom, signOutAtom, userIdAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { forgetQueuedTransfers, logout } from '../api'

/** Logs out after a confirmation; the local session ends even when the server cannot be told. */
export function LogoutButton({ onLoggedOut }: { onLoggedOut: () => void }) {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const signOut = useSetAtom(signOutAtom)
  const userId = useAtomValue(userIdAtom)
  const [busy, setBusy] = useState(false)
  if (!loggedIn) return null

  const run = async () => {
    if (!window.confirm(t`Log out of this device?`)) return
    setBusy(true)
    // A failed call (offline, expired token) must not keep anyone logged in on this device.
    await logout().catch(() => undefined)
    await forgetQueuedTransfers(userId).catch(() => undefined)
    signOut()
    setBusy(false)
    toast.success(t`Logged out`)
    onLoggedOut()
  }
  return (
    <button type="button" className="button button--danger button--block" onClick={run} disabled={busy}>
      <Trans>Log out</Trans>
    </button>
  )
}
