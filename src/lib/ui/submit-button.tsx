import type { ReactNode } from 'react'

interface SubmitButtonProps {
  busy: boolean
  children: ReactNode
  disabled?: boolean
}

/** The form's main action; while busy it stays disabled so a second tap sends nothing twice. */
export function SubmitButton({ busy, children, disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  )
}
