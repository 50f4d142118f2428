// The only module that knows the wire envelopes (architecture §4, spec §7/§8). Callers get the payload
// or an ApiError whose message is ready for a toast; they never see codes, statuses or headers.
// Session state comes in through hooks so this file imports no store and works in any test.
// Code -3 (the server wants the login password again before money moves) and code -4 (it wants a
// two-factor code) never reach a caller unless the user cancels: the shell's dialog asks for the
// password or the code, and the request is sent once more.
import { BB_OK, REAUTH_REQUIRED, SECOND_FACTOR_REQUIRED, SECOND_OK, SESSION_EXPIRED, TOKEN_HEADER } from '../contract/envelopes.ts'
import type { BbEnvelope, ContractEnvelope, MarketEnvelope, SecondEnvelope } from '../contract/envelopes.ts'
import { REAUTH_REQUIRED_MESSAGE, SECOND_FACTOR_REQUIRED_MESSAGE, SERVER_BUSY_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../contract/fallback-messages.ts'
import { CACHE_HEADER, CACHE_SOURCES, STORED_AT_HEADER } from '../contract/offline.ts'
import { SECURITY_PATHS } from '../contract/security.ts'
import { USER_PATHS } from '../contract/user.ts'
import { toFormParams } from './form-encoding'
import { noteLive, noteOffline } from './freshness'

export { stripEmpty } from './form-encoding'

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 12_000
// Plain strings so this file needs no Lingui transform; api-messages.ts puts them in the catalogs.
export const NETWORK_ERROR_MESSAGE = 'Network error, please check your connection and try again'
export const TIMEOUT_MESSAGE = 'The request timed out, please try again'
export const FALLBACK_MESSAGE = 'error'

/**
 * 'reauth': the server wanted the login password again and the user cancelled its dialog;
 * 'factor': it wanted a two-factor code and the user cancelled that dialog.
 */
export type ApiErrorKind = 'business' | 'session' | 'reauth' | 'factor' | 'http' | 'network' | 'timeout'

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly code?: number
  readonly status?: number
  constructor(message: string, details: { kind: ApiErrorKind; code?: number; status?: number }) {
    super(message)
    this.name = 'ApiError'
    this.kind = details.kind
    this.code = details.code
    this.status = details.status
  }
}

export interface ApiClientHooks {
  getToken(): string | null
  getLocale(): string
  /** Called once per expired token (not once per failed call), with the message to show. */
  onSessionExpired(message: string): void
  /**
   * Code -3: asks the user for the login password (the shell's dialog), with the server's message.
   * `submit` checks one password with the server and rejects with an ApiError to show in the dialog
   * (kind 'session': the session is gone, close it). Resolves true once a password was accepted,
   * false when the user cancels. Without this hook, code -3 fails like any refusal.
   */
  askPassword?(message: string, submit: (password: string) => Promise<void>): Promise<boolean>
  /**
   * Code -4: asks the user for a two-factor code (the shell's dialog), like askPassword: `submit`
   * checks one code (an app's code or a recovery code) with the server and rejects with an ApiError
   * to show in the dialog. Resolves true once a code was accepted, false when the user cancels.
   * Without this hook, code -4 fails like any refusal.
   */
  askCode?(message: string, submit: (code: string) => Promise<void>): Promise<boolean>
  /** After a password was accepted (the outbox may send what waited for it). */
  onSessionConfirmed?(): void
  /** Origin of the API; '' (same origin) in the app. */
  baseUrl?: string
  timeoutMs?: number
}

export interface RequestOptions {
  headers?: Record<string, string>
  signal?: AbortSignal
}

// Spec §7 names 'zh-CN,zh' and 'en-US,en'; Korean and Japanese follow the same shape.
const ACCEPT_LANGUAGE: Record<string, string> = { 'en-US': 'en-US,en', 'zh-CN': 'zh-CN,zh', ko: 'ko-KR,ko', ja: 'ja-JP,ja' }

