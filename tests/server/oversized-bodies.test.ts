// An oversized body always gets its answer: 413 in the group's envelope with the server message,
// read in full by the client, never a reset connection, EPIPE or ECONNRESET before that, on every
// kind of route (form calls, market calls, JSON, unknown paths, the three image uploads). Each is
// sent on a raw socket at 1.01×, 2× and 10× its limit, announced with Content-Length or chunked,
// all at once or in paced pieces; also by clients that send all of a 10× body whatever the answer.
// And the server stays safe (server/http/lingering-close.ts): a client that never stops sending
// is cut off soon after its answer, and a request pipelined behind a refused body is not run.
import { setTimeout as sleep } from 'node:timers/promises'
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { ASSET_PATHS } from '../../src/contract/assets.ts'
import { CONTRACT_PATHS } from '../../src/contract/contracts.ts'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { MARKET_ERROR_CODES, MARKET_PATHS } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { SECONDS_PATHS } from '../../src/contract/seconds.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { BODY_LIMIT } from '../../server/app.ts'
import { LINGER_MS } from '../../server/http/lingering-close.ts'
import { MAX_UPLOAD_BYTES } from '../../server/uploads/image-header.ts'
import { pngImage } from './deposit-support.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'
import { type Framing, rawPost, type RawOutcome } from './raw-socket-post.ts'

let server: TestServer
/**
 * A user may have MAX_UPLOADS_IN_FLIGHT uploads read at once (server/uploads/in-flight.ts, 429
 * beyond); the uploads here (at most ~40 at a time) take these users in turn.
 */
let sessions: Array<Record<string, string>>
let uploads = 0
const nextSession = (): Record<string, string> => sessions[uploads++ % sessions.length] ?? {}
beforeAll(async () => {
  server = await startServer()
  sessions = await Promise.all(
    Array.from({ length: 24 }, async (_, i) => ({ [TOKEN_HEADER]: (await registerAndLogin(server, `big${i}@bodies.test`)).token })),
  )
}, 60_000)
afterAll(() => server.close())

/** Shared filler, sliced (never copied) into every body; 10× the upload limit is the most needed. */
const FILLER = Buffer.alloc(10 * MAX_UPLOAD_BYTES + 1024 * 1024, 0x61)
const FACTORS = [1.01, 2, 10]
const FRAMINGS: Framing[] = ['content-length', 'chunked']

interface Route {
  name: string
  path: string
  limit: number
  /** The request's headers and body for a body (or file) of `size` bytes. */
  request(size: number): { headers: Record<string, string>; body: Buffer[] }
  expected: object
}

const bb = (msg: string) => ({ code: 0, msg, data: null })

const form = (size: number) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: [Buffer.from('symbol=btcusdt&pad='), FILLER.subarray(0, size - 19)],
})

const json = (size: number) => ({
  headers: { 'content-type': 'application/json' },
  body: [Buffer.from('{"pad":"'), FILLER.subarray(0, size - 10), Buffer.from('"}')],
})

/** A multipart form whose file `field` is a real PNG padded to `size` bytes. */
function multipart(field: string, fields: Record<string, string> = {}) {
  return (size: number) => {
    const boundary = '----oversized-body-test'
    const text = Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('')
    const png = pngImage(2, 2)
    const fileHead = `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${field}.png"\r\ncontent-type: image/png\r\n\r\n`
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...nextSession() },
      body: [Buffer.from(text + fileHead), png, FILLER.subarray(0, size - png.length), Buffer.from(`\r\n--${boundary}--\r\n`)],
    }
  }
}

const ROUTES: Route[] = [
  { name: 'a /bb form call', path: USER_PATHS.login, limit: BODY_LIMIT, request: form, expected: bb(SERVER_MESSAGES.bodyTooLarge) },
  { name: 'a /contract form call', path: CONTRACT_PATHS.positions, limit: BODY_LIMIT, request: form, expected: bb(SERVER_MESSAGES.bodyTooLarge) },
  {
    name: 'a seconds-contract call',
    path: SECONDS_PATHS.records,
    limit: BODY_LIMIT,
    request: form,
    expected: { code: 0, msg: SERVER_MESSAGES.bodyTooLarge, result: null },
  },
  {
    name: 'a market call',
    path: MARKET_PATHS.kline,
    limit: BODY_LIMIT,
    request: form,
    expected: { status: 'error', 'err-code': MARKET_ERROR_CODES.tooLarge, 'err-msg': SERVER_MESSAGES.bodyTooLarge, data: null },
  },
  { name: 'a JSON body', path: USER_PATHS.login, limit: BODY_LIMIT, request: json, expected: bb(SERVER_MESSAGES.bodyTooLarge) },
  { name: 'an unknown /bb path', path: '/bb/no/such/call', limit: BODY_LIMIT, request: form, expected: bb(SERVER_MESSAGES.bodyTooLarge) },
  { name: 'an unknown path elsewhere', path: '/nowhere', limit: BODY_LIMIT, request: json, expected: bb(SERVER_MESSAGES.bodyTooLarge) },
  { name: 'the avatar', path: PROFILE_PATHS.uploadIcon, limit: MAX_UPLOAD_BYTES, request: multipart('icon'), expected: bb(SERVER_MESSAGES.imageTooLarge) },
  {
    name: 'a deposit proof',
    path: ASSET_PATHS.deposit,
    limit: MAX_UPLOAD_BYTES,
    request: multipart('proof', { currency: 'USDT', chain: 'TRC20', amount: '10' }),
    expected: bb(SERVER_MESSAGES.imageTooLarge),
  },
  {
    name: 'an identity photo',
    path: PROFILE_PATHS.kycSubmit,
    limit: MAX_UPLOAD_BYTES,
    request: multipart('front', { name: 'Lee Min', docType: '2', docNumber: 'E12345678' }),
    expected: bb(SERVER_MESSAGES.imageTooLarge),
  },
]

