import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { toast } from '../../../lib/toast'

interface CopyChipProps {
  text: string
  /** What is copied, for a screen reader ("Copy the key"); the visible word stays "Copy". */
  label?: string
  children?: ReactNode
  /** A chip beside what it copies by default; a button where it is one of a card's actions. */
  className?: string
}

/** Copies a key or the recovery codes; where the clipboard is refused, says to copy them by hand. */
export function CopyChip({ text, label, children, className = 'chip safety-chip' }: CopyChipProps) {
  const { t } = useLingui()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t`Copied`)
    } catch {
      toast.warning(t`Copying is not allowed here; please copy the code by hand`)
    }
  }
  return (
    <button type="button" className={className} onClick={copy} aria-label={label} disabled={!text}>
      {children ?? <Trans>Copy</Trans>}
    </button>
  )
}