let hooks: ApiClientHooks = { getToken: () => null, getLocale: () => 'en-US', onSessionExpired: () => {} }
// Parallel calls (a screen loads several lists) all fail with -2 at once; one toast and one logout.
let lastExpiredToken: string | null | undefined
// Parallel calls that meet -3 at once (a transfer and the outbox's replay) share one dialog; a call
// sent before a password was accepted and answered -3 after it is sent again without asking.
let passwordPrompt: Promise<boolean> | null = null
let passwordsAccepted = 0
// Code -4 differs: an accepted code lets exactly ONE such call through (the server's rule), so
// every call that meets it asks for a code of its own; the dialogs come one after another.
let codePrompts: Promise<unknown> = Promise.resolve()

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next
  lastExpiredToken = undefined
  passwordPrompt = null
  codePrompts = Promise.resolve()
}

type Body = Record<string, unknown>
const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null

/** The server's words, if it said any (spec §8: msg, else message). */
function serverText(body: Body | null): string | undefined {
  const text = [body?.msg, body?.message].find((part) => typeof part === 'string' && part !== '')
  return text as string | undefined
}

/** JSON with an envelope, or null: not JSON (a proxy's error page, an SPA fallback) is "no envelope". */
function parseBody(text: string): Body | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return isBody(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** What every request carries (spec §7): the reader's language and, when signed in, the session. */
const baseHeaders = (token: string | null): Record<string, string> => ({
  'accept-language': ACCEPT_LANGUAGE[hooks.getLocale()] ?? 'en-US,en',
  ...(token ? { [TOKEN_HEADER]: token } : {}),
})

async function send(method: 'GET' | 'POST', path: string, payload: object | undefined, options: RequestOptions) {
  const timeout = AbortSignal.timeout(hooks.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const token = hooks.getToken()
  const headers: Record<string, string> = { ...baseHeaders(token), ...options.headers }
  // An upload (a proof image) goes as multipart FormData; everything else form-encoded (spec §7).
  const multipart = typeof FormData !== 'undefined' && payload instanceof FormData
  const params = multipart ? new URLSearchParams() : toFormParams(payload)
  const query = method === 'GET' && params.size > 0 ? `?${params}` : ''
  try {
    // A URLSearchParams body makes fetch send application/x-www-form-urlencoded;charset=UTF-8, and
    // a FormData body multipart/form-data with its boundary.
    const requestBody = method !== 'POST' ? undefined : multipart ? (payload as FormData) : params
    const init = { method, headers, signal, body: requestBody }
    const response = await fetch(`${hooks.baseUrl ?? ''}${path}${query}`, init)
    // The service worker's mark of an answer made from storage (architecture §5): only lib/freshness hears of it.
    const source = response.headers.get(CACHE_HEADER)
    if (source === CACHE_SOURCES.miss) throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: 'network' })
    if (source === CACHE_SOURCES.offline) noteOffline(path, Number(response.headers.get(STORED_AT_HEADER)) || null)
    else noteLive()
    return { status: response.status, body: parseBody(await response.text()), token }
  } catch (error) {
    // The caller cancelled (e.g. left the screen): not a failure to report, pass its reason on.
    if (options.signal?.aborted) throw options.signal.reason
    if (timeout.aborted) throw new ApiError(TIMEOUT_MESSAGE, { kind: 'timeout' })
    noteOffline(path, null)
    if (error instanceof ApiError) throw error
    throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: 'network' })
  }
}

/** How one backend group says "success" and where its payload sits. */
interface Group {
  isOk(body: Body): boolean
  payload(body: Body): unknown
  failure(body: Body | null): string
}

type Answer = { status: number; body: Body | null; token: string | null }

/** What the user was asked for before a request was sent again: each at most once per request. */
type Gate = 'password' | 'code'

/**
 * Sends a request and settles its answer; after code -3 and an accepted password, or code -4 and
 * an accepted code, sends the very same request once more (the same options, so the same
 * idempotency key: the server moves the money once whatever the first attempt did) and settles
 * that answer as if it were the first. A call that needs both (a withdrawal after a while, with
 * two-factor codes on) meets -3, then -4, and is sent a third time; never twice for one gate.
 */
function sendSettled<T>(group: Group, attempt: () => Promise<Answer>, passed: readonly Gate[] = []): Promise<T> {
  const accepted = passwordsAccepted
  return settle<T>(group, attempt(), { again: (gate) => sendSettled<T>(group, attempt, [...passed, gate]), accepted, passed })
}

