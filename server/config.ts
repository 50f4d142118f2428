// Runtime settings come from the environment only (architecture §6), so that `npm start` needs no file
// and a test can build the same structure by hand.
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { DEFAULT_REQUEST_TIMEOUTS, type RequestTimeouts } from './http/request-timeouts.ts'
import { parseWebauthnOrigins, parseWebauthnRpId } from './security/passkeys/webauthn-config.ts'

export interface ServerConfig {
  /**
   * demo (the default, `npm start`): a new database gets the demo account and the test knobs below
   * are allowed. production: neither; the start refuses them (server/production-mode.ts).
   */
  mode: ExchangeMode
  port: number
  host: string
  /** All state (SQLite file, mail outbox, uploads) lives under this directory. */
  dataDir: string
  /** DATA_KEY_FILE: the key file of the sealed card and document numbers, kept apart from the database (server/security/data-key.ts; unset: DATA_DIR/keys/data.key). */
  dataKeyFile?: string | undefined
  /** postgres:// URL (DATABASE_URL): the database is PostgreSQL instead of DATA_DIR's SQLite file. */
  databaseUrl: string | undefined
  /** PostgreSQL connections each process keeps (DATABASE_POOL_SIZE). */
  databasePoolSize: number
  /**
   * Addresses of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY, comma-separated
   * addresses or CIDRs, e.g. the cluster's nginx at 127.0.0.1); none by default, so that a client
   * cannot spoof its address to dodge the login limit.
   */
  trustProxy: string[]
  /**
   * Send Strict-Transport-Security (HSTS=on): set it only where browsers reach the server through
   * TLS, at a proxy in front of it; off by default, as the server itself speaks plain HTTP.
   */
  hsts: boolean
  /** The Vite build served at /mobile/. */
  staticDir: string
  /** smtp:// or smtps:// URL; when unset, mails are written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined
  mailFrom: string
  tokenIdleSeconds: number
  tokenMaxSeconds: number
  /**
   * STEP_UP_SECONDS: a call that moves money or changes security this long after the session last
   * gave the login password (or made such a call) asks for it again (server/auth/step-up.ts); 0: never.
   */
  stepUpSeconds: number
  /** pino level of the server log. */
  logLevel: LogLevel
  /** Market data: the seeded simulation, or the public Huobi REST API proxied. */
  marketSource: MarketSourceName
  /** Seed of the simulation: the same seed gives the same market history. */
  marketSeed: string
  /** Base URL of the Huobi REST API (MARKET_SOURCE=huobi). */
  huobiUrl: string
  /** An upstream call slower than this is abandoned (the app's own timeout is 12 s). */
  huobiTimeoutMs: number
  /** How long a client may take to send a request, and to keep an idle connection (server/http/request-timeouts.ts). */
  requestTimeouts: RequestTimeouts
  /** Demo mode: approve deposits and withdrawals after this many seconds; undefined = operators only. */
  demoAutoApproveSeconds: number | undefined
  /** Tests and demos: one more seconds-contract duration (in seconds) offered besides the configured ones. */
  secondsExtraDuration: number | undefined
  /** Test only: on start, add a launch project joining now for this many seconds (LAUNCH_TEST_PROJECT_SECONDS). */
  launchTestProjectSeconds: number | undefined
  /**
   * Spot orders also fill against the market feed's liquidity (on, the default) or only against
   * each other (off: the exchange's own book alone, for tests and demos of users trading together).
   */
  spotFeedLiquidity: boolean
  /**
   * Tests and demos: the maintenance margin rate of every contract pair, instead of contract_config's
   * (e.g. '0.00999', so that a 100× position is liquidated by a 0.001 % move, usually within seconds).
   */
  contractTestMmr: string | undefined
  /**
   * Passkeys (server/security/passkeys/relying-party.ts): the WebAuthn RP id, a domain name such as
   * exchange.example (WEBAUTHN_RP_ID), and the origins the app is served from, e.g.
   * https://exchange.example (WEBAUTHN_ORIGINS, comma-separated). Unset, each is taken from the
   * request (the Host header, and an Origin header on that same host); set them behind a proxy.
   */
  webauthnRpId: string | undefined
  webauthnOrigins: string[]
}

export const EXCHANGE_MODES = ['demo', 'production'] as const
export type ExchangeMode = (typeof EXCHANGE_MODES)[number]

