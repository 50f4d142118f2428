import { useState } from 'react'
import { toastFailure } from '../toast'

/**
 * A form's call: `busy` while it runs (the submit button stays disabled, so nothing is sent twice)
 * and a failure shown as the server's message (spec §8). Success handling stays in `action`.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true)
    try {
      await action()
    } catch (failure) {
      toastFailure(failure)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