const call = <T>(group: Group, method: 'GET' | 'POST', path: string, payload?: object, options: RequestOptions = {}): Promise<T> =>
  sendSettled<T>(group, () => send(method, path, payload, options))

/** Checks a password typed into the shell's dialog (the server counts wrong ones on the login limits). */
async function submitPassword(password: string): Promise<void> {
  await settle<null>(BB, send('POST', USER_PATHS.confirmPassword, { password }, {}))
  passwordsAccepted++
  hooks.onSessionConfirmed?.()
}

/**
 * Asks for the login password once for every call waiting on it (one dialog at a time); true when
 * the server accepted one. Also for the outbox, whose queued transfers met -3 in the worker.
 */
export function confirmPassword(message: string = REAUTH_REQUIRED_MESSAGE): Promise<boolean> {
  const ask = hooks.askPassword
  if (!ask) return Promise.resolve(false)
  passwordPrompt ??= ask(message, submitPassword).catch(() => false).finally(() => {
    passwordPrompt = null
  })
  return passwordPrompt
}

/** Checks a code typed into the shell's code dialog; once accepted, the server lets one call through. */
async function submitCode(code: string): Promise<void> {
  await settle<null>(BB, send('POST', SECURITY_PATHS.confirmFactor, { code }, {}))
}

/** Asks for a two-factor code, after any dialog already open for another call; true once one was accepted. */
export function confirmCode(message: string = SECOND_FACTOR_REQUIRED_MESSAGE): Promise<boolean> {
  const ask = hooks.askCode
  if (!ask) return Promise.resolve(false)
  const turn = codePrompts.then(() => ask(message, submitCode)).catch(() => false)
  codePrompts = turn
  return turn
}

/**
 * How an attempt may be sent again: `accepted` is passwordsAccepted when it was sent, `passed` the
 * gates already passed for this request.
 */
interface Retry<T> {
  again: (gate: Gate) => Promise<T>
  accepted: number
  passed: readonly Gate[]
}

/**
 * Turns an answer into its payload or an ApiError (every call and upload ends here). `retry` is
 * given to a call's attempts (not to the dialogs' own checks); each gate sends a request again at most once.
 */
async function settle<T>(group: Group, answer: Promise<Answer>, retry?: Retry<T>): Promise<T> {
  const { status, body, token } = await answer
  const code = typeof body?.code === 'number' ? body.code : undefined
  if (code === REAUTH_REQUIRED) {
    const message = serverText(body) ?? REAUTH_REQUIRED_MESSAGE
    const mayAsk = retry && !retry.passed.includes('password')
    if (mayAsk && (passwordsAccepted !== retry.accepted || (await confirmPassword(message)))) return await retry.again('password')
    throw new ApiError(message, { kind: 'reauth', code, status })
  }
  if (code === SECOND_FACTOR_REQUIRED) {
    const message = serverText(body) ?? SECOND_FACTOR_REQUIRED_MESSAGE
    if (retry && !retry.passed.includes('code') && (await confirmCode(message))) return await retry.again('code')
    throw new ApiError(message, { kind: 'factor', code, status })
  }
  if (code === SESSION_EXPIRED) {
    const message = serverText(body) ?? SESSION_EXPIRED_MESSAGE
    if (token !== lastExpiredToken) {
      lastExpiredToken = token
      hooks.onSessionExpired(message)
    }
    throw new ApiError(message, { kind: 'session', code, status })
  }
  if (status !== 200) {
    const fallback = status >= 500 ? SERVER_BUSY_MESSAGE : `Request failed with status code ${status}`
    throw new ApiError(serverText(body) ?? fallback, { kind: 'http', code, status })
  }
  if (body === null) throw new ApiError(FALLBACK_MESSAGE, { kind: 'http', status })
  if (!group.isOk(body)) throw new ApiError(group.failure(body), { kind: 'business', code, status })
  return group.payload(body) as T
}

