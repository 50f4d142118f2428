import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { SERVER_MESSAGES } from '../../../contract/messages.ts'
import type { TotpSetup } from '../../../contract/security.ts'
import { checkFactorCode, cleanTotpInput, factorCodeToSend } from '../../../lib/factor-code'
import { toast } from '../../../lib/toast'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { TextField } from '../../../lib/ui/text-field'
import { useRefuseOffline } from '../../../lib/ui/use-refuse-offline'
import { enableTotp } from '../api'
import { groupKey } from '../logic'
import { CopyChip } from './copy-chip'
import { TwoFactorQr } from './two-factor-qr'

interface TwoFactorSetupProps {
  setup: TotpSetup
  /** The first code was right: two-factor codes are on, and these are the recovery codes. */
  onEnabled: (codes: string[]) => void
  /** Back to the state: the user cancelled, or the setup expired. */
  onCancel: () => void
}

/**
 * Turning two-factor codes on: scan the QR code (or type the key), then the app's first code
 * proves the app has the key; only then is it on. A wrong code shows the server's words in place.
 */
export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)
  const refuseOffline = useRefuseOffline()
  const key = groupKey(setup.secret)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const toSend = factorCodeToSend('totp', code)
    if (toSend === null) return setError(checkFactorCode('totp', code))
    if (refuseOffline()) return
    setBusy(true)
    try {
      const { codes } = await enableTotp(toSend)
      onEnabled(codes)
    } catch (failure) {
      const text = failure instanceof Error && failure.message ? failure.message : 'error'
      // This key is gone (set up too long ago): only "Turn on" again makes a new one.
      if (text === SERVER_MESSAGES.twoFactorSetupExpired) {
        toast.error(text)
        return onCancel()
      }
      // The server's words are catalog ids (lib/known-messages): shown translated.
      setError({ id: text, message: text })
      setCode('')
      setBusy(false)
    }
  }

  return (
    <form className="card form two-factor" onSubmit={submit} noValidate aria-labelledby="two-factor-setup-title">
      <h2 id="two-factor-setup-title" className="card__title"><Trans>Turn on two-factor authentication</Trans></h2>
      <ol className="two-factor__steps">
        <li><Trans>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password or another) and scan this QR code.</Trans></li>
        <li><Trans>If the app cannot scan, add an account by hand and type the key below.</Trans></li>
        <li><Trans>Enter the 6-digit code the app shows.</Trans></li>
      </ol>
      <TwoFactorQr uri={setup.uri} label={t`QR code of your two-factor key. The key is also written below.`} />
      <div className="two-factor__key">
        <span>
          <span className="muted"><Trans>Key</Trans>: </span>
          <span className="two-factor__key-text" data-testid="two-factor-key">{key}</span>
        </span>
        <CopyChip text={setup.secret} label={t`Copy the key`} />
      </div>
      <TextField label={<Trans>Code from the app</Trans>} value={code} onValueChange={(value) => {
        setCode(cleanTotpInput(value))
        setError(null)
      }} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} error={error} />
      <div className="two-factor__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}><Trans>Cancel</Trans></button>
        <SubmitButton busy={busy}><Trans>Turn on</Trans></SubmitButton>
      </div>
    </form>
  )
}