const MARKET_SOURCES = ['sim', 'huobi'] as const
export type MarketSourceName = (typeof MARKET_SOURCES)[number]

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const DAY = 24 * 60 * 60

export const DEFAULT_CONFIG: ServerConfig = {
  mode: 'demo',
  port: 8080,
  host: '127.0.0.1',
  dataDir: resolve('data'),
  databaseUrl: undefined,
  databasePoolSize: 10,
  trustProxy: [],
  hsts: false,
  staticDir: resolve('dist'),
  smtpUrl: undefined,
  mailFrom: 'Exchange <no-reply@exchange.local>',
  tokenIdleSeconds: 7 * DAY,
  tokenMaxSeconds: 30 * DAY,
  stepUpSeconds: 15 * 60,
  logLevel: 'info',
  marketSource: 'sim',
  marketSeed: '1',
  huobiUrl: 'https://api.huobi.pro',
  huobiTimeoutMs: 5000,
  requestTimeouts: DEFAULT_REQUEST_TIMEOUTS,
  demoAutoApproveSeconds: undefined,
  secondsExtraDuration: undefined,
  launchTestProjectSeconds: undefined,
  spotFeedLiquidity: true,
  contractTestMmr: undefined,
  webauthnRpId: undefined,
  webauthnOrigins: [],
}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

/** Unset (or empty) stays undefined: the feature is off. */
function optionalInteger(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]
  return raw === undefined || raw.trim() === '' ? undefined : integer(env, name, min, min, max)
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)
  if (raw === undefined) return fallback
  if (raw === 'on' || raw === 'off') return raw === 'on'
  throw new Error(`${name} must be on or off, got "${raw}"`)
}

/** A rate in (0, 1) with at most 8 decimals, e.g. 0.0099; unset stays undefined. */
function optionalRate(env: Env, name: string): string | undefined {
  const raw = text(env, name)
  if (raw === undefined) return undefined
  if (!/^0\.\d{1,8}$/.test(raw) || /^0\.0+$/.test(raw)) throw new Error(`${name} must be a rate between 0 and 1 such as 0.00999, got "${raw}"`)
  return raw.replace(/0+$/, '')
}

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? DEFAULT_CONFIG.logLevel
  const level = LOG_LEVELS.find((candidate) => candidate === raw)
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return level
}

/** An unknown mode is refused rather than taken for demo: a typo must not open the demo doors. */
function exchangeMode(env: Env): ExchangeMode {
  const raw = text(env, 'EXCHANGE_MODE') ?? DEFAULT_CONFIG.mode
  const mode = EXCHANGE_MODES.find((candidate) => candidate === raw)
  if (!mode) throw new Error(`EXCHANGE_MODE must be one of ${EXCHANGE_MODES.join(', ')}, got "${raw}"`)
  return mode
}

function marketSource(env: Env): MarketSourceName {
  const raw = text(env, 'MARKET_SOURCE') ?? DEFAULT_CONFIG.marketSource
  const source = MARKET_SOURCES.find((candidate) => candidate === raw)
  if (!source) throw new Error(`MARKET_SOURCE must be one of ${MARKET_SOURCES.join(', ')}, got "${raw}"`)
  return source
}

function marketSeed(env: Env): string {
  const raw = text(env, 'MARKET_SEED') ?? DEFAULT_CONFIG.marketSeed
  if (raw.length > 100) throw new Error('MARKET_SEED must be at most 100 characters')
  return raw
}

