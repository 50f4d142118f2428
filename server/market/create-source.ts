// Picks the market feed from the configuration (MARKET_SOURCE).
import type { ServerConfig } from '../config.ts'
import { createHuobiSource } from './huobi/source.ts'
import { createSimSource } from './sim-source.ts'
import type { MarketSource } from './source.ts'

export function createMarketSource(config: ServerConfig, now: () => number): MarketSource {
  if (config.marketSource === 'huobi') {
    return createHuobiSource({ baseUrl: config.huobiUrl, timeoutMs: config.huobiTimeoutMs, now })
  }
  return createSimSource(config.marketSeed, now)
}
