// The context the admin commands run in: the server's AppContext over a direct connection to
// DATA_DIR's database (migrated forward first), so the review and credit services are the same
// functions the server calls.
import type { FastifyBaseLogger } from 'fastify'
import { readConfig } from '../config.ts'
import type { AppContext } from '../context.ts'
import { migrate } from '../db/migrate.ts'
import { openDatabase } from '../db/open.ts'
import { createMailer } from '../mail/mailer.ts'
import { tightenDataDir } from '../security/file-modes.ts'

const noop = (): void => {}
/** The services log through the context; the CLI reports on stdout/stderr instead. */
const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
}

/** Reads DATA_DIR (and the rest of the configuration) from `env`; close ctx.db when done. */
export async function openAdminContext(env: Record<string, string | undefined>): Promise<AppContext> {
  const config = readConfig(env)
  // An operator's command may read the whole ledger (verify): no bound on one statement, Ctrl-C ends it.
  const db = openDatabase(config, { queryTimeoutMs: 0 })
  await migrate(db)
  // The database files the tool may just have created, and the rest of DATA_DIR, private (0700/0600).
  tightenDataDir(config.dataDir)
  const mailer = createMailer({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom, now: Date.now, log: silentLog })
  // There are no requests here, so the client address is never asked for.
  return { db, config, now: Date.now, mailer, clientAddress: () => 'admin-cli', log: silentLog }
}