/** An http(s) origin (optionally with a path), without the trailing slash. */
function huobiUrl(env: Env): string {
  const raw = text(env, 'HUOBI_URL') ?? DEFAULT_CONFIG.huobiUrl
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`HUOBI_URL must be an http(s) URL, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`HUOBI_URL must be an http(s) URL, got "${raw}"`)
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/** A postgres:// or postgresql:// URL; unset keeps the embedded SQLite file. */
function databaseUrl(env: Env): string | undefined {
  const raw = text(env, 'DATABASE_URL')
  if (raw === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(raw)
  } catch {
    url = undefined
  }
  if (url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a postgres:// URL, e.g. postgres://user:password@127.0.0.1:5432/exchange')
  }
  return raw
}

/** The request timeouts, each in seconds (the body's rate in bytes a second). */
function requestTimeouts(env: Env): RequestTimeouts {
  const seconds = (name: string, fallbackMs: number, max: number): number => integer(env, name, fallbackMs / 1000, 1, max) * 1000
  const defaults = DEFAULT_REQUEST_TIMEOUTS
  return {
    headersMs: seconds('HEADERS_TIMEOUT_SECONDS', defaults.headersMs, 300),
    bodyIdleMs: seconds('BODY_TIMEOUT_SECONDS', defaults.bodyIdleMs, 600),
    bodyMinBytesPerSecond: integer(env, 'BODY_MIN_BYTES_PER_SECOND', defaults.bodyMinBytesPerSecond, 1, 10 * 1024 * 1024),
    requestMs: seconds('REQUEST_TIMEOUT_SECONDS', defaults.requestMs, 3600),
    keepAliveMs: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', defaults.keepAliveMs, 3600),
  }
}

/** TRUST_PROXY: IPv4/IPv6 addresses, optionally with a /prefix. */
function trustProxy(env: Env): string[] {
  const raw = text(env, 'TRUST_PROXY')
  if (raw === undefined) return []
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean)
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/')
    const version = isIP(address ?? '')
    // A prefix longer than the address (10.0.0.0/40) would stop Fastify at start with a bare "invalid range".
    const prefixFits = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32))
    if (extra !== undefined || version === 0 || !prefixFits) {
      throw new Error(`TRUST_PROXY must be addresses or CIDRs separated by commas, e.g. 127.0.0.1, got "${raw}"`)
    }
  }
  return entries
}

export function readConfig(env: Env): ServerConfig {
  const rpId = parseWebauthnRpId(text(env, 'WEBAUTHN_RP_ID'))
  const config: ServerConfig = {
    mode: exchangeMode(env),
    port: integer(env, 'PORT', DEFAULT_CONFIG.port, 0, 65535),
    host: text(env, 'HOST') ?? DEFAULT_CONFIG.host,
    dataDir: resolve(text(env, 'DATA_DIR') ?? DEFAULT_CONFIG.dataDir),
    dataKeyFile: env.DATA_KEY_FILE?.trim() ? resolve(env.DATA_KEY_FILE.trim()) : undefined,
    databaseUrl: databaseUrl(env),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', DEFAULT_CONFIG.databasePoolSize, 1, 200),
    trustProxy: trustProxy(env),
    hsts: onOff(env, 'HSTS', DEFAULT_CONFIG.hsts),
    staticDir: resolve(text(env, 'STATIC_DIR') ?? DEFAULT_CONFIG.staticDir),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? DEFAULT_CONFIG.mailFrom,
    tokenIdleSeconds: integer(env, 'TOKEN_IDLE_SECONDS', DEFAULT_CONFIG.tokenIdleSeconds, 1, 10 * 365 * DAY),
    tokenMaxSeconds: integer(env, 'TOKEN_MAX_SECONDS', DEFAULT_CONFIG.tokenMaxSeconds, 1, 10 * 365 * DAY),
    stepUpSeconds: integer(env, 'STEP_UP_SECONDS', DEFAULT_CONFIG.stepUpSeconds, 0, DAY),
    logLevel: logLevel(env),
    marketSource: marketSource(env),
    marketSeed: marketSeed(env),
    huobiUrl: huobiUrl(env),
    huobiTimeoutMs: integer(env, 'HUOBI_TIMEOUT_MS', DEFAULT_CONFIG.huobiTimeoutMs, 50, 60_000),
    requestTimeouts: requestTimeouts(env),
    demoAutoApproveSeconds: optionalInteger(env, 'DEMO_AUTO_APPROVE_SECONDS', 0, 7 * DAY),
    secondsExtraDuration: optionalInteger(env, 'SECONDS_EXTRA_DURATION', 1, DAY),
    launchTestProjectSeconds: optionalInteger(env, 'LAUNCH_TEST_PROJECT_SECONDS', 1, DAY),
    spotFeedLiquidity: onOff(env, 'SPOT_FEED_LIQUIDITY', DEFAULT_CONFIG.spotFeedLiquidity),
    contractTestMmr: optionalRate(env, 'CONTRACT_TEST_MMR'),
    webauthnRpId: rpId,
    webauthnOrigins: parseWebauthnOrigins(text(env, 'WEBAUTHN_ORIGINS'), rpId),
  }
  if (config.tokenMaxSeconds < config.tokenIdleSeconds) {
    throw new Error('TOKEN_MAX_SECONDS must not be shorter than TOKEN_IDLE_SECONDS')
  }
  return config
}
