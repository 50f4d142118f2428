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
      DATABASE_URL: 'postgres://exchange:secret@db.internal:5432/exchange',
      DATABASE_POOL_SIZE: '25',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/128',
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
      LAUNCH_TEST_PROJECT_SECONDS: '90',
      SPOT_FEED_LIQUIDITY: 'off',
      CONTRACT_TEST_MMR: '0.00990',
    })
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://exchange:secret@db.internal:5432/exchange',
      databasePoolSize: 25,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/128'],
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
      launchTestProjectSeconds: 90,
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
    for (const proxy of ['nginx', '10.0.0.0/8/1', '127.0.0.1/abc', '300.1.1.1', '10.0.0.0/33', 'fd00::/129']) expect(() => readConfig({ TRUST_PROXY: proxy }), proxy).toThrow(/TRUST_PROXY/)
    for (const size of ['0', '201', '-1', '2.5', 'ten']) expect(() => readConfig({ DATABASE_POOL_SIZE: size }), size).toThrow(/DATABASE_POOL_SIZE/)
    for (const rate of ['1', '0', '0.0', '1.5', '-0.01', '0.000000001', 'abc', '.01']) expect(() => readConfig({ CONTRACT_TEST_MMR: rate }), rate).toThrow(/CONTRACT_TEST_MMR/)
  })

  // Architecture §6 "Storage": DATABASE_URL switches the server from DATA_DIR's SQLite file to PostgreSQL.
  describe('database settings', () => {
    it('keeps the SQLite file when DATABASE_URL is unset or blank', () => {
      expect(readConfig({}).databaseUrl).toBeUndefined()
      expect(readConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined()
      expect(readConfig({}).databasePoolSize).toBe(10)
    })

    it('accepts postgres:// and postgresql:// URLs as given', () => {
      for (const url of [
        'postgres://exchange:secret@127.0.0.1:5432/exchange',
        'postgresql://exchange@db.internal/exchange?sslmode=require',
        'postgres:///exchange?host=/var/run/postgresql',
      ]) {
        expect(readConfig({ DATABASE_URL: url }).databaseUrl, url).toBe(url)
        expect(readConfig({ DATABASE_URL: ` ${url} ` }).databaseUrl, url).toBe(url)
      }
    })

    it('refuses any other URL or text with the message that shows the expected form', () => {
      const message = 'DATABASE_URL must be a postgres:// URL, e.g. postgres://user:password@127.0.0.1:5432/exchange'
      for (const url of ['mysql://root@127.0.0.1/exchange', 'sqlite:///data/exchange.sqlite', 'http://127.0.0.1:5432', 'postgres', 'not a url', 'postgres//127.0.0.1/x', '127.0.0.1:5432']) {
        expect(() => readConfig({ DATABASE_URL: url }), url).toThrow(message)
      }
    })

    it('takes a pool size from 1 to 200', () => {
      expect(readConfig({ DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(1)
      expect(readConfig({ DATABASE_POOL_SIZE: '200' }).databasePoolSize).toBe(200)
      expect(readConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(10)
      expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be an integer from 1 to 200, got "0"')
      expect(() => readConfig({ DATABASE_POOL_SIZE: '201' })).toThrow('DATABASE_POOL_SIZE must be an integer from 1 to 200, got "201"')
    })
  })
})
