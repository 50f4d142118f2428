// One place decides the status and envelope of every request that does not end in a handler's
// own answer: thrown ApiErrors, Fastify's parser errors, unknown routes, storage faults (503/507
// with Retry-After), and real bugs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { type DatabaseUnavailableError, StorageFullError } from '../db/database.ts'
import { storageFault } from '../db/storage-faults.ts'
import { ApiError, failureBody } from './envelope.ts'

/** How long a client is asked to wait when the storage cannot serve it: a database restart takes seconds. */
export const RETRY_AFTER_SECONDS = 5

interface Outcome {
  status: number
  code: number
  msg: string
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined
  return typeof error.statusCode === 'number' ? error.statusCode : undefined
}

function classify(error: unknown): Outcome {
  if (error instanceof ApiError) return { status: error.httpStatus, code: error.code, msg: error.message }
  const status = statusOf(error)
  if (status === 413) return { status: 413, code: BB_FAIL, msg: SERVER_MESSAGES.bodyTooLarge }
  if (status === 404) return { status: 404, code: BB_FAIL, msg: SERVER_MESSAGES.notFound }
  // Fastify's own client errors (bad JSON, unsupported or missing content type, poisoned keys…)
  // are all "your request is malformed" to a client of this API.
  if (status !== undefined && status >= 400 && status < 500) {
    return { status: 400, code: BB_FAIL, msg: SERVER_MESSAGES.invalidRequest }
  }
  return { status: 500, code: BB_FAIL, msg: SERVER_MESSAGES.serverError }
}

/**
 * The storage cannot serve this now (server/db/storage-faults.ts): the database is down or restarting
 * (503), or its disk is full (507). Not a bug: the client is asked to try again later (Retry-After).
 */
function storageOutcome(fault: DatabaseUnavailableError): Outcome {
  return fault instanceof StorageFullError
    ? { status: 507, code: BB_FAIL, msg: SERVER_MESSAGES.storageFull }
    : { status: 503, code: BB_FAIL, msg: SERVER_MESSAGES.storageUnavailable }
}

function answer(outcome: Outcome, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(outcome.status).send(failureBody(request.url, outcome.code, outcome.msg, outcome.status))
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const fault = storageFault(error)
    if (fault) {
      const outcome = storageOutcome(fault)
      // One line per refused call while it lasts, without a stack: the cause is outside the code.
      request.log.warn({ fault: fault.message, status: outcome.status }, 'storage unavailable')
      return answer(outcome, request, reply.header('retry-after', String(RETRY_AFTER_SECONDS)))
    }
    const outcome = classify(error)
    if (outcome.status >= 500) request.log.error({ err: error }, 'request failed')
    else if (!(error instanceof ApiError)) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined
      request.log.info({ code, status: outcome.status }, 'request rejected')
    }
    return answer(outcome, request, reply)
  })
  app.setNotFoundHandler((request, reply) =>
    answer({ status: 404, code: BB_FAIL, msg: SERVER_MESSAGES.notFound }, request, reply),
  )
}

/** For errors Fastify raises before routing (an undecodable URL, an over-long parameter). */
export function frameworkErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ status: statusOf(error) }, 'request rejected before routing')
  void answer({ status: 400, code: BB_FAIL, msg: SERVER_MESSAGES.invalidRequest }, request, reply)
}
