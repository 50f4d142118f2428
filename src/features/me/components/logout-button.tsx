import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { isLoggedInAtom, signOutAtom, userIdAtom } from '../../../lib/session'
import { useAtomValue, useSetAtom } from '../../../lib/store'
import { toast } from '../../../lib/toast'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { forgetQueuedTransfers, logout } from '../api'

/**
 * Logs out after the app's confirmation sheet (as every other action; window.confirm was neither
 * translated nor styled); the local session ends even when the server cannot be told.
 */
export function LogoutButton({ onLoggedOut }: { onLoggedOut: () => void }) {
  const { t } = useLingui()
  const loggedIn = useAtomValue(isLoggedInAtom)
  const signOut = useSetAtom(signOutAtom)
  const userId = useAtomValue(userIdAtom)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!loggedIn) return null

  const run = async () => {
    setBusy(true)
    // A failed call (offline, expired token) must not keep anyone logged in on this device.
    await logout().catch(() => undefined)
    await forgetQueuedTransfers(userId).catch(() => undefined)
    signOut()
    setBusy(false)
    setAsking(false)
    toast.success(t`Logged out`)
    onLoggedOut()
  }
  return (
    <>
      <button type="button" className="button button--danger button--block" onClick={() => setAsking(true)} disabled={busy}>
        <Trans>Log out</Trans>
      </button>
      {asking && (
        <ConfirmSheet title={<Trans>Log out of this device?</Trans>} confirmLabel={<Trans>Log out</Trans>} danger busy={busy}
          onConfirm={() => void run()} onCancel={() => setAsking(false)}>
          <p className="muted"><Trans>You will need your email and password to log in again.</Trans></p>
        </ConfirmSheet>
      )}
    </>
  )
}
