// A POST written byte by byte on a raw TCP socket (node:net), for the tests of oversized bodies: the
// body can be announced with Content-Length or sent chunked, written all at once or in paced
// pieces. A polite client stops sending and hangs up once it has its whole answer (as curl does); a
// stubborn one goes on sending all of its body after the answer and the server's FIN (as a browser
// that only looks at the answer once its upload is done), or for ever. It records whether the
// answer was read in full before anything broke the connection: what a client needs to show it.
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export type Framing = 'content-length' | 'chunked'

export interface RawPost {
  url: string
  path: string
  headers: Record<string, string>
  /** The body in pieces (they are only concatenated on the wire). */
  body: Buffer[]
  framing: Framing
  /** Undefined: everything written at once. Else: pieces of this size with `pauseMs` between. */
  piece?: number
  pauseMs?: number
  /** Send the whole body whatever the answer; hang up only after. */
  stubborn?: boolean
  /** Stubborn for ever: chunks after the body, until the server cuts the connection (chunked only). */
  endless?: boolean
  /** Bytes written right after the body: a second request pipelined behind it. */
  pipelined?: Buffer
}

export interface RawOutcome {
  status: number
  headers: Record<string, string>
  body: string
  /** The answer's bytes all arrived (its Content-Length was reached). */
  complete: boolean
  /** What broke the connection before the answer was complete (e.g. ECONNRESET, EPIPE). */
  failure?: string
  /** Milliseconds from the complete answer until the connection was gone. */
  closedAfterMs?: number
  /** Body bytes the client managed to hand to its socket. */
  sent: number
}

const GIVE_UP_MS = 15_000

interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
  length: number
}

/** The answer, once its head and all the bytes its Content-Length announces are there. */
function parseAnswer(bytes: Buffer): Answer | undefined {
  const end = bytes.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? Number.NaN)
  return { status: Number(statusLine.split(' ')[1]), headers, body: bytes.subarray(end + 4), length }
}

function frame(piece: Buffer, framing: Framing): Buffer[] {
  if (framing === 'content-length') return [piece]
  return [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]
}

/** Splits the pieces of a body into parts of at most `size` bytes (views, no copies). */
function* slices(body: Buffer[], size: number): Generator<Buffer> {
  for (const part of body) {
    for (let at = 0; at < part.length; at += size) yield part.subarray(at, at + size)
  }
}

export function rawPost(post: RawPost): Promise<RawOutcome> {
  const { hostname, port } = new URL(post.url)
  const total = post.body.reduce((sum, part) => sum + part.length, 0)
  const framingHeader = post.framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }
  const head = Object.entries({ host: `${hostname}:${port}`, ...post.headers, ...framingHeader })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')

  const stubborn = post.stubborn === true || post.endless === true
  return new Promise((resolve) => {
    // Half-open allowed: the client goes on writing after the server's FIN, as a stubborn one would.
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true })
    const received: Buffer[] = []
    let answer: Answer | undefined
    let completeAt: number | undefined
    let failure: string | undefined
    let sent = 0
    const open = (): boolean => !socket.destroyed

    const outcome = (): RawOutcome => {
      const complete = completeAt !== undefined
      return {
        status: answer?.status ?? 0,
        headers: answer?.headers ?? {},
        body: answer ? answer.body.toString('utf8', 0, Number.isNaN(answer.length) ? undefined : answer.length) : '',
        complete,
        ...(failure === undefined ? {} : { failure }),
        ...(completeAt === undefined ? {} : { closedAfterMs: performance.now() - completeAt }),
        sent,
      }
    }
    const giveUp = setTimeout(() => {
      failure ??= 'timeout'
      socket.destroy()
    }, GIVE_UP_MS)

    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      answer = parseAnswer(Buffer.concat(received))
      if (answer && completeAt === undefined && answer.body.length >= answer.length) {
        completeAt = performance.now()
        if (!stubborn) socket.destroy()
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (completeAt === undefined) failure ??= error.code ?? error.message
    })
    socket.on('end', () => {
      // The server's FIN: what came before it is the whole answer.
      if (completeAt === undefined) failure ??= 'closed before the answer was complete'
    })
    socket.on('close', () => {
      clearTimeout(giveUp)
      resolve(outcome())
    })

    const write = (bytes: Buffer): void => {
      // A write that fails is reported by the 'error' event; its callback has nothing to add.
      if (open()) socket.write(bytes, () => {})
    }

    void (async () => {
      await new Promise<void>((connected) => socket.once('connect', () => connected()))
      write(Buffer.from(`POST ${post.path} HTTP/1.1\r\n${head}\r\n`, 'latin1'))
      if (post.piece === undefined) {
        for (const part of post.body) for (const bytes of frame(part, post.framing)) write(bytes)
        sent = total
      } else {
        for (const piece of slices(post.body, post.piece)) {
          if (!open()) break
          for (const bytes of frame(piece, post.framing)) write(bytes)
          sent += piece.length
          await sleep(post.pauseMs ?? 1)
        }
      }
      if (post.framing === 'chunked') {
        const filler = post.body.at(-1) ?? Buffer.alloc(1024)
        while (post.endless && open()) {
          for (const bytes of frame(filler.subarray(0, 64 * 1024), 'chunked')) write(bytes)
          sent += Math.min(filler.length, 64 * 1024)
          await sleep(post.pauseMs ?? 1)
        }
        write(Buffer.from('0\r\n\r\n'))
      }
      if (post.pipelined) write(post.pipelined)
      // All sent: hang up once the answer is there.
      const hangUp = () => {
        if (open()) socket.end()
      }
      if (completeAt !== undefined) hangUp()
      else socket.on('data', () => completeAt !== undefined && hangUp())
    })()
  })
}
