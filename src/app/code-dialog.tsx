// The two-factor dialog itself (app/code-prompt.tsx opens it): the authenticator app's 6-digit
// code, or a recovery code after "Use a recovery code"; Confirm and Cancel, as a modal <dialog>
// (the browser keeps Tab inside it; focus starts in the field and goes back to the opener),
// labelled by its title and described by its reason; Escape cancels.
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react'
import { ApiError } from '../lib/api-client'
import { checkFactorCode, factorCodeToSend, type FactorKind } from '../lib/factor-code'
import { FactorCodeField } from '../lib/ui/factor-code-field'
import { useModalDialog } from '../lib/ui/use-modal-dialog'

/** One ask of the api client: `submit` checks a code with the server; `finish` answers the ask. */
export interface CodeRequest {
  /** Each ask gets a dialog of its own (a fresh field), even when one follows another at once. */
  id: number
  submit: (code: string) => Promise<void>
  finish: (confirmed: boolean) => void
}

export function CodeDialog({ request }: { request: CodeRequest }) {
  const titleId = useId()
  const textId = useId()
  const ref = useModalDialog()
  const [kind, setKind] = useState<FactorKind>('totp')
  const [code, setCode] = useState('')
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
      await request.submit(toSend)
      request.finish(true)
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'session') return request.finish(false)
      const text = failure instanceof Error && failure.message ? failure.message : 'error'
      // The server's words are catalog ids (lib/known-messages): shown translated.
      setError({ id: text, message: text })
      setCode('')
      setBusy(false)
    }
  }

  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} onCancel={onCancel} onKeyDown={onKeyDown}>
      <div className="sheet__backdrop" onClick={cancel} aria-hidden="true" />
      <form className="sheet__panel" onSubmit={submit} noValidate>
        <h2 id={titleId} className="sheet__title">
          <Trans>Two-factor authentication</Trans>
        </h2>
        <p id={textId} className="muted">
          {kind === 'totp'
            ? <Trans>For your security, this needs the 6-digit code from your authenticator app.</Trans>
            : <Trans>Enter one of the recovery codes you kept when you turned on two-factor authentication. Each works once.</Trans>}
        </p>
        <FactorCodeField kind={kind} value={code} onValueChange={edit} onKindChange={switchKind} error={error} autoFocus />
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
