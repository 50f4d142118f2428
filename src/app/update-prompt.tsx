import { Trans } from '@lingui/react/macro'
import { applyUpdate, updateReadyAtom } from '../lib/sw-register'
import { useAtomValue } from '../lib/store'

/** The banner of a new version that waits (docs/architecture.md §5): "Update" reloads into it. */
export function UpdatePrompt() {
  const ready = useAtomValue(updateReadyAtom)
  if (!ready) return null
  return (
    <div className="update-prompt" role="status">
      <span>
        <Trans>A new version is ready</Trans>
      </span>
      <button type="button" className="button button--primary button--small" onClick={() => applyUpdate()}>
        <Trans>Update</Trans>
      </button>
    </div>
  )
}
