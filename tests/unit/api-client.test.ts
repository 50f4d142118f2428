// The client against a real HTTP server on 127.0.0.1 (no fetch mock): what goes over the wire and
// how each envelope, status and transport failure comes back.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import {
  ApiError,
  FALLBACK_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  configureApiClient,
  getBb,
  postBb,
  postContract,
  postMarket,
  postSecond,
  stripEmpty,
} from '../../src/lib/api-client'
import { API_MESSAGES } from '../../src/lib/api-messages'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
type Answer = { status?: number; json?: unknown; text?: string }

let server: Server
let baseUrl: string
let received: Received[] = []
let answer: (request: Received) => Answer = () => ({ json: { code: 1, msg: 'success', data: null } })

function reply(response: ServerResponse, { status = 200, json, text }: Answer) {
  response.writeHead(status, { 'content-type': json === undefined ? 'text/html' : 'application/json' })
  response.end(json === undefined ? (text ?? '') : JSON.stringify(json))
}

function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Server> {
  const started = createServer(handler)
  return new Promise((resolve) => started.listen(0, '127.0.0.1', () => resolve(started)))
}
const urlOf = (running: Server) => `http://127.0.0.1:${(running.address() as AddressInfo).port}`
const close = (running: Server) => new Promise((resolve) => running.close(resolve))

beforeAll(async () => {
  server = await listen((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const seen = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() }
      received.push(seen)
      reply(response, answer(seen))
    })
  })
  baseUrl = urlOf(server)
})
afterAll(() => close(server))

let token: string | null
let locale: string
let expired: string[]
beforeEach(() => {
  received = []
  token = 'token-1'
  locale = 'en-US'
  expired = []
  configureApiClient({ getToken: () => token, getLocale: () => locale, onSessionExpired: (m) => expired.push(m), baseUrl })
})

