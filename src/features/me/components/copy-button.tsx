import { Trans, useLingui } from '@lingui/react/macro'
import { toast } from '../../../lib/toast'

/** Copies a code or link; where the clipboard is refused, says to copy it by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
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
    <button type="button" className="chip" onClick={copy} aria-label={label} disabled={!text}>
      <Trans>Copy</Trans>
    </button>
  )
}
