import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { AssetRecord } from '../../../contract/assets.ts'
import { needsVerifiedIdentity } from '../../../lib/identity-gate'
import { toast } from '../../../lib/toast'
import { withdraw } from '../api'
import type { WithdrawRequest } from './withdraw-confirm'
import { useConfirmedCall } from './use-confirmed-call'

// Everything that is sent: a retry of exactly this request reuses its key, anything changed gets a new one.
const fingerprint = (request: WithdrawRequest) => JSON.stringify(request)

/**
 * The confirmation step and the call (one idempotency key per confirmed request, kept for its
 * retries). Withdrawals are refused offline (architecture §4): unlike a transfer they are never queued,
 * since nobody expects money to leave hours after they tapped.
 */
export function useWithdrawSubmit(onDone: (record: AssetRecord) => void) {
  const { t } = useLingui()
  const navigate = useNavigate()
  // Spec §6: a withdrawal needs a verified identity; the server's refusal (shown as a toast) leads to /me/verify.
  const send = async (request: WithdrawRequest, key: string) => {
    try {
      return await withdraw(request, key)
    } catch (failure) {
      if (needsVerifiedIdentity(failure)) void navigate({ to: '/me/verify' })
      throw failure
    }
  }
  const call = useConfirmedCall(send, fingerprint, onDone)

  const refusedOffline = () => {
    if (navigator.onLine) return false
    toast.error(t`You are offline. Withdrawals are only sent with a connection; please try again when you are back online.`)
    return true
  }
  return {
    pending: call.request,
    busy: call.busy,
    review: (request: WithdrawRequest) => !refusedOffline() && call.review(request),
    confirm: () => (refusedOffline() ? undefined : void call.confirm()),
    cancel: call.cancel,
  }
}
