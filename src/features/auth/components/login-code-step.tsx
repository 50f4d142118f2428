import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { SERVER_MESSAGES } from '../../../contract/messages.ts'
import type { LoginResult } from '../../../contract/user.ts'
import { checkFactorCode, factorCodeToSend, type FactorKind } from '../../../lib/factor-code'
import { toast } from '../../../lib/toast'
import { FactorCodeField } from '../../../lib/ui/factor-code-field'
import { SubmitButton } from '../../../lib/ui/submit-button'
import { loginWithCode } from '../api'

interface LoginCodeStepProps {
  /** The password step's challenge (contract/user.ts LoginResult.challenge). */
  challenge: string
  onSignedIn: (session: LoginResult) => void
  /** Back to email and password: asked by the user, or the challenge expired. */
  onRestart: () => void
}

/**
 * Sign-in's second step, on the login screen itself: the authenticator app's code, or a recovery
 * code. A wrong code is shown under the field; an expired challenge goes back to the first step
 * with the server's words, since only the password step makes a new one.
 */
export function LoginCodeStep({ challenge, onSignedIn, onRestart }: LoginCodeStepProps) {
  const [kind, setKind] = useState<FactorKind>('totp')
  const [code, setCode] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)
  const edit = (value: string) => {
    setCode(value)
    setError(null)
  }
  const switchKind = (next: FactorKind) => {
    setKind(next)
    edit('')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const toSend = factorCodeToSend(kind, code)
    if (toSend === null) return setError(checkFactorCode(kind, code))
    setBusy(true)
    try {
      onSignedIn(await loginWithCode(challenge, toSend))
    } catch (failure) {
      const text = failure instanceof Error && failure.message ? failure.message : 'error'
      setBusy(false)
      if (text === SERVER_MESSAGES.signInExpired) {
        toast.error(text)
        return onRestart()
      }
      // The server's words are catalog ids (lib/known-messages): shown translated.
      setError({ id: text, message: text })
      setCode('')
    }
  }

  return (
    <form className="form form--auth" onSubmit={submit} noValidate aria-labelledby="login-code-title">
      <h2 id="login-code-title" className="login-step__title"><Trans>Two-factor authentication</Trans></h2>
      <p className="muted">
        {kind === 'totp'
          ? <Trans>Enter the 6-digit code from your authenticator app.</Trans>
          : <Trans>Enter one of the recovery codes you kept when you turned on two-factor authentication. Each works once.</Trans>}
      </p>
      <FactorCodeField kind={kind} value={code} onValueChange={edit} onKindChange={switchKind} error={error} autoFocus />
      <SubmitButton busy={busy}><Trans>Verify</Trans></SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={onRestart} disabled={busy}>
        <Trans>Back</Trans>
      </button>
    </form>
  )
}
