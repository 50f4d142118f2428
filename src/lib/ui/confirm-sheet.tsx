import { Trans } from '@lingui/react/macro'
import { useId, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react'
import { useModalDialog } from './use-modal-dialog'

interface ConfirmSheetProps {
  title: ReactNode
  children: ReactNode
  confirmLabel: ReactNode
  /** The button that closes the sheet without acting; "Cancel" unless that would read like the action (cancelling an order). */
  cancelLabel?: ReactNode
  /** While the confirmed call runs: both buttons stay disabled and Escape does not close. */
  busy?: boolean
  /** A destructive action (delete) gets the danger colour instead of the primary one. */
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * An in-app confirmation before money moves or data goes (never window.confirm, which cannot show
 * a summary, is not translated and blocks the page). Mounted only while open, as a modal <dialog>.
 */
export function ConfirmSheet({ title, children, confirmLabel, cancelLabel, busy = false, danger = false, onConfirm, onCancel }: ConfirmSheetProps) {
  const titleId = useId()
  const ref = useModalDialog()
  // Escape is the dialog's own cancel; handled here so the parent's state stays the truth.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault()
    if (!busy) onCancel()
  }
  const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && cancel(event)
  return (
    <dialog ref={ref} className="sheet" aria-modal="true" aria-labelledby={titleId} onCancel={cancel} onKeyDown={onKeyDown}>
      <div className="sheet__backdrop" onClick={() => !busy && onCancel()} aria-hidden="true" />
      <div className="sheet__panel">
        <h2 id={titleId} className="sheet__title">{title}</h2>
        {children}
        <div className="sheet__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel ?? <Trans>Cancel</Trans>}
          </button>
          <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} onClick={onConfirm}
            disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
