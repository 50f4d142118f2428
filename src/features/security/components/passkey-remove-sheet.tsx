import { Trans } from '@lingui/react/macro'
import type { PasskeyInfo } from '../../../contract/security.ts'
import { ConfirmSheet } from '../../../lib/ui/confirm-sheet'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { removePasskey } from '../api'

/** Confirms removing a passkey; the device may keep it, but it signs nobody in here any more. */
export function PasskeyRemoveSheet({ passkey, onDone, onCancel }: { passkey: PasskeyInfo; onDone: () => void; onCancel: () => void }) {
  const { busy, run } = useBusyAction()
  const refuseOffline = useRefuseOffline()
  const name = passkey.name
  const remove = () => {
    if (refuseOffline()) return
    void run(async () => {
      await removePasskey(passkey.id)
      onDone()
    })
  }
  return (
    <ConfirmSheet title={<Trans>Remove this passkey?</Trans>} confirmLabel={<Trans context="passkey">Remove</Trans>} danger busy={busy}
      onConfirm={remove} onCancel={onCancel}>
      <p className="muted">
        <Trans>"{name}" will no longer sign you in. You can still sign in with your password, or add the passkey again.</Trans>
      </p>
    </ConfirmSheet>
  )
}