/** The rejection of `promise`, which must reject with an ApiError. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(() => 'resolved', (e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('requests', () => {
  it('posts the non-empty fields form-encoded with token and language headers', async () => {
    answer = () => ({ json: { code: 1, msg: 'success', data: { userId: '7', token: 't' } } })
    const payload = { account: 'a+b@c.io', password: 'pw 1', inviteCode: '', note: null, extra: undefined, zero: 0 }
    await expect(postBb('/bb/user/login', payload)).resolves.toEqual({ userId: '7', token: 't' })
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/bb/user/login')
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/)
    expect(new URLSearchParams(request?.body)).toEqual(new URLSearchParams({ account: 'a+b@c.io', password: 'pw 1', zero: '0' }))
    expect(request?.headers['access-token']).toBe('token-1')
    expect(request?.headers['accept-language']).toBe('en-US,en')
  })

  it('sends no token header without a token', async () => {
    token = null
    await postBb('/bb/x')
    expect(received[0]?.headers).not.toHaveProperty('access-token')
  })

  it.each([
    ['en-US', 'en-US,en'],
    ['zh-CN', 'zh-CN,zh'],
    ['ko', 'ko-KR,ko'],
    ['ja', 'ja-JP,ja'],
    ['fr', 'en-US,en'],
  ])('sends accept-language for %s as %s', async (current, header) => {
    locale = current
    await postBb('/bb/x')
    expect(received[0]?.headers['accept-language']).toBe(header)
  })

  it('adds the caller headers', async () => {
    await postContract('/contract/contract/transfer', { amount: '1' }, { headers: { 'idempotency-key': 'k-1' } })
    expect(received[0]?.headers['idempotency-key']).toBe('k-1')
  })

  it('GET sends the non-empty query fields in the URL and no body', async () => {
    answer = () => ({ json: { code: 1, msg: '', data: [{ paramName: 'a', valueName: 'b' }] } })
    await expect(getBb('/bb/paramter/getParamListByKeyName', { keyName: 'customer', empty: '' })).resolves.toEqual([
      { paramName: 'a', valueName: 'b' },
    ])
    expect(received[0]).toMatchObject({ method: 'GET', url: '/bb/paramter/getParamListByKeyName?keyName=customer', body: '' })
  })

  it('posts an upload as multipart form data with its file', async () => {
    const form = new FormData()
    form.append('currency', 'USDT')
    form.append('proof', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'proof.png')
    await postBb('/bb/assets/deposit', form)
    const [request] = received
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(request?.body).toContain('name="currency"\r\n\r\nUSDT')
    expect(request?.body).toContain('filename="proof.png"')
    expect(request?.headers['access-token']).toBe('token-1')
  })

  it('stripEmpty is exported for callers', () => expect(stripEmpty({ a: '', b: 'x' })).toEqual({ b: 'x' }))
})

describe('envelopes', () => {
  it('/contract/app/contract/second/* resolves result of code 200', async () => {
    answer = () => ({ json: { code: 200, msg: 'success', result: { list: [], totalRow: 0 } } })
    await expect(postSecond('/contract/app/contract/second/getContractRecord')).resolves.toEqual({ list: [], totalRow: 0 })
  })
  it('/contract/app/contract/second/* treats code 1 as a failure', async () => {
    answer = () => ({ json: { code: 1, msg: 'not ok here', result: null } })
    const error = await failure(postSecond('/contract/app/contract/second/createOrder'))
    expect(error).toMatchObject({ kind: 'business', code: 1, message: 'not ok here' })
  })
  it('/contract/contract/* resolves data of code 1', async () => {
    answer = () => ({ json: { code: 1, msg: 'success', data: { list: [1], sum: 1 } } })
    await expect(postContract('/contract/contract/getAssetsRecord')).resolves.toEqual({ list: [1], sum: 1 })
  })
  it('market resolves the whole body when status is ok', async () => {
    const body = { status: 'ok', ch: 'market.btcusdt.kline.1min', data: [{ id: 1, open: 1 }] }
    answer = () => ({ json: body })
    await expect(postMarket('/bb/huobi/getKline', { symbol: 'btcusdt' })).resolves.toEqual(body)
  })
  it.each([{ status: 'error', 'err-msg': 'bad symbol' }, { msg: 'no status' }])('market rejects %j with error', async (json) => {
    answer = () => ({ json })
    const error = await failure(postMarket('/bb/huobi/getKline'))
    expect(error).toMatchObject({ kind: 'business', message: 'error', status: 200 })
  })
})

describe('failures', () => {
  it.each([
    [{ code: 0, msg: 'Email error', message: 'other' }, 'Email error'],
    [{ code: 0, msg: '', message: 'from message' }, 'from message'],
    [{ code: 0, message: 'from message' }, 'from message'],
    [{ code: 0, msg: '' }, 'error'],
    [{ code: 3 }, 'error'],
  ])('a business failure %j shows %j', async (json, message) => {
    answer = () => ({ json })
    const error = await failure(postBb('/bb/x'))
    expect(error).toMatchObject({ kind: 'business', code: json.code, status: 200, message })
  })

  it('a non-200 status with an envelope rejects with its msg', async () => {
    answer = () => ({ status: 400, json: { code: 0, msg: SERVER_MESSAGES.invalidRequest, data: null } })
    const error = await failure(postBb('/bb/x'))
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 0, message: SERVER_MESSAGES.invalidRequest })
  })
  it('a 5xx status without an envelope says the server is busy', async () => {
    answer = () => ({ status: 502, text: '<h1>Bad gateway</h1>' })
    const error = await failure(postContract('/contract/x'))
    expect(error).toMatchObject({ kind: 'http', status: 502, message: SERVER_MESSAGES.serverError })
  })
  it('another status without an envelope names the status', async () => {
    answer = () => ({ status: 404, text: 'missing' })
    const error = await failure(postMarket('/bb/huobi/x'))
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Request failed with status code 404' })
  })
  it('a 201 is not a success either (spec §8: any status but 200)', async () => {
    answer = () => ({ status: 201, json: { code: 1, msg: 'success', data: 1 } })
    expect(await failure(postBb('/bb/x'))).toMatchObject({ kind: 'http', status: 201 })
  })
  it('a 200 that is not JSON rejects with error', async () => {
    answer = () => ({ text: '<!doctype html><title>app</title>' })
    expect(await failure(postBb('/bb/x'))).toMatchObject({ kind: 'http', status: 200, message: FALLBACK_MESSAGE })
  })
})

describe('expired session (code -2)', () => {
  const groups: [string, (path: string) => Promise<unknown>][] = [
    ['/bb', postBb],
    ['/contract/app/contract/second', postSecond],
    ['/contract/contract', postContract],
    ['/bb/huobi', postMarket],
  ]
  it.each(groups)('in %s calls onSessionExpired and rejects', async (prefix, call) => {
    answer = () => ({ json: { code: -2, msg: SERVER_MESSAGES.sessionExpired, data: null } })
    const error = await failure(call(`${prefix}/x`))
    expect(error).toMatchObject({ kind: 'session', code: -2, message: SERVER_MESSAGES.sessionExpired })
    expect(expired).toEqual([SERVER_MESSAGES.sessionExpired])
  })
  it('is reported once per token, however many calls fail', async () => {
    answer = () => ({ status: 401, json: { code: -2, msg: 'gone' } })
    const errors = await Promise.all([failure(postBb('/bb/a')), failure(postBb('/bb/b')), failure(postContract('/contract/c'))])
    expect(errors.map((e) => e.kind)).toEqual(['session', 'session', 'session'])
    expect(expired).toEqual(['gone'])
    token = 'token-2'
    await failure(postBb('/bb/a'))
    expect(expired).toEqual(['gone', 'gone'])
  })
  it('falls back to the session-expired text when the body says nothing', async () => {
    answer = () => ({ json: { code: -2 } })
    expect(await failure(postBb('/bb/x'))).toMatchObject({ message: SERVER_MESSAGES.sessionExpired })
    expect(expired).toEqual([SERVER_MESSAGES.sessionExpired])
  })
})

describe('transport', () => {
  it('a closed port rejects as a network error', async () => {
    const closed = await listen(() => {})
    const url = urlOf(closed)
    await close(closed)
    configureApiClient({ getToken: () => null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: url })
    expect(await failure(postBb('/bb/x'))).toMatchObject({ kind: 'network', message: NETWORK_ERROR_MESSAGE })
  })

  it('a server that never answers times out', async () => {
    const silent = await listen(() => {})
    try {
      configureApiClient({ getToken: () => null, getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl: urlOf(silent), timeoutMs: 50 })
      expect(await failure(postBb('/bb/x'))).toMatchObject({ kind: 'timeout', message: TIMEOUT_MESSAGE })
    } finally {
      silent.closeAllConnections()
      await close(silent)
    }
  })

  it('a call the caller aborts rejects with the abort reason, not an ApiError', async () => {
    const controller = new AbortController()
    controller.abort(new DOMException('left the screen', 'AbortError'))
    const error: unknown = await postBb('/bb/x', {}, { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError', message: 'left the screen' })
  })

  it('its texts are the catalog ids of api-messages', () => {
    expect(API_MESSAGES.network.id).toBe(NETWORK_ERROR_MESSAGE)
    expect(API_MESSAGES.timeout.id).toBe(TIMEOUT_MESSAGE)
    expect(API_MESSAGES.fallback.id).toBe(FALLBACK_MESSAGE)
  })
})