/** What is wrong with an outcome, or undefined when the client read the whole 413 it expected. */
function problemOf(outcome: RawOutcome, expected: object): string | undefined {
  if (outcome.failure !== undefined) return `${outcome.failure} (status ${outcome.status}, ${outcome.sent} bytes sent)`
  if (outcome.status !== 413) return `status ${outcome.status}: ${outcome.body.slice(0, 120)}`
  if (outcome.headers.connection !== 'close') return `no "connection: close" (${outcome.headers.connection})`
  let body: unknown
  try {
    body = JSON.parse(outcome.body)
  } catch {
    body = undefined
  }
  return isDeepStrictEqual(body, expected) ? undefined : `body ${outcome.body.slice(0, 160)}`
}

/** Slow senders write pieces of a quarter of the limit (64 KB at most), 1 ms apart. */
const slowPiece = (route: Route): number => Math.min(Math.ceil(route.limit / 4), 64 * 1024)

interface Variant {
  factor: number
  framing: Framing
  slow: boolean
  stubborn?: boolean
}

const ALL_VARIANTS: Variant[] = FACTORS.flatMap((factor) => FRAMINGS.flatMap((framing) => [false, true].map((slow) => ({ factor, framing, slow }))))

/** Sends each variant to the route at once; answers what went wrong, one line per variant. */
async function problemsOf(route: Route, variants: Variant[]): Promise<string[]> {
  const problems: string[] = []
  await Promise.all(
    variants.map(async ({ factor, framing, slow, stubborn }) => {
      const { headers, body } = route.request(Math.ceil(route.limit * factor))
      const piece = slow ? slowPiece(route) : undefined
      const outcome = await rawPost({ url: server.url, path: route.path, headers, body, framing, piece, pauseMs: 1, stubborn })
      const problem = problemOf(outcome, route.expected)
      if (problem !== undefined) problems.push(`${factor}× ${framing} ${slow ? 'slow' : 'fast'}: ${problem}`)
    }),
  )
  return problems.toSorted()
}

/** An upload whose file part is opened and never closed: endless chunks go on filling it. */
function openFile(field: string) {
  const { headers, body } = multipart(field)(64 * 1024)
  return { headers, body: body.slice(0, -1) }
}

const routeNamed = (name: string): Route => ROUTES.find((route) => route.name === name) as Route

describe.concurrent('an oversized body is answered 413, and the client reads the answer', () => {
  it.for(ROUTES)('$name', async (route, { expect }) => {
    expect(await problemsOf(route, ALL_VARIANTS)).toEqual([])
  })

  it('also when the client sends all of a 10× body after the answer', async ({ expect }) => {
    const stubborn = FRAMINGS.flatMap((framing) => [false, true].map((slow) => ({ factor: 10, framing, slow, stubborn: true })))
    const problems = await Promise.all(['a /bb form call', 'the avatar'].map((name) => problemsOf(routeNamed(name), stubborn)))
    expect(problems.flat()).toEqual([])
  })

  it('and a request pipelined behind a refused body is never run', async ({ expect }) => {
    const email = 'pipelined@bodies.test'
    const second = `email=${encodeURIComponent(email)}`
    const pipelined = Buffer.from(
      `POST ${USER_PATHS.sendEmailCode} HTTP/1.1\r\nhost: test\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: ${second.length}\r\n\r\n${second}`,
    )
    const outcome = await rawPost({ url: server.url, path: USER_PATHS.login, ...form(2 * BODY_LIMIT), framing: 'content-length', stubborn: true, pipelined })
    expect(problemOf(outcome, bb(SERVER_MESSAGES.bodyTooLarge))).toBeUndefined()
    // Its answer could never be sent on a connection already ended, so it must not act either.
    await sleep(200)
    expect(await server.mailsTo(email)).toEqual([])
  })

  it('and a client that never stops sending is cut off soon after its answer', async ({ expect }) => {
    const endless = { url: server.url, framing: 'chunked', endless: true, pauseMs: 1 } as const
    const [formCall, upload] = await Promise.all([
      rawPost({ ...endless, path: USER_PATHS.login, ...form(BODY_LIMIT), piece: 16 * 1024 }),
      rawPost({ ...endless, path: PROFILE_PATHS.uploadIcon, ...openFile('icon') }),
    ])
    expect(problemOf(formCall, bb(SERVER_MESSAGES.bodyTooLarge))).toBeUndefined()
    expect(problemOf(upload, bb(SERVER_MESSAGES.imageTooLarge))).toBeUndefined()
    // LINGER_MS after the answer, give or take a busy event loop (the other cases run meanwhile).
    for (const outcome of [formCall, upload]) expect(outcome.closedAfterMs).toBeLessThan(LINGER_MS + 4000)
  })
})
