import { Trans } from '@lingui/react/macro'

interface MaxButtonProps {
  /** What Max fills in, read after "Max" by a screen reader: "Use the whole available balance". */
  description: string
  /** Nothing to fill in yet (the balance has not arrived). */
  disabled: boolean
  onClick: () => void
}

/**
 * The "Max" button inside an amount field. Its accessible name starts with the word on the button
 * (WCAG 2.5.3, label in name: a voice-control user says "Max"), then says what it fills in.
 */
export function MaxButton({ description, disabled, onClick }: MaxButtonProps) {
  return (
    <button type="button" className="field__action" disabled={disabled} onClick={onClick}>
      <Trans>Max</Trans><span className="sr-only">, {description}</span>
    </button>
  )
}
