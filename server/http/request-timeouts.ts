// How long a client may take to send its request. Without bounds a slow sender holds a connection
// for ever (slowloris: headers or a body trickled a byte at a time); with bounds that are too tight
// a phone on a slow network cannot get its 5 MB photo through. So, per request:
//
// - Headers: the request line and headers must be in within `headersMs` of the request's first byte
//   (for a new connection: of its opening). Node's own headersTimeout, checked every checkEveryMs.
// - Body, after Apache's mod_reqtimeout (`body=20,MinRate=…`): it may pause at most `bodyIdleMs`,
//   and once that grace is over it must have averaged `bodyMinBytesPerSecond`. A byte every 10 s is
//   cut after about bodyIdleMs whatever the body's size; a phone at 32 kbit/s never is.
// - The whole body, however steady, within `requestMs` of its headers (5 MB in 10 min is 70 kbit/s).
// - Between requests: an idle keep-alive connection is closed after `keepAliveMs`. Nothing is lost:
//   no request is waiting for an answer on it.
// - A connection on which nothing moves either way for requestMs (a client that stopped reading its
//   answer) is dropped; every handler is far shorter than that.
//
// Every cut of a request still waiting for its answer is that answer: 408 in the group's envelope
// ('The request took too long to arrive…'), with the lingering close (lingering-close.ts), so that a
// client still sending reads it instead of a reset. Never a silent close where an answer can be sent.
import type { ServerOptions } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BB_FAIL } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { ApiError, failureBody } from './envelope.ts'
import { bodyStillArriving, lingerAfterRawAnswer } from './lingering-close.ts'

export interface RequestTimeouts {
  /** The request line and headers must be in within this many ms (HEADERS_TIMEOUT_SECONDS). */
  headersMs: number
  /** A body may pause this long; also the grace before the minimum rate applies (BODY_TIMEOUT_SECONDS). */
  bodyIdleMs: number
  /** Past the grace, a body must have averaged at least this (BODY_MIN_BYTES_PER_SECOND). */
  bodyMinBytesPerSecond: number
  /** The whole body within this many ms of its headers, however steady (REQUEST_TIMEOUT_SECONDS). */
  requestMs: number
  /** An idle keep-alive connection is closed after this many ms (KEEP_ALIVE_TIMEOUT_SECONDS). */
  keepAliveMs: number
}

/**
 * Headers: 20 s (Apache's default; a phone sends them in one packet). Body: pauses of 20 s, 4 KB/s
 * on average (32 kbit/s: below any mobile data link still in use), 10 minutes in all (a 5 MB photo
 * at 70 kbit/s, EDGE). Keep-alive: 72 s, Fastify's default, above the 60 s for which nginx (the
 * cluster's front) keeps an idle upstream connection, so nginx never reuses one being closed.
 */
export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 20_000,
  bodyIdleMs: 20_000,
  bodyMinBytesPerSecond: 4096,
  requestMs: 600_000,
  keepAliveMs: 72_000,
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value))

/** How often Node looks for connections past their headers deadline (its default, 30 s, would add up to 30 s to the bound). */
const checkEveryMs = (timeouts: RequestTimeouts): number => clamp(Math.round(timeouts.headersMs / 10), 20, 1000)

type ClientErrorHandler = (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) => void

/**
 * Errors Node raises before there is a request to route: its headers deadline (and whole-request
 * backstop), over-long headers, unparsable bytes. Fastify's default answers them in a shape of its
 * own and resets the connection; here they get the envelope and the lingering close.
 */
const clientErrorHandler: ClientErrorHandler = function (error, socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
  const [status, reason, msg] = timedOut
    ? [408, 'Request Timeout', SERVER_MESSAGES.requestTimeout]
    : error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', SERVER_MESSAGES.bodyTooLarge]
      : [400, 'Bad Request', SERVER_MESSAGES.invalidRequest]
  // An answer already under way (Node's backstop firing late in a request) cannot be replaced, and
  // a connection already ending (a lingering close, whose client hung up mid-body) needs none.
  // oxlint-disable-next-line no-underscore-dangle -- Node's own link to the response in progress, which its default handler checks the same way
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true
  if (!socket.writable || answering) {
    socket.destroy()
    return
  }
  this.log.info({ code: error.code, status }, timedOut ? 'request too slow' : 'request rejected before parsing')
  // The request line may not even be in: the default group's shape.
  const body = JSON.stringify(failureBody('/', BB_FAIL, msg, status))
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
  lingerAfterRawAnswer(socket)
}