const codeGroup = (ok: number, field: 'data' | 'result'): Group => ({
  isOk: (body) => body.code === ok,
  payload: (body) => body[field],
  failure: (body) => serverText(body) ?? FALLBACK_MESSAGE,
})
const BB = codeGroup(BB_OK, 'data' satisfies keyof BbEnvelope<unknown>)
const SECOND = codeGroup(SECOND_OK, 'result' satisfies keyof SecondEnvelope<unknown>)
const CONTRACT = codeGroup(BB_OK, 'data' satisfies keyof ContractEnvelope<unknown>)
// Spec §8: a market answer whose status is not 'ok' is rejected with 'error', whatever it says.
const MARKET: Group = { isOk: (body) => body.status === 'ok', payload: (body) => body, failure: () => FALLBACK_MESSAGE }

/** `/bb/...` POST: resolves `data` of a `code: 1` answer. */
export const postBb = <T>(path: string, payload?: object, options?: RequestOptions): Promise<T> =>
  call<T>(BB, 'POST', path, payload, options)

/** `/bb/...` GET with the payload as query: resolves `data` of a `code: 1` answer. */
export const getBb = <T>(path: string, query?: object, options?: RequestOptions): Promise<T> =>
  call<T>(BB, 'GET', path, query, options)

/** `/contract/app/contract/second/*`: resolves `result` of a `code: 200` answer. */
export const postSecond = <T>(path: string, payload?: object, options?: RequestOptions): Promise<T> =>
  call<T>(SECOND, 'POST', path, payload, options)

/** `/contract/contract/*`: resolves `data` of a `code: 1` answer. */
export const postContract = <T>(path: string, payload?: object, options?: RequestOptions): Promise<T> =>
  call<T>(CONTRACT, 'POST', path, payload, options)

/** `/bb/huobi/*`: resolves the whole body when `status` is 'ok'. */
export const postMarket = <T extends MarketEnvelope = MarketEnvelope>(path: string, payload?: object, options?: RequestOptions): Promise<T> =>
  call<T>(MARKET, 'POST', path, payload, options)

/** How far an upload has gone, 0 to 1 (architecture §4: a photo on a slow network shows its progress). */
export type UploadProgress = (fraction: number) => void

/**
 * `/bb/...` multipart POST that reports upload progress (fetch cannot report an upload's progress,
 * so this one call goes through XMLHttpRequest); the answer is checked exactly as postBb checks it.
 */
export function uploadBb<T>(path: string, form: FormData, onProgress: UploadProgress, options: RequestOptions = {}): Promise<T> {
  return sendSettled<T>(BB, () => upload(path, form, onProgress, options))
}

function upload(path: string, form: FormData, onProgress: UploadProgress, options: RequestOptions): Promise<Answer> {
  const token = hooks.getToken()
  return new Promise<Answer>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', `${hooks.baseUrl ?? ''}${path}`)
    request.timeout = hooks.timeoutMs ?? REQUEST_TIMEOUT_MS
    for (const [name, value] of Object.entries({ ...baseHeaders(token), ...options.headers })) request.setRequestHeader(name, value)
    request.upload.addEventListener('progress', (event) => event.lengthComputable && onProgress(event.loaded / event.total))
    request.addEventListener('load', () => {
      noteLive()
      resolve({ status: request.status, body: parseBody(request.responseText), token })
    })
    request.addEventListener('error', () => reject(new ApiError(NETWORK_ERROR_MESSAGE, { kind: 'network' })))
    request.addEventListener('timeout', () => reject(new ApiError(TIMEOUT_MESSAGE, { kind: 'timeout' })))
    request.send(form)
  })
}

/** A private file (a KYC photo) as a Blob: sent with the session, never stored by the worker. */
export async function getPrivateBlob(path: string, query: Record<string, string>): Promise<Blob> {
  const token = hooks.getToken()
  const response = await fetch(`${hooks.baseUrl ?? ''}${path}?${new URLSearchParams(query)}`, {
    headers: baseHeaders(token),
    signal: AbortSignal.timeout(hooks.timeoutMs ?? REQUEST_TIMEOUT_MS),
  }).catch(() => {
    throw new ApiError(NETWORK_ERROR_MESSAGE, { kind: 'network' })
  })
  if (!response.ok) throw new ApiError(`Request failed with status code ${response.status}`, { kind: 'http', status: response.status })
  return response.blob()
}
