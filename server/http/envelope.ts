// Answers of the API groups (spec §7). Route handlers build successes with ok()/fail(); anything
// that ends a request early (bad input, no session) throws an ApiError, and the error handler
// shapes it with the envelope of the group the path belongs to.
import type { BbEnvelope } from '../../src/contract/envelopes.ts'
import { BB_FAIL, BB_OK, SESSION_EXPIRED } from '../../src/contract/envelopes.ts'
import { MARKET_ERROR_CODES, type MarketErrorAnswer } from '../../src/contract/market.ts'
import type { ServerMessage } from '../../src/contract/messages.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'

/**
 * A value as it may go out: settled all the way down. A promise left in an answer (an un-awaited
 * call, an async map) would be serialised as {} and still answer code 1, so it is a type error.
 */
export type Settled<T> = T extends PromiseLike<unknown> ? never : T extends object ? { [K in keyof T]: Settled<T[K]> } : T

export function ok<T>(data: T & Settled<T>, msg: ServerMessage = SERVER_MESSAGES.ok): BbEnvelope<T> {
  return { code: BB_OK, msg, data }
}

/** A business failure: HTTP 200, `code: 0`, a message the app shows (translated). */
export function fail(msg: ServerMessage): BbEnvelope<null> {
  return { code: BB_FAIL, msg, data: null }
}

export class ApiError extends Error {
  readonly httpStatus: number
  readonly code: number
  constructor(httpStatus: number, code: number, msg: ServerMessage) {
    super(msg)
    this.httpStatus = httpStatus
    this.code = code
  }
}

export const badRequest = (msg: ServerMessage = SERVER_MESSAGES.invalidRequest): ApiError =>
  new ApiError(400, BB_FAIL, msg)

/** No usable session: HTTP 200 with `code: -2`, which makes the app log out (spec §4). */
export const sessionRequired = (msg: ServerMessage): ApiError => new ApiError(200, SESSION_EXPIRED, msg)

type FailureShape = (code: number, msg: string, httpStatus: number) => object

interface EnvelopeGroup {
  prefix: string
  failure: FailureShape
}

const bbFailure: FailureShape = (code, msg) => ({ code, msg, data: null })

/** Market calls answer in Huobi's shape; the HTTP status says which kind of failure it was. */
function marketErrorCode(httpStatus: number): string {
  if (httpStatus === 404) return MARKET_ERROR_CODES.notFound
  if (httpStatus === 413) return MARKET_ERROR_CODES.tooLarge
  if (httpStatus >= 500) return MARKET_ERROR_CODES.serverError
  if (httpStatus >= 400) return MARKET_ERROR_CODES.badRequest
  return MARKET_ERROR_CODES.invalidParameter
}

const marketFailure: FailureShape = (_code, msg, httpStatus): MarketErrorAnswer => ({
  status: 'error',
  'err-code': marketErrorCode(httpStatus),
  'err-msg': msg,
  data: null,
})

/** Path prefix → failure shape, first match wins. */
const GROUPS: EnvelopeGroup[] = [
  // The seconds-contract group answers `{ code, msg, result }` (SecondEnvelope).
  { prefix: '/contract/app/contract/second/', failure: (code, msg) => ({ code, msg, result: null }) },
  { prefix: '/bb/huobi/', failure: marketFailure },
  { prefix: '/bb/', failure: bbFailure },
]

/** The failure body for a path; paths of no group (unknown ones too) get the /bb shape. */
export function failureBody(url: string, code: number, msg: string, httpStatus: number): object {
  const group = GROUPS.find((candidate) => url.startsWith(candidate.prefix))
  return (group?.failure ?? bbFailure)(code, msg, httpStatus)
}
