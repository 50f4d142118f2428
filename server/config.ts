// Runtime settings come from the environment only (DESIGN §6), so that `npm start` needs no file
// and a test can build the same structure by hand.
import { resolve } from 'node:path'

export interface ServerConfig {
  port: number
  host: string
  /** All state (SQLite file, mail outbox) lives under this directory. */
  dataDir: string
  /** The Vite build served at /mobile/. */
  staticDir: string
  /** smtp:// or smtps:// URL; when unset, mails are written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined
  mailFrom: string
  tokenIdleSeconds: number
  tokenMaxSeconds: number
  /** pino level of the server log. */
  logLevel: LogLevel
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const DAY = 24 * 60 * 60

export const DEFAULT_CONFIG: ServerConfig = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: resolve('data'),
  staticDir: resolve('dist'),
  smtpUrl: undefined,
  mailFrom: 'Exchange <no-reply@exchange.local>',
  tokenIdleSeconds: 7 * DAY,
  tokenMaxSeconds: 30 * DAY,
  logLevel: 'info',
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

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? DEFAULT_CONFIG.logLevel
  const level = LOG_LEVELS.find((candidate) => candidate === raw)
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return level
}

export function readConfig(env: Env): ServerConfig {
  const config: ServerConfig = {
    port: integer(env, 'PORT', DEFAULT_CONFIG.port, 0, 65535),
    host: text(env, 'HOST') ?? DEFAULT_CONFIG.host,
    dataDir: resolve(text(env, 'DATA_DIR') ?? DEFAULT_CONFIG.dataDir),
    staticDir: resolve(text(env, 'STATIC_DIR') ?? DEFAULT_CONFIG.staticDir),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? DEFAULT_CONFIG.mailFrom,
    tokenIdleSeconds: integer(env, 'TOKEN_IDLE_SECONDS', DEFAULT_CONFIG.tokenIdleSeconds, 1, 10 * 365 * DAY),
    tokenMaxSeconds: integer(env, 'TOKEN_MAX_SECONDS', DEFAULT_CONFIG.tokenMaxSeconds, 1, 10 * 365 * DAY),
    logLevel: logLevel(env),
  }
  if (config.tokenMaxSeconds < config.tokenIdleSeconds) {
    throw new Error('TOKEN_MAX_SECONDS must not be shorter than TOKEN_IDLE_SECONDS')
  }
  return config
}
