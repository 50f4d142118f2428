// The step-up dialog itself (app/password-prompt.tsx opens it): the login password, Confirm and
// Cancel, as a modal <dialog> (the browser keeps Tab inside it; focus starts in the field and goes
// back to the opener), labelled by its title and described by its reason; Escape cancels.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react'
import { ApiError } from '../lib/api-client'
import { PasswordField } from '../lib/ui/text-field'
import { useModalDialog } from '../lib/ui/use-modal-dialog'

/** One ask of the api client: `submit` checks a password with the server; `finish` answers the ask. */
export interface PasswordRequest {
  submit: (password: string) => Promise<void>
  finish: (confirmed: boolean) => void
}

export function PasswordDialog({ request }: { request: PasswordRequest }) {
  const titleId = useId()
  const textId = useId()
  const ref = useModalDialog()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const [busy, setBusy] = useState(false)

  const cancel = () => {
    if (!busy) request.finish(false)
  }
  // Escape is the dialog's own cancel; handled here so the request stays the truth.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    cancel()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel(event)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (!password) return setError(msg({ id: 'Please enter the login password', message: 'Please enter the login password' }))
    setBusy(true)
    try {
      await request.submit(password)
      request.finish(true)
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'session') return request.finish(false)
      const text = failure instanceof Error && failure.message ? failure.message : 'error'
      // The server's words are catalog ids (lib/known-messages): shown translated.
      setError({ id: text, message: text })
      setPassword('')
      setBusy(false)
    }
  }

  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} onCancel={onCancel} onKeyDown={onKeyDown}>
      <div className="sheet__backdrop" onClick={cancel} aria-hidden="true" />
      <form className="sheet__panel" onSubmit={submit} noValidate>
        <h2 id={titleId} className="sheet__title">
          <Trans>Confirm it is you</Trans>
        </h2>
        <p id={textId} className="muted">
          <Trans>For your security, moving money or changing security settings after a while without use needs your login password again.</Trans>
        </p>
        <PasswordField label={<Trans>Login password</Trans>} value={password} onValueChange={(value) => {
          setPassword(value)
          setError(null)
        }} autoComplete="current-password" error={error} data-autofocus />
        <div className="sheet__actions">
          <button type="button" className="button button--ghost" onClick={cancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <Trans context="password dialog">Confirm</Trans>
          </button>
        </div>
      </form>
    </dialog>
  )
}
