import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, readConfig } from '../../server/config.ts'

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    expect(readConfig({})).toEqual({
      ...DEFAULT_CONFIG,
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      staticDir: resolve('dist'),
      tokenIdleSeconds: 7 * 86400,
      tokenMaxSeconds: 30 * 86400,
      logLevel: 'info',
      marketSource: 'sim',
      marketSeed: '1',
      huobiUrl: 'https://api.huobi.pro',
      huobiTimeoutMs: 5000,
    })
  })

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      STATIC_DIR: 'build',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'a@b.c',
      TOKEN_IDLE_SECONDS: '60',
      TOKEN_MAX_SECONDS: '120',
      LOG_LEVEL: 'warn',
      MARKET_SOURCE: 'huobi',
      MARKET_SEED: 'trial-7',
      HUOBI_URL: 'http://127.0.0.1:9999/api/',
      HUOBI_TIMEOUT_MS: '800',
      DEMO_AUTO_APPROVE_SECONDS: '30',
      SECONDS_EXTRA_DURATION: '5',
      SPOT_FEED_LIQUIDITY: 'off',
      CONTRACT_TEST_MMR: '0.00990',
    })
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      staticDir: resolve('build'),
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'a@b.c',
      tokenIdleSeconds: 60,
      tokenMaxSeconds: 120,
      logLevel: 'warn',
      marketSource: 'huobi',
      marketSeed: 'trial-7',
      huobiUrl: 'http://127.0.0.1:9999/api',
      huobiTimeoutMs: 800,
      demoAutoApproveSeconds: 30,
      secondsExtraDuration: 5,
      spotFeedLiquidity: false,
      contractTestMmr: '0.0099',
    })
  })

  it('refuses values that make no sense, naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '0' })).toThrow(/TOKEN_IDLE_SECONDS/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '100', TOKEN_MAX_SECONDS: '50' })).toThrow(/TOKEN_MAX_SECONDS/)
    expect(() => readConfig({ MARKET_SOURCE: 'binance' })).toThrow(/MARKET_SOURCE/)
    expect(() => readConfig({ MARKET_SEED: 'x'.repeat(101) })).toThrow(/MARKET_SEED/)
    expect(() => readConfig({ HUOBI_URL: 'ftp://example.com' })).toThrow(/HUOBI_URL/)
    expect(() => readConfig({ HUOBI_URL: 'not a url' })).toThrow(/HUOBI_URL/)
    expect(() => readConfig({ HUOBI_TIMEOUT_MS: '10' })).toThrow(/HUOBI_TIMEOUT_MS/)
    for (const rate of ['1', '0', '0.0', '1.5', '-0.01', '0.000000001', 'abc', '.01']) expect(() => readConfig({ CONTRACT_TEST_MMR: rate }), rate).toThrow(/CONTRACT_TEST_MMR/)
  })
})
