// A refusal found inside a money transaction (post-only would take, no liquidity, not enough
// balance): thrown to roll the transaction (a savepoint of once()'s) back, answered as a business
// failure that once() stores with the idempotency key. Shared by the engines that place orders.
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES, type ServerMessage } from '../../src/contract/messages.ts'
import { InsufficientBalanceError } from '../ledger/operations.ts'
import { fail } from './envelope.ts'

export class Refusal extends Error {
  readonly msg: ServerMessage
  constructor(msg: ServerMessage) {
    super(msg)
    this.msg = msg
  }
}

/** Runs `work`, answering a Refusal or a balance that would go negative as the failure it is. */
export async function refusing<T>(work: () => Promise<BbEnvelope<T>>): Promise<BbEnvelope<T | null>> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Refusal) return fail(error.msg)
    if (error instanceof InsufficientBalanceError) return fail(SERVER_MESSAGES.insufficientBalance)
    throw error
  }
}
