// The seconds group's envelope (`{ code, msg, result }`, code 200 on success: SecondEnvelope).
// The services speak the /bb envelope internally so that they can reuse the shared idempotency
// store (assets/idempotency.ts stores and replays BbEnvelopes); the routes convert on the way out,
// so a replayed answer is converted exactly like a fresh one.
import type { BbEnvelope, SecondEnvelope } from '../../src/contract/envelopes.ts'
import { BB_FAIL, BB_OK, SECOND_OK } from '../../src/contract/envelopes.ts'
import type { ServerMessage } from '../../src/contract/messages.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import type { Settled } from '../http/envelope.ts'

export function secondOk<T>(result: T & Settled<T>, msg: ServerMessage = SERVER_MESSAGES.ok): SecondEnvelope<T> {
  return { code: SECOND_OK, msg, result }
}

/** A business refusal: HTTP 200, `code: 0` (the same code as the other groups' refusals). */
export function secondFail(msg: ServerMessage): SecondEnvelope<null> {
  return { code: BB_FAIL, msg, result: null }
}

export function toSecondEnvelope<T>(answer: BbEnvelope<T>): SecondEnvelope<T> {
  return { code: answer.code === BB_OK ? SECOND_OK : answer.code, msg: answer.msg, result: answer.data }
}
