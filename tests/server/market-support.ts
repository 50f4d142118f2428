// Shared by the market-*.test.ts files: a server whose clock stands at a known instant, and small
// readers for the market answers (they fail the test on anything but HTTP 200 + status 'ok').
import { BigNumber } from 'bignumber.js'
import { expect } from 'vitest'
import type { Candle, KlinePeriod } from '../../src/contract/market.ts'
import { MARKET_PATHS } from '../../src/contract/market.ts'
import type { ServerConfig } from '../../server/config.ts'
import { startServer, type TestServer } from './harness.ts'

/**
 * 05:12:37 UTC: the 2000 one-minute candles then reach back to 19:52 two days before, so the
 * whole previous UTC day lies inside them (aggregation of a closed day can be checked), and
 * 37 s into the minute leaves room to move the clock within it.
 */
export const T0 = Date.UTC(2025, 0, 15, 5, 12, 37, 250)

export async function startMarket(overrides: Partial<ServerConfig> = {}, at = T0): Promise<TestServer> {
  const server = await startServer({ marketSeed: 'test-seed', ...overrides })
  server.clock.now = at
  return server
}

export async function okAnswer(server: TestServer, path: string, form: Record<string, string>): Promise<any> {
  const answer = await server.post(path, form)
  expect(answer.status, `${path} ${JSON.stringify(form)} → ${answer.text.slice(0, 200)}`).toBe(200)
  expect(answer.json?.status).toBe('ok')
  return answer.json
}

export async function candles(server: TestServer, symbol: string, timer: KlinePeriod, size = 2000): Promise<Candle[]> {
  return (await okAnswer(server, MARKET_PATHS.kline, { symbol, timer, size: String(size) })).data
}

export const big = (value: string | number): BigNumber => new BigNumber(value)

/** Digits after the point of a decimal string ("0.0100" → 4). */
export const digitsOf = (value: string): number => value.split('.')[1]?.length ?? 0

export const DECIMAL = /^\d+(\.\d+)?$/