/** The Fastify options that carry the headers, keep-alive and connection bounds to Node's server. */
export function timeoutServerOptions(timeouts: RequestTimeouts): {
  requestTimeout: number
  keepAliveTimeout: number
  connectionTimeout: number
  http: ServerOptions
  clientErrorHandler: ClientErrorHandler
} {
  // Node's whole-request timeout only backs up the body deadline below, which answers first.
  const backstop = timeouts.headersMs + timeouts.requestMs + 1000
  return {
    requestTimeout: backstop,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: backstop,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: backstop, connectionsCheckingInterval: checkEveryMs(timeouts) },
    clientErrorHandler,
  }
}

interface Arriving {
  request: FastifyRequest
  reply: FastifyReply
  socket: Socket
  startedAt: number
  /** socket.bytesRead when the headers were in, and at the last time it grew. */
  bytesAtStart: number
  bytesSeen: number
  lastProgressAt: number
}

function deadlineOf(body: Arriving, timeouts: RequestTimeouts): number {
  const received = body.bytesSeen - body.bytesAtStart
  return Math.min(
    body.lastProgressAt + timeouts.bodyIdleMs,
    body.startedAt + timeouts.bodyIdleMs + (received / timeouts.bodyMinBytesPerSecond) * 1000,
    body.startedAt + timeouts.requestMs,
  )
}

/** How long the reader of a body handed the 408 has to answer it before this module does. */
const READER_GRACE_MS = 1000

/**
 * Ends a body that is too slow with a 408. Whoever is reading it (Fastify's body parser, busboy for
 * an upload) listens for the request's 'error': handed the 408, it fails as it would on a broken
 * body, and the request ends through the error handler with exactly one answer. A body nobody
 * reads yet (its handler is still at the session) is answered here.
 */
function expire(body: Arriving): void {
  const { request, reply } = body
  const error = new ApiError(408, BB_FAIL, SERVER_MESSAGES.requestTimeout)
  request.log.info({ received: body.bytesSeen - body.bytesAtStart }, 'request body too slow')
  const answer = (): void => {
    if (!reply.sent && !reply.raw.headersSent && !body.socket.destroyed) {
      void reply.code(408).send(failureBody(request.url, error.code, error.message, 408))
    }
  }
  if (request.raw.listenerCount('error') === 0) return answer()
  request.raw.emit('error', error)
  // A reader that took the error and still did not answer (none known does) is answered for.
  setTimeout(answer, READER_GRACE_MS).unref()
}

/** Watches every body still arriving once its headers are in, and answers 408 when it is too slow. */
export function installBodyDeadlines(app: FastifyInstance, timeouts: RequestTimeouts): void {
  const arriving = new Set<Arriving>()
  const tickMs = clamp(Math.round(timeouts.bodyIdleMs / 10), 10, 1000)
  let ticker: NodeJS.Timeout | undefined

  const tick = (): void => {
    const now = performance.now()
    for (const body of arriving) {
      // In, answered (a refusal lingers on its own: lingering-close.ts) or gone: nothing to watch.
      if (body.request.raw.complete || body.reply.raw.headersSent || body.socket.destroyed) {
        arriving.delete(body)
        continue
      }
      const read = body.socket.bytesRead
      if (read > body.bytesSeen) {
        body.bytesSeen = read
        body.lastProgressAt = now
      }
      if (now >= deadlineOf(body, timeouts)) {
        arriving.delete(body)
        expire(body)
      }
    }
    if (arriving.size === 0) {
      clearInterval(ticker)
      ticker = undefined
    }
  }

  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket
    if (bodyStillArriving(request.raw)) {
      const now = performance.now()
      arriving.add({ request, reply, socket, startedAt: now, bytesAtStart: socket.bytesRead, bytesSeen: socket.bytesRead, lastProgressAt: now })
      ticker ??= setInterval(tick, tickMs).unref()
    }
    done()
  })
  app.addHook('onClose', (_instance, done) => {
    clearInterval(ticker)
    arriving.clear()
    done()
  })
}
