// Reading a market call's body. Two kinds of wrong: a body that is not a flat form of strings (or
// JSON numbers, which a JSON client naturally sends for `size`) is malformed — HTTP 400 through
// the error handler; a well-formed value that names nothing we have (unknown symbol, period, size
// out of range) is Huobi's `invalid-parameter`, answered HTTP 200 in the market envelope.
import {
  DEFAULT_DEPTH_TYPE,
  DEFAULT_PERIOD,
  DEPTH_TYPES,
  type DepthType,
  KLINE_PERIODS,
  type KlinePeriod,
  MARKET_ERROR_CODES,
  QUOTE_COINS,
  type QuoteCoin,
} from '../../src/contract/market.ts'
import { SERVER_MESSAGES } from '../../src/contract/messages.ts'
import { badRequest } from '../http/envelope.ts'
import { MAX_FIELD_LENGTH } from '../http/fields.ts'
import { findPair, type Pair } from './pairs.ts'
import { MarketRefusal } from './source.ts'

const invalid = (message: string) => new MarketRefusal(200, MARKET_ERROR_CODES.invalidParameter, message)

function readValue(source: Record<string, unknown>, name: string): string | undefined {
  if (!Object.hasOwn(source, name)) return undefined
  const value = source[name]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string' || value.length > MAX_FIELD_LENGTH || value.includes('\0')) throw badRequest()
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** The named fields of a body (absent ones undefined); refuses anything that is not a flat form. */
export function readMarketFields<K extends string>(body: unknown, names: readonly K[]): Partial<Record<K, string>> {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest()
  const source = (body ?? {}) as Record<string, unknown>
  const fields: Partial<Record<K, string>> = {}
  for (const name of names) fields[name] = readValue(source, name)
  return fields
}

export function pairOf(symbol: string | undefined): Pair {
  if (symbol === undefined) throw badRequest(SERVER_MESSAGES.missingField)
  const pair = findPair(symbol.toLowerCase())
  if (!pair) throw invalid('invalid symbol')
  return pair
}

export function periodOf(timer: string | undefined): KlinePeriod {
  if (timer === undefined) return DEFAULT_PERIOD
  const period = KLINE_PERIODS.find((candidate) => candidate === timer)
  if (!period) throw invalid(`invalid period: use one of ${KLINE_PERIODS.join(', ')}`)
  return period
}

export function depthTypeOf(timer: string | undefined): DepthType {
  if (timer === undefined) return DEFAULT_DEPTH_TYPE
  const type = DEPTH_TYPES.find((candidate) => candidate === timer)
  if (!type) throw invalid(`invalid depth type: use one of ${DEPTH_TYPES.join(', ')}`)
  return type
}

/** A whole number from 1 to max; absent means fallback. */
export function sizeOf(size: string | undefined, fallback: number, max: number): number {
  if (size === undefined) return fallback
  const value = /^\d{1,9}$/.test(size) ? Number(size) : Number.NaN
  if (!(value >= 1 && value <= max)) throw invalid(`invalid size: a whole number from 1 to ${max}`)
  return value
}

export function quoteOf(quoteCoin: string | undefined): QuoteCoin {
  if (quoteCoin === undefined) throw badRequest(SERVER_MESSAGES.missingField)
  const quote = QUOTE_COINS.find((candidate) => candidate === quoteCoin.toUpperCase())
  if (!quote) throw invalid(`invalid quote coin: use one of ${QUOTE_COINS.join(', ')}`)
  return quote
}
