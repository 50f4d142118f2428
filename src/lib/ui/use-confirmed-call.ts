import { useRef, useState } from 'react'
import { useBusyAction } from './use-busy-action'
import { isRetryableFailure, keyFor, type PendingKey } from '../idempotency'

/**
 * The confirmation step of a call that moves money (transfer, exchange, seconds order). `review` opens the sheet
 * with what will move; `confirm` sends it with an idempotency key made at the first confirm and
 * kept for every retry of the same movement — after a lost answer, even from a new sheet — so the
 * server applies it once. A definite refusal closes the sheet and forgets the key; so does success.
 */
export function useConfirmedCall<Request, Result>(
  send: (request: Request, key: string) => Promise<Result>,
  fingerprint: (request: Request) => string,
  onDone: (result: Result, request: Request) => void,
) {
  const [request, setRequest] = useState<Request | null>(null)
  const pendingKey = useRef<PendingKey | null>(null)
  const { busy, run } = useBusyAction()

  const confirm = async () => {
    if (!request) return
    const pending = keyFor(pendingKey.current, fingerprint(request))
    pendingKey.current = pending
    await run(async () => {
      try {
        const result = await send(request, pending.key)
        pendingKey.current = null
        setRequest(null)
        onDone(result, request)
      } catch (failure) {
        if (!isRetryableFailure(failure)) {
          pendingKey.current = null
          setRequest(null)
        }
        throw failure
      }
    })
  }
  const cancel = () => {
    if (!busy) setRequest(null)
  }
  return { request, busy, review: setRequest, confirm, cancel }
}
