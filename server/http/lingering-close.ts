// Lingering close: an answer given while its request's body is still arriving (a 413 for a body
// over its limit, or any refusal of an upload before it was read) must reach the client, and the
// rest of that body must not be read into memory or for ever.
//
// Without this, Node ends such a connection the instant the answer is written: with `Connection:
// close` (which Fastify sets on every body-parser error) its http server calls
// `socket.destroySoon()` when the response finishes (lib/_http_server.js, resOnFinish), which
// sends the FIN and closes the socket as soon as the answer is flushed. Closing a socket whose
// receive buffer still holds unread bytes of the body makes the kernel send a reset (RST), and every
// byte the client sends after that is answered with one too. A client still writing its body then
// fails with EPIPE or ECONNRESET and, depending on timing, before it has read the 413 in its
// buffer: "a network error" instead of the message.
//
// So, as nginx does: the answer goes out with `Connection: close` and a FIN, then the connection
// stays open to read and drop what the client is still sending, until the client has sent its
// whole body or hung up, and at most LINGER_MS; then it is closed. Nothing is kept: the bytes flow
// through the HTTP parser and are discarded. Requests the client pipelines after a refused body
// are never run (their answer could not be sent on a connection already ended).
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * How long a refused body may go on arriving after its answer. Long enough for a client that is
 * still uploading to notice the answer (it is in its receive buffer before the cut); short, so a
 * sender that never stops holds a connection only briefly.
 */
export const LINGER_MS = 2000

const lingering = new WeakSet<Socket>()

/** Whether the request announced a body that has not fully arrived yet. */
export function bodyStillArriving(request: IncomingMessage): boolean {
  if (request.complete) return false
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0
}

function linger(request: IncomingMessage, socket: Socket): void {
  lingering.add(socket)
  // The FIN after the answer: the client reads it to its end.
  socket.end()
  const close = (): void => {
    socket.destroy()
  }
  // Closed only once the answer has left, and with nothing unread, so the close is a clean one.
  const closeWhenWritten = (): void => {
    if (socket.writableFinished) close()
    else socket.once('finish', close)
  }
  if (request.complete) return closeWhenWritten()
  // Whoever was reading the body (a parser, busboy) has given up on it: drop the rest as it comes.
  request.unpipe()
  request.removeAllListeners('data')
  request.resume()
  const deadline = setTimeout(close, LINGER_MS)
  socket.once('close', () => clearTimeout(deadline))
  request.once('end', closeWhenWritten)
  socket.once('end', closeWhenWritten)
}

/**
 * The same close after an answer written straight to the socket, before Node had a request to hand
 * to Fastify (a headers timeout: request-timeouts.ts): the FIN, then whatever the client still sends
 * is read by Node's parser and dropped (a request it completes meanwhile is never run, as above),
 * for at most LINGER_MS.
 */
export function lingerAfterRawAnswer(socket: Socket): void {
  lingering.add(socket)
  socket.end()
  const close = (): void => {
    socket.destroy()
  }
  const deadline = setTimeout(close, LINGER_MS)
  socket.once('close', () => clearTimeout(deadline))
  socket.once('end', () => (socket.writableFinished ? close() : socket.once('finish', close)))
}

export function installLingeringClose(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // A request pipelined behind a refused body: the connection is already ended for answers.
    if (lingering.has(request.raw.socket)) {
      reply.hijack()
      request.raw.socket.destroy()
    }
    done()
  })

  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw
    if (reply.statusCode === 413 || bodyStillArriving(raw)) {
      // The connection ends with this answer (a 413 always: its body may still be coming).
      reply.header('connection', 'close')
      const socket = raw.socket
      // Called by Node once this last answer is written, instead of its destroy-when-flushed.
      socket.destroySoon = () => linger(raw, socket)
    }
    done(null, payload)
  })
}
