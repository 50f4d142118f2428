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
    })
  })

  it('refuses values that make no sense, naming the variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '0' })).toThrow(/TOKEN_IDLE_SECONDS/)
    expect(() => readConfig({ TOKEN_IDLE_SECONDS: '100', TOKEN_MAX_SECONDS: '50' })).toThrow(/TOKEN_MAX_SECONDS/)
  })
})
