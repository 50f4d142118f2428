// One GET to the public Huobi REST API. Numbers are parsed as their source text (JSON.parse's
// source-text access), so nothing is rounded on the way: prices keep their digits and the inner
// trade `id` (above 2^53) arrives intact even though we do not use it. Every way the upstream can
// fail becomes a MarketRefusal the routes answer in the market envelope.
import { MARKET_ERROR_CODES } from '../../../src/contract/market.ts'
import { MarketRefusal } from '../source.ts'

/** A parsed upstream body: numbers are strings holding their JSON text. */
export type Json = string | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export interface UpstreamOptions {
  baseUrl: string
  timeoutMs: number
  fetch?: typeof fetch
}

export type UpstreamGet = (path: string, params: Record<string, string>) => Promise<JsonObject>

/** Long enough for any real message, short enough that nothing odd is relayed wholesale. */
const MAX_RELAYED_TEXT = 200

export const unavailable = (why: string) => new MarketRefusal(502, MARKET_ERROR_CODES.upstreamUnavailable, why)
const timedOut = () => new MarketRefusal(504, MARKET_ERROR_CODES.upstreamTimeout, 'upstream market did not answer in time')

const isTimeout = (error: unknown): boolean => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')

const keepNumberText = (_key: string, value: unknown, context?: { source?: string }) =>
  typeof value === 'number' ? (context?.source ?? String(value)) : value

const parseKeepingNumbers = (text: string): Json => JSON.parse(text, keepNumberText) as Json

export const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const relayed = (value: Json | undefined, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value.slice(0, MAX_RELAYED_TEXT) : fallback

export function createUpstream(options: UpstreamOptions): UpstreamGet {
  const fetchImpl = options.fetch ?? fetch
  return async (path, params) => {
    const query = new URLSearchParams(params).toString()
    const url = `${options.baseUrl}${path}${query === '' ? '' : `?${query}`}`
    let status: number
    let text: string
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json' } })
      status = response.status
      text = await response.text()
    } catch (error) {
      throw isTimeout(error) ? timedOut() : unavailable('upstream market is unreachable')
    }
    let body: Json
    try {
      body = parseKeepingNumbers(text)
    } catch {
      throw unavailable(`upstream market answered HTTP ${status} without JSON`)
    }
    if (!isObject(body)) throw unavailable('upstream market answered an unexpected shape')
    // Huobi's own refusal (e.g. a symbol it has delisted): relay its code and message as Huobi does.
    if (body.status === 'error') {
      throw new MarketRefusal(200, relayed(body['err-code'], MARKET_ERROR_CODES.upstreamUnavailable), relayed(body['err-msg'], 'upstream error'))
    }
    if (status < 200 || status > 299 || body.status !== 'ok') throw unavailable(`upstream market answered HTTP ${status}`)
    return body
  }
}
