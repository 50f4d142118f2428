// Code -3 (the server wants the login password again) against a real HTTP server on 127.0.0.1: the
// client asks its askPassword hook once for every call waiting, checks the password through
// /bb/user/confirmPassword, and sends the very same request again, once: same body, same
// idempotency key, so the money moves once. A Cancel fails the call with the server's message.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDEMPOTENCY_HEADER, REAUTH_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { ApiError, configureApiClient, postBb, postContract, postSecond, uploadBb, type ApiClientHooks } from '../../src/lib/api-client'

const TRANSFER = '/contract/contract/transfer'
const ORDER = '/contract/app/contract/second/createOrder'
const PASSWORD = 'Right2026pass'

interface Received {
  url: string
  key: string | undefined
  body: string
}

let server: Server
let baseUrl: string
let received: Received[] = []
/** Requests seen (path, key and body): each one's first attempt is answered -3, whenever it comes. */
let seen = new Set<string>()
/** Right passwords received: a request sent again after one goes through. */
let confirmations = 0
/** Answers -3 even right after a confirmation (a server whose window is shorter than the round trip). */
let alwaysDue = false

function answer(request: Received): { status?: number; json: unknown } {
  if (request.url === USER_PATHS.confirmPassword) {
    const right = new URLSearchParams(request.body).get('password') === PASSWORD
    if (right) confirmations++
    return { json: right ? { code: 1, msg: 'success', data: null } : { code: 0, msg: SERVER_MESSAGES.passwordIncorrect, data: null } }
  }
  const signature = `${request.url} ${request.key} ${request.body}`
  const first = !seen.has(signature)
  seen.add(signature)
  if (first || alwaysDue || confirmations === 0) {
    const envelope = { code: REAUTH_REQUIRED, msg: SERVER_MESSAGES.reauthRequired }
    return { json: request.url === ORDER ? { ...envelope, result: null } : { ...envelope, data: null } }
  }
  return { json: request.url === ORDER ? { code: 200, msg: 'success', result: { id: '7' } } : { code: 1, msg: 'success', data: { moved: request.body } } }
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const key = request.headers[IDEMPOTENCY_HEADER]
      const arrived = { url: request.url ?? '', key: typeof key === 'string' ? key : undefined, body: Buffer.concat(chunks).toString() }
      received.push(arrived)
      const { status = 200, json } = answer(arrived)
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

let asked: string[]
let confirmed: number
/** What the user does in the dialog: the passwords typed in turn; null is Cancel. */
let typed: Array<string | null>
/** What the dialog showed after each refused password. */
let shown: string[]

const askPassword: NonNullable<ApiClientHooks['askPassword']> = async (message, submit) => {
  asked.push(message)
  for (const password of typed) {
    if (password === null) return false
    try {
      await submit(password)
      return true
    } catch (failure) {
      shown.push((failure as Error).message)
    }
  }
  return false
}

beforeEach(() => {
  received = []
  seen = new Set()
  confirmations = 0
  alwaysDue = false
  asked = []
  confirmed = 0
  typed = [PASSWORD]
  shown = []
  configureApiClient({
    getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl,
    askPassword, onSessionConfirmed: () => confirmed++,
  })
})

const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } })
const calls = (url: string) => received.filter((request) => request.url === url)

