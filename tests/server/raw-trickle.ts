// A raw TCP client (node:net) that sends a request the way a slow or hostile one does: some bytes,
// then more at a pace, or nothing more at all; for the request-timeout tests. It records when the
// answer was complete and when the server closed the connection, from the first byte written.
import { connect } from 'node:net'

export interface Trickle {
  url: string
  /** Written as soon as the connection is open ('' for a connection that sends nothing). */
  first: string | Buffer
  /** The next piece, every `pauseMs`; undefined: stop sending (but keep the connection open). */
  next?: (index: number) => string | Buffer | undefined
  pauseMs?: number
  /** Give up (and report no close) after this long. */
  giveUpMs?: number
}

export interface TrickleOutcome {
  status: number
  headers: Record<string, string>
  body: string
  /** The parsed JSON body, or undefined. */
  json: unknown
  /** Milliseconds from the first byte written until the whole answer was in; undefined: no answer. */
  answeredAfterMs: number | undefined
  /** Milliseconds until the server closed the connection; undefined: still open at giveUpMs. */
  closedAfterMs: number | undefined
  /** A reset or other failure before the answer was complete. */
  failure?: string
}

function parse(bytes: Buffer): Omit<TrickleOutcome, 'answeredAfterMs' | 'closedAfterMs'> & { complete: boolean } {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return { status: 0, headers: {}, body: '', json: undefined, complete: false }
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? Number.NaN)
  const body = bytes.toString('utf8', end + 4)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body, json, complete: Buffer.byteLength(body) >= length }
}

export function trickle(request: Trickle): Promise<TrickleOutcome> {
  const { hostname, port } = new URL(request.url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true })
    const started = performance.now()
    const received: Buffer[] = []
    let answeredAfterMs: number | undefined
    let failure: string | undefined
    let index = 0
    let pacer: NodeJS.Timeout | undefined
    const finish = (closedAfterMs: number | undefined): void => {
      clearInterval(pacer)
      clearTimeout(giveUp)
      const { complete: _complete, ...answer } = parse(Buffer.concat(received))
      resolve({ ...answer, answeredAfterMs, closedAfterMs, ...(failure === undefined ? {} : { failure }) })
    }
    const giveUp = setTimeout(() => {
      socket.removeAllListeners('close')
      socket.destroy()
      finish(undefined)
    }, request.giveUpMs ?? 10_000)
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      if (answeredAfterMs === undefined && parse(Buffer.concat(received)).complete) answeredAfterMs = performance.now() - started
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (answeredAfterMs === undefined) failure ??= error.code ?? error.message
    })
    // The server's FIN: answer it with ours, as a client does once it has read to the end.
    socket.on('end', () => socket.end())
    socket.on('close', () => finish(performance.now() - started))
    socket.once('connect', () => {
      if (request.first.length > 0) socket.write(request.first)
      const next = request.next
      if (!next) return
      pacer = setInterval(() => {
        const piece = next(index++)
        if (piece === undefined) clearInterval(pacer)
        else if (socket.writable) socket.write(piece, () => {})
      }, request.pauseMs ?? 100)
    })
  })
}
