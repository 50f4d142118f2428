// One place decides the status and envelope of every request that does not end in a handler's
// own answer: thrown ApiErrors, Fastify's parser errors, unknown routes, and real bugs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError, failureBody } from './envelope.ts'

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

function answer(outcome: Outcome, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(outcome.status).send(failureBody(request.url, outcome.code, outcome.msg, outcome.status))
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
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
