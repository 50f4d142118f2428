import type { MessageDescriptor } from '@lingui/core'
import type { ContractPosition } from '../../../contract/contracts.ts'
import { useSetAtom } from '../../../lib/store'
import { toast, type ToastText } from '../../../lib/toast'
import { useConfirmedCall } from '../../../lib/ui/use-confirmed-call'
import { loadContractAccountAtom, positionsChangedAtom } from '../atoms'

interface ActionRequest {
  position: ContractPosition
}

/**
 * One change to a position (close, cancel, add margin, edit stops) behind its sheet, with an
 * idempotency key kept for a retry of the same change. Offline it is refused before the sheet
 * opens and at the confirm, with the action's own reason (architecture §4: never queued); nothing
 * is sent. Each one may move money, so the account reloads with the positions.
 */
export function usePositionAction<R extends ActionRequest, Result = unknown>(
  send: (request: R, key: string) => Promise<Result>,
  fingerprint: (request: R) => string,
  /** done: the toast, or what to say given the server's answer (a close names what it closed). */
  messages: { offline: MessageDescriptor; done: ToastText | ((result: Result) => ToastText) },
) {
  const positionsChanged = useSetAtom(positionsChangedAtom)
  const loadAccount = useSetAtom(loadContractAccountAtom)
  const call = useConfirmedCall(send, fingerprint, (result: Result) => {
    toast.success(typeof messages.done === 'function' ? messages.done(result) : messages.done)
    positionsChanged()
    loadAccount().catch(() => undefined)
  })
  /** Offline the action is refused with its reason; true when it was. */
  const refusedOffline = (): boolean => {
    if (!navigator.onLine) toast.error(messages.offline)
    return !navigator.onLine
  }
  return {
    request: call.request,
    busy: call.busy,
    /** Opens the sheet for `request`, unless offline. */
    review: (request: R) => refusedOffline() || call.review(request),
    /** Sends what the sheet restates. */
    confirm: () => refusedOffline() || void call.confirm(),
    /** Sends what was edited in the sheet. */
    confirmWith: (request: R) => refusedOffline() || void call.confirmWith(request),
    cancel: call.cancel,
  }
}

export type PositionAction<R extends ActionRequest, Result = unknown> = ReturnType<typeof usePositionAction<R, Result>>
