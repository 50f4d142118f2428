// Slow clients are cut off within their bound, and told so: headers trickled a line at a time, a
// connection that sends nothing, a body trickled a byte at a time or stalled half-way (a form call,
// an upload, a market call), a steady body that goes on past the whole-request bound, each gets a
// 408 in its group's envelope and the connection ends; a slow but steady body is read and answered;
// an idle keep-alive connection is closed. The server runs with short bounds
// (server/http/request-timeouts.ts) so that each case takes about a second.
import { afterAll, beforeAll, describe, it } from 'vitest'
import { TOKEN_HEADER } from '../../src/contract/envelopes.ts'
import { MARKET_ERROR_CODES, MARKET_PATHS } from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { PROFILE_PATHS } from '../../src/contract/profile.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { LINGER_MS } from '../../server/http/lingering-close.ts'
import type { RequestTimeouts } from '../../server/http/request-timeouts.ts'
import { storedUploads } from './deposit-support.ts'
import { registerAndLogin, startServer, type TestServer } from './harness.ts'
import { trickle, type TrickleOutcome } from './raw-trickle.ts'

const TIMEOUTS: RequestTimeouts = { headersMs: 500, bodyIdleMs: 500, bodyMinBytesPerSecond: 4096, requestMs: 2500, keepAliveMs: 400 }
/** What a busy test machine may add to a bound (timers, two cores shared with other suites). */
const SLACK_MS = 1000

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startServer({ requestTimeouts: TIMEOUTS })
  token = (await registerAndLogin(server, 'slow@timeouts.test')).token
}, 30_000)
afterAll(() => server.close())

const timedOut = { code: 0, msg: SERVER_MESSAGES.requestTimeout, data: null }

/** A request head for a form body (or the given content type) of `length` bytes. */
const head = (path: string, length: number, headers: Record<string, string> = {}): string =>
  `POST ${path} HTTP/1.1\r\nhost: test\r\n` +
  Object.entries({ 'content-type': 'application/x-www-form-urlencoded', ...headers, 'content-length': String(length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('') +
  '\r\n'

/** Answered 408 with `body` between `bound` and bound + slack, and the connection gone soon after. */
function expectCut(expect: (value: unknown) => any, outcome: TrickleOutcome, bound: number, body: object = timedOut): void {
  expect({ status: outcome.status, json: outcome.json, connection: outcome.headers.connection, failure: outcome.failure }).toEqual({
    status: 408,
    json: body,
    connection: 'close',
    failure: undefined,
  })
  expect(outcome.answeredAfterMs).toBeGreaterThanOrEqual(bound - 50)
  expect(outcome.answeredAfterMs).toBeLessThan(bound + SLACK_MS)
  expect(outcome.closedAfterMs).toBeLessThan((outcome.answeredAfterMs ?? 0) + LINGER_MS + SLACK_MS)
}

describe.concurrent('a slow client is answered 408 and cut off within its bound', () => {
  it('headers trickled a line every 100 ms', async ({ expect }) => {
    const outcome = await trickle({
      url: server.url,
      first: `POST ${USER_PATHS.login} HTTP/1.1\r\nhost: test\r\n`,
      next: (i) => `x-pad-${i}: x\r\n`,
      pauseMs: 100,
    })
    expectCut(expect, outcome, TIMEOUTS.headersMs)
  })

  it('a connection that sends nothing', async ({ expect }) => {
    expectCut(expect, await trickle({ url: server.url, first: '' }), TIMEOUTS.headersMs)
  })

  it('a body trickled a byte every 100 ms', async ({ expect }) => {
    const outcome = await trickle({ url: server.url, first: head(USER_PATHS.login, 1000), next: () => 'a', pauseMs: 100 })
    expectCut(expect, outcome, TIMEOUTS.bodyIdleMs)
  })

  it('a body that stops half-way', async ({ expect }) => {
    const outcome = await trickle({ url: server.url, first: `${head(USER_PATHS.login, 1000)}account=${'a'.repeat(492)}` })
    expectCut(expect, outcome, TIMEOUTS.bodyIdleMs)
  })

  it('an upload trickled a byte every 100 ms: nothing is stored', async ({ expect }) => {
    const boundary = 'slow-upload'
    const start = `--${boundary}\r\ncontent-disposition: form-data; name="icon"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`
    const outcome = await trickle({
      url: server.url,
      first: head(PROFILE_PATHS.uploadIcon, 200_000, { 'content-type': `multipart/form-data; boundary=${boundary}`, [TOKEN_HEADER]: token }) + start,
      next: () => 'a',
      pauseMs: 100,
    })
    expectCut(expect, outcome, TIMEOUTS.bodyIdleMs)
    expect(await storedUploads(server)).toEqual([])
  })

  it("a market call, in Huobi's shape", async ({ expect }) => {
    const outcome = await trickle({ url: server.url, first: head(MARKET_PATHS.kline, 1000), next: () => 'a', pauseMs: 100 })
    expectCut(expect, outcome, TIMEOUTS.bodyIdleMs, {
      status: 'error',
      'err-code': MARKET_ERROR_CODES.badRequest,
      'err-msg': SERVER_MESSAGES.requestTimeout,
      data: null,
    })
  })

  it('a steady body that goes on past the whole-request bound', async ({ expect }) => {
    // 1 KB every 50 ms: 20 KB/s, above the minimum rate, but 60 KB would take 3 s.
    const outcome = await trickle({ url: server.url, first: `${head(USER_PATHS.login, 60 * 1024)}account=`, next: () => 'a'.repeat(1024), pauseMs: 50 })
    expectCut(expect, outcome, TIMEOUTS.requestMs)
  })
})

describe.concurrent('a slow but steady client is served', () => {
  it('a body at 16 KB/s that takes longer than the pause bound is read and answered', async ({ expect }) => {
    const size = 12 * 1024
    const prefix = 'account=slow%40timeouts.test&password=Wrong2026pass&pad='
    const pieces = Math.ceil((size - prefix.length) / 1024)
    const outcome = await trickle({
      url: server.url,
      first: head(USER_PATHS.login, prefix.length + pieces * 1024) + prefix,
      next: (i) => (i < pieces ? 'a'.repeat(1024) : undefined),
      pauseMs: 60,
    })
    expect({ status: outcome.status, json: outcome.json }).toEqual({ status: 200, json: { code: 0, msg: SERVER_MESSAGES.loginFailed, data: null } })
    expect(outcome.answeredAfterMs).toBeGreaterThan(TIMEOUTS.bodyIdleMs)
  })

  it('and an idle keep-alive connection is closed after its bound', async ({ expect }) => {
    const outcome = await trickle({ url: server.url, first: 'GET /bb/no/such/call HTTP/1.1\r\nhost: test\r\n\r\n' })
    expect(outcome.status).toBe(404)
    const idle = (outcome.closedAfterMs ?? Number.POSITIVE_INFINITY) - (outcome.answeredAfterMs ?? 0)
    expect(idle).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 50)
    // Node adds its keep-alive buffer (1 s) to the socket's timeout.
    expect(idle).toBeLessThan(TIMEOUTS.keepAliveMs + 1000 + SLACK_MS)
  })
})
