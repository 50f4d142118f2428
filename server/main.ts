// Entry point: `node server/main.ts`. Configuration comes from the environment (see config.ts).
import type { AddressInfo } from 'node:net'
import { buildServer } from './app.ts'
import { readConfig } from './config.ts'
import { DEMO_ACCOUNT } from './seed.ts'

/** Start-up problems (bad settings, port taken) are the operator's to fix: say what, not where. */
function exitWith(error: unknown): never {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const config = (() => {
  try {
    return readConfig(process.env)
  } catch (error) {
    return exitWith(error)
  }
})()
const app = await buildServer({ config, logger: { level: config.logLevel } }).catch(exitWith)
await app.listen({ port: config.port, host: config.host }).catch(exitWith)

const { port } = app.server.address() as AddressInfo
const shownHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
// Whoever starts the demo is told so, and how to start the real thing (architecture §6 "Production mode").
const modeLines = config.mode === 'production'
  ? ['Production mode (EXCHANGE_MODE=production): no demo account, no test settings.']
  : [
      'DEMO MODE: a new database gets a demo account whose password is published, and test settings are allowed;',
      'not for real users or real money. Production: EXCHANGE_MODE=production (README "Operations").',
      `Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (fund password ${DEMO_ACCOUNT.fundPassword})`,
    ]
console.log(`
App: ${origin}/mobile/
${modeLines.join('\n')}
Mail: ${config.smtpUrl ? 'sent via SMTP_URL' : `written to ${config.dataDir}/outbox/`}
`)

let stopping = false
async function stop(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  app.log.info({ signal }, 'shutting down')
  // A stuck connection must not keep the process alive forever.
  setTimeout(() => process.exit(1), 10_000).unref()
  try {
    await app.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down')
    process.exit(1)
  }
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
