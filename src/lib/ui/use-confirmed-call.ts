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

  const sendConfirmed = async (target: Request, closeOnRefusal: boolean) => {
    const pending = keyFor(pendingKey.current, fingerprint(target))
    pendingKey.current = pending
    await run(async () => {
      try {
        const result = await send(target, pending.key)
        pendingKey.current = null
        setRequest(null)
        onDone(result, target)
      } catch (failure) {
        if (!isRetryableFailure(failure)) {
          pendingKey.current = null
          if (closeOnRefusal) setRequest(null)
        }
        throw failure
      }
    })
  }
  const confirm = async () => {
    if (request) await sendConfirmed(request, true)
  }
  /**
   * Confirms what the sheet holds now, for a sheet whose fields are edited inside it (the quantity
   * of a close): the same movement tried again keeps its key, an edited one gets a new key. A
   * refusal leaves the sheet open with what was typed, to be corrected there.
   */
  const confirmWith = async (next: Request) => {
    setRequest(next)
    await sendConfirmed(next, false)
  }
  const cancel = () => {
    if (!busy) setRequest(null)
  }
  return { request, busy, review: setRequest, confirm, confirmWith, cancel }
}