describe('code -3', () => {
  it('asks for the password, then sends the same request with the same key once more and answers its payload', async () => {
    typed = ['Wrong2026pass', PASSWORD]
    const data = await postContract<{ moved: string }>(TRANSFER, { amount: '100', currency: 'USDT', type: 1 }, keyed('tap-key-0001'))
    expect(data).toEqual({ moved: 'amount=100&currency=USDT&type=1' })
    expect(asked).toEqual([SERVER_MESSAGES.reauthRequired])
    expect(shown).toEqual([SERVER_MESSAGES.passwordIncorrect])
    expect(calls(USER_PATHS.confirmPassword).map((request) => request.body)).toEqual(['password=Wrong2026pass', `password=${PASSWORD}`])
    const sends = calls(TRANSFER)
    expect(sends).toHaveLength(2)
    expect(sends.map((request) => request.key)).toEqual(['tap-key-0001', 'tap-key-0001'])
    expect(sends[1]?.body).toBe(sends[0]?.body)
    expect(confirmed).toBe(1)
  })

  it('works the same in the seconds group', async () => {
    await expect(postSecond(ORDER, { openAmount: '10' }, keyed('order-key-01'))).resolves.toEqual({ id: '7' })
    expect(calls(ORDER).map((request) => request.key)).toEqual(['order-key-01', 'order-key-01'])
  })

  it('shows one dialog for every call that meets it at once; each is sent again once', async () => {
    const results = await Promise.all([
      postContract(TRANSFER, { amount: '1' }, keyed('parallel-key-1')),
      postContract(TRANSFER, { amount: '2' }, keyed('parallel-key-2')),
      postBb('/bb/withdraw/addAddress', { address: 'x' }),
    ])
    expect(results).toHaveLength(3)
    expect(asked).toHaveLength(1)
    expect(calls(USER_PATHS.confirmPassword)).toHaveLength(1)
    expect(calls(TRANSFER).map((request) => request.key).toSorted()).toEqual(['parallel-key-1', 'parallel-key-1', 'parallel-key-2', 'parallel-key-2'])
    expect(calls('/bb/withdraw/addAddress')).toHaveLength(2)
  })

  it('fails with the server\'s message when the user cancels, and sends nothing more', async () => {
    typed = [null]
    const failure = await postContract(TRANSFER, { amount: '1' }, keyed('cancel-key-01')).then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'reauth', code: REAUTH_REQUIRED, message: SERVER_MESSAGES.reauthRequired })
    expect(calls(TRANSFER)).toHaveLength(1)
    expect(calls(USER_PATHS.confirmPassword)).toHaveLength(0)
    expect(confirmed).toBe(0)
  })

  it('retries once only: a second -3 fails the call instead of asking again', async () => {
    alwaysDue = true
    await expect(postContract(TRANSFER, { amount: '1' }, keyed('again-key-01'))).rejects.toMatchObject({ kind: 'reauth' })
    expect(asked).toHaveLength(1)
    expect(calls(TRANSFER)).toHaveLength(2)
  })

  it('without an askPassword hook (no shell), fails like a refusal', async () => {
    configureApiClient({ getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl })
    await expect(postContract(TRANSFER, { amount: '1' }, keyed('nohook-key-1'))).rejects.toMatchObject({ kind: 'reauth', message: SERVER_MESSAGES.reauthRequired })
    expect(calls(TRANSFER)).toHaveLength(1)
  })
})

describe('uploads', () => {
  /** XMLHttpRequest as uploadBb uses it, answering from the same rules as the server above. */
  class FakeXhr {
    static sent: Array<{ url: string; headers: Record<string, string>; form: FormData }> = []
    status = 0
    responseText = ''
    timeout = 0
    upload = { addEventListener: () => undefined }
    private url = ''
    private headers: Record<string, string> = {}
    private listeners: Record<string, () => void> = {}
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = listener
    }
    send(form: FormData) {
      FakeXhr.sent.push({ url: this.url, headers: this.headers, form })
      const path = new URL(this.url).pathname
      const { json } = answer({ url: path, key: this.headers[IDEMPOTENCY_HEADER], body: String(form.get('amount')) })
      this.status = 200
      this.responseText = JSON.stringify(json)
      queueMicrotask(() => this.listeners.load?.())
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeXhr.sent = []
  })

  it('a proof upload answered -3 is sent again, the same form with the same key, after the password', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    const form = new FormData()
    form.append('amount', '25')
    const data = await uploadBb<{ moved: string }>('/bb/assets/deposit', form, () => undefined, keyed('upload-key-01'))
    expect(data).toEqual({ moved: '25' })
    expect(asked).toHaveLength(1)
    expect(FakeXhr.sent.map((request) => request.headers[IDEMPOTENCY_HEADER])).toEqual(['upload-key-01', 'upload-key-01'])
    expect(FakeXhr.sent[1]?.form).toBe(form)
  })
})
