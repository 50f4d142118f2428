// The frame of the password and code dialogs (password-dialog.tsx, code-dialog.tsx): a modal
// <dialog> (the browser keeps Tab inside it; focus starts in the field and goes back to the
// opener), labelled by its title and described by its reason, with Cancel and Confirm; Escape
// cancels. What is typed goes to the ask's `submit`: accepted, the ask answers true; refused, the
// server's words show under the field and the field is emptied; a session gone closes it.
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react'
import { ApiError } from '../lib/api-client'
import { useModalDialog } from '../lib/ui/use-modal-dialog'
import type { GateRequest } from './gate-prompt'

interface GateSheetProps {
  request: GateRequest
  title: ReactNode
  text: ReactNode
  /** What to send, or the message to show when what is typed cannot be sent as it is. */
  typed: () => { send: string } | { refuse: MessageDescriptor }
  /** Empties the field after a refusal. */
  clear: () => void
  /** The field, given the error to show under it. */
  renderField: (error: MessageDescriptor | null, clearError: () => void) => ReactNode
}

export function GateSheet({ request, title, text, typed, clear, renderField }: GateSheetProps) {
  const titleId = useId()
  const textId = useId()
  const ref = useModalDialog()
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
    const next = typed()
    if ('refuse' in next) return setError(next.refuse)
    setBusy(true)
    try {
      await request.submit(next.send)
      request.finish(true)
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'session') return request.finish(false)
      const message = failure instanceof Error && failure.message ? failure.message : 'error'
      // The server's words are catalog ids (lib/known-messages): shown translated.
      setError({ id: message, message })
      clear()
      setBusy(false)
    }
  }

  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} onCancel={onCancel} onKeyDown={onKeyDown}>
      <div className="sheet__backdrop" onClick={cancel} aria-hidden="true" />
      <form className="sheet__panel" onSubmit={submit} noValidate>
        <h2 id={titleId} className="sheet__title">{title}</h2>
        <p id={textId} className="muted">{text}</p>
        {renderField(error, () => setError(null))}
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
