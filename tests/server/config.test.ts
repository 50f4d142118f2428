import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, readConfig } from '../../server/config.ts'

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    expect(readConfig({})).toEqual({
      ...DEFAULT_CONFIG,
      port: 8080,
      host: '127.0.0.1',
      hsts: false,
      dataDir: resolve('data'),
      staticDir: resolve('dist'),
      tokenIdleSeconds: 7 * 86400,
      tokenMaxSeconds: 30 * 86400,
      stepUpSeconds: 900,
      logLevel: 'info',
      marketSource: 'sim',
      marketSeed: '1',
      huobiUrl: 'https://api.huobi.pro',
      huobiTimeoutMs: 5000,
      requestTimeouts: { headersMs: 20_000, bodyIdleMs: 20_000, bodyMinBytesPerSecond: 4096, requestMs: 600_000, keepAliveMs: 72_000 },
    })
  })

  it('reads every variable', () => {
    const config = readConfig({
      // Production with test knobs is read as written: the start refuses it (production-mode.test.ts).
      EXCHANGE_MODE: 'production',
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://exchange:secret@db.internal:5432/exchange',
      DATABASE_POOL_SIZE: '25',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/128',
      HSTS: 'on',
      STATIC_DIR: 'build',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'a@b.c',
      TOKEN_IDLE_SECONDS: '60',
      TOKEN_MAX_SECONDS: '120',
      STEP_UP_SECONDS: '600',
      LOG_LEVEL: 'warn',
      MARKET_SOURCE: 'huobi',
      MARKET_SEED: 'trial-7',
      HUOBI_URL: 'http://127.0.0.1:9999/api/',
      HUOBI_TIMEOUT_MS: '800',
      HEADERS_TIMEOUT_SECONDS: '30',
      BODY_TIMEOUT_SECONDS: '15',
      BODY_MIN_BYTES_PER_SECOND: '2048',
      REQUEST_TIMEOUT_SECONDS: '900',
      KEEP_ALIVE_TIMEOUT_SECONDS: '65',
      DEMO_AUTO_APPROVE_SECONDS: '30',
      SECONDS_EXTRA_DURATION: '5',
      LAUNCH_TEST_PROJECT_SECONDS: '90',
      SPOT_FEED_LIQUIDITY: 'off',
      CONTRACT_TEST_MMR: '0.00990',
      WEBAUTHN_RP_ID: 'Exchange.Example',
      WEBAUTHN_ORIGINS: 'https://exchange.example, https://m.exchange.example:8443/',
    })
    expect(config).toEqual({
      mode: 'production',
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://exchange:secret@db.internal:5432/exchange',
      databasePoolSize: 25,
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/128'],
      hsts: true,
      staticDir: resolve('build'),
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'a@b.c',
      tokenIdleSeconds: 60,
      tokenMaxSeconds: 120,
      stepUpSeconds: 600,
      logLevel: 'warn',
      marketSource: 'huobi',
      marketSeed: 'trial-7',
      huobiUrl: 'http://127.0.0.1:9999/api',
      huobiTimeoutMs: 800,
      requestTimeouts: { headersMs: 30_000, bodyIdleMs: 15_000, bodyMinBytesPerSecond: 2048, requestMs: 900_000, keepAliveMs: 65_000 },
      demoAutoApproveSeconds: 30,
      secondsExtraDuration: 5,
      launchTestProjectSeconds: 90,
      spotFeedLiquidity: false,
      contractTestMmr: '0.0099',
      webauthnRpId: 'exchange.example',
      webauthnOrigins: ['https://exchange.example', 'https://m.exchange.example:8443'],
    })
  })

  it('refuses values that make no sense, naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '0' })).toThrow(/TOKEN_IDLE_SECONDS/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '100', TOKEN_MAX_SECONDS: '50' })).toThrow(/TOKEN_MAX_SECONDS/)
    for (const stepUp of ['-1', '86401', '1.5', 'never']) expect(() => readConfig({ STEP_UP_SECONDS: stepUp }), stepUp).toThrow(/STEP_UP_SECONDS/)
    expect(readConfig({ STEP_UP_SECONDS: '0' }).stepUpSeconds).toBe(0)
    expect(() => readConfig({ MARKET_SOURCE: 'binance' })).toThrow(/MARKET_SOURCE/)
    expect(() => readConfig({ MARKET_SEED: 'x'.repeat(101) })).toThrow(/MARKET_SEED/)
    expect(() => readConfig({ HUOBI_URL: 'ftp://example.com' })).toThrow(/HUOBI_URL/)
    expect(() => readConfig({ HUOBI_URL: 'not a url' })).toThrow(/HUOBI_URL/)
    expect(() => readConfig({ HUOBI_TIMEOUT_MS: '10' })).toThrow(/HUOBI_TIMEOUT_MS/)
    for (const name of ['HEADERS_TIMEOUT_SECONDS', 'BODY_TIMEOUT_SECONDS', 'BODY_MIN_BYTES_PER_SECOND', 'REQUEST_TIMEOUT_SECONDS', 'KEEP_ALIVE_TIMEOUT_SECONDS']) {
      for (const value of ['0', '1.5', 'soon', '99999999']) expect(() => readConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name))
    }
    for (const proxy of ['nginx', '10.0.0.0/8/1', '127.0.0.1/abc', '300.1.1.1', '10.0.0.0/33', 'fd00::/129']) expect(() => readConfig({ TRUST_PROXY: proxy }), proxy).toThrow(/TRUST_PROXY/)
    for (const size of ['0', '201', '-1', '2.5', 'ten']) expect(() => readConfig({ DATABASE_POOL_SIZE: size }), size).toThrow(/DATABASE_POOL_SIZE/)
    for (const rate of ['1', '0', '0.0', '1.5', '-0.01', '0.000000001', 'abc', '.01']) expect(() => readConfig({ CONTRACT_TEST_MMR: rate }), rate).toThrow(/CONTRACT_TEST_MMR/)
    for (const hsts of ['yes', 'true', '1', 'ON']) expect(() => readConfig({ HSTS: hsts }), hsts).toThrow('HSTS must be on or off')
  })

  it('reads the passkeys relying party: a domain name, and origins on it', () => {
    expect(readConfig({ WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: 'http://localhost:5173' })).toMatchObject({ webauthnRpId: 'localhost', webauthnOrigins: ['http://localhost:5173'] })
    // Either alone: the other is taken from each request.
    expect(readConfig({ WEBAUTHN_RP_ID: 'exchange.example' })).toMatchObject({ webauthnRpId: 'exchange.example', webauthnOrigins: [] })
    expect(readConfig({ WEBAUTHN_ORIGINS: 'https://a.example,https://b.example' })).toMatchObject({ webauthnRpId: undefined, webauthnOrigins: ['https://a.example', 'https://b.example'] })
    // Browsers refuse addresses as RP ids; a URL is not a domain name.
    for (const rpId of ['127.0.0.1', '::1', '[::1]', '10.1.2', 'https://exchange.example', 'exchange.example:443', '-bad.example', 'a..b', 'ex ample.com']) {
      expect(() => readConfig({ WEBAUTHN_RP_ID: rpId }), rpId).toThrow(/WEBAUTHN_RP_ID/)
    }
    // An origin has no path, query or credentials, is http(s), and lies on the RP id (or a subdomain of it).
    for (const origins of ['exchange.example', 'ftp://exchange.example', 'https://exchange.example/mobile/', 'https://exchange.example?x=1', 'https://u:p@exchange.example', 'https://evil.example', 'https://exchange.example.evil.example', 'https://notexchange.example']) {
      expect(() => readConfig({ WEBAUTHN_RP_ID: 'exchange.example', WEBAUTHN_ORIGINS: origins }), origins).toThrow(/WEBAUTHN_ORIGINS/)
    }
  })

  // Architecture §6 "Production mode": EXCHANGE_MODE=production starts without the demo account and test knobs.
  describe('EXCHANGE_MODE', () => {
    it('is demo unless set, and production when set so', () => {
      expect(readConfig({}).mode).toBe('demo')
      expect(readConfig({ EXCHANGE_MODE: '' }).mode).toBe('demo')
      expect(readConfig({ EXCHANGE_MODE: 'demo' }).mode).toBe('demo')
      expect(readConfig({ EXCHANGE_MODE: 'production' }).mode).toBe('production')
      expect(readConfig({ EXCHANGE_MODE: ' production ' }).mode).toBe('production')
    })

    it('refuses any other value rather than falling back to the demo', () => {
      for (const mode of ['prod', 'Production', 'PRODUCTION', 'live', 'test', 'off', '1']) {
        expect(() => readConfig({ EXCHANGE_MODE: mode }), mode).toThrow(`EXCHANGE_MODE must be one of demo, production, got "${mode}"`)
      }
    })
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
