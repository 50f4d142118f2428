// Code -4 (the server wants a two-factor code) against a real HTTP server on 127.0.0.1: the client
// asks its askCode hook, checks the code through /bb/security/confirmFactor, and sends the very same
// request again, once: same body, same idempotency key. An accepted code lets ONE call through, so
// two calls that meet -4 at once ask twice, one dialog after the other. Cancel fails the call with
// the server's message; a call that needs the password and then a code is asked both, in turn.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER, REAUTH_REQUIRED, SECOND_FACTOR_REQUIRED } from '../../src/contract/envelopes.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { SECURITY_PATHS } from '../../src/contract/security.ts'
import { USER_PATHS } from '../../src/contract/user.ts'
import { ApiError, configureApiClient, postBb, type ApiClientHooks } from '../../src/lib/api-client'

const WITHDRAW = '/bb/withdraw/apply'
const CODE = '123456'
const PASSWORD = 'Right2026pass'

interface Received {
  url: string
  key: string | undefined
  body: string
}

let server: Server
let baseUrl: string
let received: Received[] = []
/** Codes accepted and not yet used by a call: each lets one -4 call through (the server's rule). */
let passes = 0
/** The password is wanted first (a call after a while), then the code. */
let passwordFirst = false
let passwordGiven = false

function answer(request: Received): unknown {
  if (request.url === SECURITY_PATHS.confirmFactor) {
    const right = new URLSearchParams(request.body).get('code') === CODE
    if (right) passes++
    return right ? { code: 1, msg: 'success', data: null } : { code: 0, msg: SERVER_MESSAGES.twoFactorCodeError, data: null }
  }
  if (request.url === USER_PATHS.confirmPassword) {
    passwordGiven = new URLSearchParams(request.body).get('password') === PASSWORD
    return passwordGiven ? { code: 1, msg: 'success', data: null } : { code: 0, msg: SERVER_MESSAGES.passwordIncorrect, data: null }
  }
  if (passwordFirst && !passwordGiven) return { code: REAUTH_REQUIRED, msg: SERVER_MESSAGES.reauthRequired, data: null }
  if (passes === 0) return { code: SECOND_FACTOR_REQUIRED, msg: SERVER_MESSAGES.secondFactorRequired, data: null }
  passes--
  return { code: 1, msg: 'success', data: { sent: request.body } }
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const key = request.headers[IDEMPOTENCY_HEADER]
      const arrived = { url: request.url ?? '', key: typeof key === 'string' ? key : undefined, body: Buffer.concat(chunks).toString() }
      received.push(arrived)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer(arrived)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

let asked: string[]
/** What the user types into each code dialog in turn; null is Cancel. */
let typed: Array<string | null>
let shown: string[]
/** Dialogs open at the same time (must never exceed one). */
let open = 0
let mostOpen = 0

const askCode: NonNullable<ApiClientHooks['askCode']> = async (message, submit) => {
  asked.push(message)
  open++
  mostOpen = Math.max(mostOpen, open)
  try {
    while (typed.length > 0) {
      const code = typed.shift()
      if (code === null || code === undefined) return false
      try {
        await submit(code)
        return true
      } catch (failure) {
        shown.push((failure as Error).message)
      }
    }
    return false
  } finally {
    open--
  }
}
const askPassword: NonNullable<ApiClientHooks['askPassword']> = async (_message, submit) => {
  await submit(PASSWORD)
  return true
}

beforeEach(() => {
  received = []
  passes = 0
  passwordFirst = false
  passwordGiven = false
  asked = []
  typed = [CODE]
  shown = []
  open = 0
  mostOpen = 0
  configureApiClient({ getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl, askCode, askPassword })
})

const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } })
const calls = (url: string) => received.filter((request) => request.url === url)

describe('code -4', () => {
  it('asks for a code, shows a wrong one in place, then sends the same request with the same key once more', async () => {
    typed = ['654321', CODE]
    await expect(postBb(WITHDRAW, { amount: '5' }, keyed('withdraw-key-1'))).resolves.toEqual({ sent: 'amount=5' })
    expect(asked).toEqual([SERVER_MESSAGES.secondFactorRequired])
    expect(shown).toEqual([SERVER_MESSAGES.twoFactorCodeError])
    expect(calls(SECURITY_PATHS.confirmFactor).map((request) => request.body)).toEqual(['code=654321', `code=${CODE}`])
    expect(calls(WITHDRAW).map((request) => request.key)).toEqual(['withdraw-key-1', 'withdraw-key-1'])
    expect(calls(WITHDRAW)[1]?.body).toBe(calls(WITHDRAW)[0]?.body)
  })

  it('fails with the server\'s message when the user cancels, and sends nothing more', async () => {
    typed = [null]
    const failure = await postBb(WITHDRAW, { amount: '5' }, keyed('cancel-key-1')).then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'factor', code: SECOND_FACTOR_REQUIRED, message: SERVER_MESSAGES.secondFactorRequired })
    expect(calls(WITHDRAW)).toHaveLength(1)
    expect(calls(SECURITY_PATHS.confirmFactor)).toHaveLength(0)
  })

  it('two calls at once ask for a code each, one dialog after the other', async () => {
    typed = [CODE, CODE]
    const results = await Promise.all([postBb(WITHDRAW, { amount: '1' }), postBb('/bb/withdraw/addAddress', { address: 'x' })])
    expect(results).toHaveLength(2)
    expect(asked).toHaveLength(2)
    expect(mostOpen).toBe(1)
    expect(calls(SECURITY_PATHS.confirmFactor)).toHaveLength(2)
    expect(calls(WITHDRAW)).toHaveLength(2)
    expect(calls('/bb/withdraw/addAddress')).toHaveLength(2)
  })

  it('a call that needs the password and then a code is asked both in turn and sent a third time', async () => {
    passwordFirst = true
    await expect(postBb(WITHDRAW, { amount: '2' }, keyed('both-key-0001'))).resolves.toEqual({ sent: 'amount=2' })
    expect(calls(USER_PATHS.confirmPassword)).toHaveLength(1)
    expect(asked).toHaveLength(1)
    expect(calls(WITHDRAW).map((request) => request.key)).toEqual(['both-key-0001', 'both-key-0001', 'both-key-0001'])
  })

  it('asks once per call only: a second -4 after an accepted code fails the call', async () => {
    // The code is accepted but the pass is spent elsewhere before the call comes back.
    typed = [CODE]
    const spent = askCode
    configureApiClient({
      getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl, askPassword,
      askCode: async (message, submit) => {
        const ok = await spent(message, submit)
        passes = 0
        return ok
      },
    })
    await expect(postBb(WITHDRAW, { amount: '3' })).rejects.toMatchObject({ kind: 'factor' })
    expect(asked).toHaveLength(1)
    expect(calls(WITHDRAW)).toHaveLength(2)
  })

  it('without an askCode hook (no shell), fails like a refusal', async () => {
    configureApiClient({ getToken: () => 'token-1', getLocale: () => 'en-US', onSessionExpired: () => {}, baseUrl })
    await expect(postBb(WITHDRAW, { amount: '1' })).rejects.toMatchObject({ kind: 'factor', message: SERVER_MESSAGES.secondFactorRequired })
    expect(calls(WITHDRAW)).toHaveLength(1)
  })
})
