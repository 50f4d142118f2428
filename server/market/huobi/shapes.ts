// Huobi's documented answer shapes → the contract's (src/contract/market.ts). Numbers arrive as
// their JSON text (upstream.ts) and leave as plain decimal strings (no exponent: 6.2E-7 becomes
// 0.00000062). Anything not in the documented shape is the upstream's fault: HTTP 502.
import { BigNumber } from 'bignumber.js'
import type { Candle, Deal, Depth, DepthLevel, Tick } from '../../../src/contract/market.ts'
import { isObject, type Json, type JsonObject, unavailable } from './upstream.ts'

const unexpected = (what: string) => unavailable(`upstream market answered an unexpected ${what}`)

export function decimal(value: Json | undefined): string {
  if (typeof value !== 'string') throw unexpected('number')
  const number = new BigNumber(value)
  if (!number.isFinite()) throw unexpected('number')
  return number.toFixed()
}

export function integer(value: Json | undefined): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(number)) throw unexpected('integer')
  return number
}

export function list(value: Json | undefined): Json[] {
  if (!Array.isArray(value)) throw unexpected('list')
  return value
}

export function record(value: Json | undefined): JsonObject {
  if (!isObject(value)) throw unexpected('object')
  return value
}

/** /market/history/kline data (newest first, as the contract wants). Huobi's `amount` is base volume. */
export const toCandles = (data: Json | undefined): Candle[] =>
  list(data).map((item) => {
    const candle = record(item)
    return {
      id: integer(candle.id),
      open: decimal(candle.open),
      close: decimal(candle.close),
      high: decimal(candle.high),
      low: decimal(candle.low),
      vol: decimal(candle.amount),
    }
  })

function levels(value: Json | undefined, size: number): DepthLevel[] {
  return list(value)
    .slice(0, size)
    .map((item) => {
      const [price, amount] = list(item)
      return [decimal(price), decimal(amount)]
    })
}

/** /market/depth tick. */
export function toDepth(value: Json | undefined, size: number): Depth {
  const tick = record(value)
  return { bids: levels(tick.bids, size), asks: levels(tick.asks, size), ts: integer(tick.ts) }
}

/** /market/history/trade data: groups of trades per match, flattened, keyed by trade-id, newest first. */
export function toDeals(data: Json | undefined, size: number): Deal[] {
  const byId = new Map<number, Deal>()
  for (const group of list(data)) {
    for (const item of list(record(group).data)) {
      const trade = record(item)
      const direction = trade.direction
      if (direction !== 'buy' && direction !== 'sell') throw unexpected('trade direction')
      const id = integer(trade['trade-id'])
      // Upstream lists newest first: a trade repeated in an older group keeps its first record.
      if (!byId.has(id)) byId.set(id, { 'trade-id': id, price: decimal(trade.price), amount: decimal(trade.amount), direction, ts: integer(trade.ts) })
    }
  }
  return [...byId.values()].toSorted((a, b) => b['trade-id'] - a['trade-id']).slice(0, size)
}

/** /market/detail tick, or one item of /market/tickers (same fields). */
export function toTick(value: Json | undefined): Tick {
  const tick = record(value)
  return {
    open: decimal(tick.open),
    close: decimal(tick.close),
    high: decimal(tick.high),
    low: decimal(tick.low),
    amount: decimal(tick.amount),
    vol: decimal(tick.vol),
    count: integer(tick.count),
  }
}

/** /market/tickers data by symbol, for the wanted symbols only (the upstream lists hundreds). */
export function toTickers(data: Json | undefined, wanted: ReadonlySet<string>): Map<string, Tick> {
  const tickers = new Map<string, Tick>()
  for (const item of list(data)) {
    const symbol = record(item).symbol
    if (typeof symbol === 'string' && wanted.has(symbol)) tickers.set(symbol, toTick(item))
  }
  return tickers
}
