import { Trans } from '@lingui/react/macro'
import type { LoginResult } from '../../../contract/user.ts'
import { deviceId } from '../../../lib/device-id'
import { getPasskey, passkeysSupported } from '../../../lib/passkeys'
import { useBusyAction } from '../../../lib/ui/use-busy-action'
import { loginWithPasskey, passkeyLoginOptions } from '../api'

/**
 * "Sign in with a passkey": no email typed, the browser offers the passkeys it holds for this site
 * (discoverable credentials), and a passkey counts as both factors. Not shown where the browser
 * cannot use passkeys. Closing the browser's prompt is the user's choice: no error for it.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: LoginResult) => void }) {
  const { busy, run } = useBusyAction()
  if (!passkeysSupported()) return null
  const signIn = () =>
    run(async () => {
      const { challengeId, options } = await passkeyLoginOptions()
      const response = await getPasskey(options)
      if (response === null) return
      onSignedIn(await loginWithPasskey(challengeId, response, deviceId()))
    })
  return (
    <div className="login-passkey">
      <p className="login-passkey__or" aria-hidden="true"><Trans context="between two ways to sign in">or</Trans></p>
      <button type="button" className="button button--ghost button--block" onClick={signIn} disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        <Trans>Sign in with a passkey</Trans>
      </button>
    </div>
  )
}
